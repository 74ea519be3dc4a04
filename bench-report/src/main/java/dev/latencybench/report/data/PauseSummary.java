package dev.latencybench.report.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses of a cell's forks, from their {@code gc-<pid>.log}
 * ({@code -Xlog:gc*,safepoint}): how many safepoints, their total and longest time, and how many
 * collections. Covers each fork's whole life, warm-up included. Immutable.
 */
public final class PauseSummary {
    /** JDK 17+: {@code Safepoint "G1CollectForAllocation", ..., Total: 3928716 ns}. */
    private static final Pattern SAFEPOINT = Pattern.compile("Safepoint \"[^\"]*\".*\\bTotal: (\\d+) ns");
    /** JDK 11: {@code Total time for which application threads were stopped: 0.0000877 seconds}. */
    private static final Pattern STOPPED = Pattern.compile("Total time for which application threads were stopped: "
            + "([0-9.]+) seconds");
    private static final Pattern GC_ID = Pattern.compile("\\bGC\\((\\d+)\\)");

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

    /** The summary of every {@code gc-*.log} in a cell folder; {@code logs == 0} when there is none. */
    public static PauseSummary of(Path cellDir) throws IOException {
        int logs = 0;
        long safepoints = 0;
        long total = 0;
        long max = 0;
        long collections = 0;
        if (cellDir == null || !Files.isDirectory(cellDir)) {
            return new PauseSummary(0, 0, 0, 0, 0);
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(cellDir, "gc-*.log")) {
            for (Path log : ds) {
                logs++;
                long highestGc = -1;
                try (BufferedReader r = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        long ns = pauseNs(line);
                        if (ns >= 0) {
                            safepoints++;
                            total += ns;
                            max = Math.max(max, ns);
                        }
                        Matcher gc = GC_ID.matcher(line);
                        if (gc.find()) {
                            highestGc = Math.max(highestGc, Long.parseLong(gc.group(1)));
                        }
                    }
                }
                collections += highestGc + 1;
            }
        }
        return new PauseSummary(logs, safepoints, total, max, collections);
    }

    /** The pause a log line reports, in ns; -1 when it reports none. */
    public static long pauseNs(String line) {
        Matcher m = SAFEPOINT.matcher(line);
        if (m.find()) {
            return Long.parseLong(m.group(1));
        }
        Matcher s = STOPPED.matcher(line);
        if (s.find()) {
            return Math.round(Double.parseDouble(s.group(1)) * 1e9);
        }
        return -1;
    }
}
