package dev.latencybench.report.data;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses of one fork, each with its time, from the fork's {@code gc-<pid>.log}: what the timeline
 * overlays. The lengths are those {@link PauseSummary} adds up. Immutable.
 *
 * <p>Times: every line carries the JVM's uptime ({@code [40.820s]}); logs written with the {@code timemillis}
 * decoration also carry the wall clock ({@code [1795411969862ms]}), the clock the interval log's timestamps come from.
 * A pause line is written when the pause ends, so a pause began its length before its line.
 */
public final class GcPauses {
    /**
     * {@code [40.820s]}, then optionally {@code [1795411969862ms]} and {@code [11377239490939ns]}: the JVM's uptime, the
     * wall clock and {@code System.nanoTime()}'s clock.
     */
    private static final Pattern TIMES = Pattern.compile("^\\[(\\d+(?:\\.\\d+)?)s\\](?:\\[(\\d+)ms\\])?"
            + "(?:\\[(\\d+)ns\\])?");

    private final double[] endUptimeSec;
    private final long[] endEpochMs;
    private final long[] lengthNs;
    private final double lastUptimeSec;
    /** The wall clock less {@code System.nanoTime()}'s, in ms; NaN where no line carries both. */
    private final double epochLessNanoMs;
    /** Every pause line carried the wall clock. */
    public final boolean wallClock;

    private GcPauses(double[] endUptimeSec, long[] endEpochMs, long[] lengthNs, double lastUptimeSec,
            boolean wallClock, double epochLessNanoMs) {
        this.epochLessNanoMs = epochLessNanoMs;
        this.endUptimeSec = endUptimeSec;
        this.endEpochMs = endEpochMs;
        this.lengthNs = lengthNs;
        this.lastUptimeSec = lastUptimeSec;
        this.wallClock = wallClock;
    }

    public static GcPauses read(Path log) throws IOException {
        return parse(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    public static GcPauses parse(List<String> lines) {
        List<double[]> pauses = new ArrayList<>(); // {end uptime s, end epoch ms or -1, length ns}
        double last = 0;
        boolean wallClock = true;
        double epochLessNanoMs = Double.NaN;
        for (String line : lines) {
            Matcher t = TIMES.matcher(line);
            if (!t.find()) {
                continue;
            }
            double uptime = Double.parseDouble(t.group(1));
            last = Math.max(last, uptime);
            if (t.group(2) != null && t.group(3) != null) {
                // the wall clock is in whole ms, cut down: the largest difference is the closest to the true one
                double d = Long.parseLong(t.group(2)) - Long.parseLong(t.group(3)) / 1e6;
                epochLessNanoMs = Double.isNaN(epochLessNanoMs) ? d : Math.max(epochLessNanoMs, d);
            }
            long ns = PauseSummary.pauseNs(line);
            if (ns > 0) {
                long epochMs = t.group(2) == null ? -1 : Long.parseLong(t.group(2));
                wallClock &= epochMs >= 0;
                pauses.add(new double[] {uptime, epochMs, ns});
            }
        }
        double[] up = new double[pauses.size()];
        long[] epoch = new long[pauses.size()];
        long[] ns = new long[pauses.size()];
        for (int i = 0; i < up.length; i++) {
            up[i] = pauses.get(i)[0];
            epoch[i] = (long) pauses.get(i)[1];
            ns[i] = (long) pauses.get(i)[2];
        }
        return new GcPauses(up, epoch, ns, last, wallClock, epochLessNanoMs);
    }

    public int size() {
        return lengthNs.length;
    }

    public long lengthNs(int i) {
        return lengthNs[i];
    }

    /**
     * When each pause began, in milliseconds since the epoch, the interval log's clock.
     *
     * <p>With the wall clock in the log, that is the line's time less the pause. Without it (runs logged with uptime
     * only) the uptime is tied to the wall clock at one point: the log's last line, written as the JVM exits, is taken
     * to be {@code forkEndEpochMs}, the end of the fork's last interval. The JVM exits a little after that (JMH ends
     * the iteration and the fork writes its results), so pauses placed this way sit early by that much, typically
     * a few hundred milliseconds: within the interval of the spike they caused, or the one before it. The start of
     * the fork would be a worse anchor: JVM start-up and the warm-up's set-up take seconds, of unknown length.
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

    /**
     * The wall clock, in ms since the epoch (the interval log's clock), when {@code System.nanoTime()} read
     * {@code nanos}, from the lines that carry both clocks (a log written with {@code timenanos}), to within a
     * millisecond; NaN for a log that does not.
     */
    public double epochMsAtNanos(long nanos) {
        return nanos / 1e6 + epochLessNanoMs;
    }

    @Override
    public String toString() {
        return "GcPauses[" + lengthNs.length + " pauses, longest " + Arrays.stream(lengthNs).max().orElse(0)
                + " ns, wall clock " + wallClock + "]";
    }
}
