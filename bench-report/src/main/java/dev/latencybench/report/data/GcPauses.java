package dev.latencybench.report.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import dev.latencybench.core.tail.JvmStops;

/**
 * The stop-the-world pauses of one fork, each with its time, from the fork's {@code gc-<pid>.log} and its rotated
 * files, as {@link JvmStops}, the one reader of the log, parsed them: what the timeline overlays. The lengths are those
 * {@link PauseSummary} adds up. Immutable.
 *
 * <p>Times: every line carries the JVM's uptime ({@code [40.820s]}); logs written with the {@code timemillis}
 * decoration also carry the wall clock ({@code [1795411969862ms]}), the clock the interval log's timestamps come from.
 * A pause line is written when the pause ends, so a pause began its length before its line.
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
        List<JvmStops.Pause> pauses = log.pauses();
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
        lastUptimeSec = log.lastUptimeSec();
        epochLessNanoMs = log.epochLessNanoMs();
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
