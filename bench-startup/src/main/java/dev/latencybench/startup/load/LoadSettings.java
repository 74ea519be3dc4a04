package dev.latencybench.startup.load;

import java.util.ArrayList;
import java.util.List;

/**
 * What one load generator run does, passed on its command line as {@code key=value} words. Immutable.
 * @param batches        closed-loop batches; the first is cold, the last warm
 * @param openRatePerSec the open loop's fixed rate; 0 runs no open loop
 */
public record LoadSettings(int port, int batchRequests, int batches, int concurrency, long openRatePerSec,
                           long openDurationNs) {
    /** The words of a command line. */
    public List<String> toArgs() {
        List<String> a = new ArrayList<>();
        a.add("port=" + port);
        a.add("batch=" + batchRequests);
        a.add("batches=" + batches);
        a.add("concurrency=" + concurrency);
        a.add("rate=" + openRatePerSec);
        a.add("openNs=" + openDurationNs);
        return a;
    }

    /** Parses {@link #toArgs}'s words; throws IllegalArgumentException naming a bad one. */
    static LoadSettings parse(List<String> args) {
        long[] v = new long[6];
        String[] keys = {"port", "batch", "batches", "concurrency", "rate", "openNs"};
        boolean[] seen = new boolean[6];
        for (String a : args) {
            int eq = a.indexOf('=');
            int k = eq < 0 ? -1 : List.of(keys).indexOf(a.substring(0, eq));
            if (k < 0) {
                throw new IllegalArgumentException("unknown argument '" + a + "'; expected key=value with a key of "
                        + List.of(keys));
            }
            try {
                v[k] = Long.parseLong(a.substring(eq + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a whole number: " + a);
            }
            seen[k] = true;
        }
        for (int k = 0; k < keys.length; k++) {
            if (!seen[k]) {
                throw new IllegalArgumentException("missing " + keys[k] + "=...");
            }
        }
        if (v[0] < 1 || v[0] > 65_535 || v[1] < 1 || v[2] < 1 || v[3] < 1 || v[4] < 0 || v[5] < 0) {
            throw new IllegalArgumentException("out of range: " + args);
        }
        return new LoadSettings((int) v[0], (int) v[1], (int) v[2], (int) v[3], v[4], v[5]);
    }
}
