package dev.latencybench.report.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import dev.latencybench.core.tail.JvmStops;

/**
 * The stop-the-world pauses of one fork, each with its time, from its {@code gc-<pid>.log} and rotated files as
 * {@link JvmStops} parses them; what the timeline overlays. A pause line is written when the pause ends. Immutable.
 */
public final class GcPauses {
    private final double[] endUptimeSec;
    private final long[] endEpochMs;
    private final long[] lengthNs;
    private final double lastUptimeSec;
    /** The wall clock less {@code System.nanoTime()}'s, in ms; NaN where no line carries both. */
    private final double epochLessNanoMs;
    /** Every pause line carried the wall clock. */
    public final boolean wallClock;

    private GcPauses(JvmStops log) {
        List<JvmStops.Pause> pauses = log.pauses;
        endUptimeSec = new double[pauses.size()];
        endEpochMs = new long[pauses.size()];
        lengthNs = new long[pauses.size()];
        boolean wall = true;
        for (int i = 0; i < lengthNs.length; i++) {
            JvmStops.Pause p = pauses.get(i);
            endUptimeSec[i] = p.endUptimeSec;
            endEpochMs[i] = p.endEpochMs;
            lengthNs[i] = p.lengthNs;
            wall &= p.endEpochMs >= 0;
        }
        wallClock = wall;
        lastUptimeSec = log.lastUptimeSec;
        epochLessNanoMs = log.epochLessNanoMs;
    }

    /** The log {@code log} names, with the files {@code -Xlog} rotated out of it. */
    public static GcPauses read(Path log) throws IOException {
        String name = log.getFileName().toString();
        JvmStops stops = name.startsWith("gc-") && name.endsWith(".log")
                ? JvmStops.readForkLog(log.getParent(), name.substring(3, name.length() - 4)) : JvmStops.read(log);
        return new GcPauses(stops == null ? JvmStops.read(log) : stops);
    }

    public static GcPauses parse(List<String> lines) {
        return new GcPauses(JvmStops.parse(lines));
    }

    public static GcPauses of(JvmStops log) {
        return new GcPauses(log);
    }

    public int size() {
        return lengthNs.length;
    }

    public long lengthNs(int i) {
        return lengthNs[i];
    }

    /**
     * When each pause began, in ms since the epoch (the interval log's clock). Without the wall clock in the log, the
     * log's last line is taken to be {@code forkEndEpochMs}, so pauses may sit a few hundred ms early; the fork's start
     * would be a worse anchor, as start-up takes seconds of unknown length.
     */
    public double[] startsEpochMs(long forkEndEpochMs) {
        double[] starts = new double[lengthNs.length];
        for (int i = 0; i < starts.length; i++) {
            double endMs = endEpochMs[i] >= 0 ? endEpochMs[i]
                    : forkEndEpochMs - (lastUptimeSec - endUptimeSec[i]) * 1000.0;
            starts[i] = endMs - lengthNs[i] / 1e6;
        }
        return starts;
    }

    /** The wall clock (ms since the epoch) when {@code System.nanoTime()} read {@code nanos}; NaN if unknown. */
    public double epochMsAtNanos(long nanos) {
        return nanos / 1e6 + epochLessNanoMs;
    }

    @Override
    public String toString() {
        return "GcPauses[" + lengthNs.length + " pauses, longest " + Arrays.stream(lengthNs).max().orElse(0)
                + " ns, wall clock " + wallClock + "]";
    }
}
