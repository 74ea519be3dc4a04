package dev.latencybench.report.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;

import dev.latencybench.core.tail.JvmStops;

/**
 * The stop-the-world pauses of a cell's forks, over each fork's whole life, as {@link JvmStops} parses their GC logs:
 * how many safepoints, their total and longest time, and how many collections. Immutable.
 */
public final class PauseSummary {
    public final int logs;
    public final long safepoints;
    public final long totalNs;
    public final long maxNs;
    public final long collections;

    private PauseSummary(int logs, long safepoints, long totalNs, long maxNs, long collections) {
        this.logs = logs;
        this.safepoints = safepoints;
        this.totalNs = totalNs;
        this.maxNs = maxNs;
        this.collections = collections;
    }

    /** The summary of every fork's log in a cell folder; {@code logs == 0} when there is none. */
    public static PauseSummary of(Path cellDir) throws IOException {
        Collection<JvmStops> forks = JvmStops.readForkLogs(cellDir).values();
        long safepoints = 0;
        long total = 0;
        long max = 0;
        long collections = 0;
        for (JvmStops log : forks) {
            for (JvmStops.Pause p : log.pauses) {
                safepoints++;
                total += p.lengthNs;
                max = Math.max(max, p.lengthNs);
            }
            collections += log.collections;
        }
        return new PauseSummary(forks.size(), safepoints, total, max, collections);
    }

    /** The pause a log line reports, in ns; -1 when it reports none ({@link JvmStops#pauseNs}). */
    public static long pauseNs(String line) {
        return JvmStops.pauseNs(line);
    }
}
