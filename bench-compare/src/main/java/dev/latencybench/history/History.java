package dev.latencybench.history;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.UsageException;
import dev.latencybench.launch.WritablePath;
import dev.latencybench.core.view.HowSure;

/**
 * {@code bench history ROOT...}: every run under the roots, one series per host × study × scale × variant × JVM ×
 * collector × metric × percentile, its change points found by {@link EDivisive} and confirmed by {@link HowSure}.
 * Exit status 1 when a series' newest run lies after a confirmed regression, so CI can gate on it; 2 on bad input.
 */
public final class History {
    /** The page and CSV written into {@code --out}. */
    public static final String HTML = "history.html";
    public static final String CSV = "history.csv";

    /** What the history found: the reading, and the series that changed, in reading order. */
    public record Result(HistoryReader.Reading reading, List<Series> changed, String text) {
        /** The series whose newest run lies after a confirmed regression. */
        public List<Series> regressed() {
            return changed.stream().filter(s -> s.standingRegression() != null).toList();
        }

        /** The exit status: 1 when a series' newest run lies after a confirmed regression, else 0. */
        public int status() {
            return regressed().isEmpty() ? 0 : 1;
        }
    }

    private History() {
    }

    /**
     * {@code bench history ROOT... [--html FILE] [--csv FILE] [--out DIR]}; returns the exit status.
     *
     * @param outDir a folder for {@value #HTML} and {@value #CSV} where {@code html} or {@code csv} is not given
     */
    public static int command(List<Path> roots, Path html, Path csv, Path outDir, PrintStream out) throws IOException {
        if (outDir != null) {
            outDir = outDir.toAbsolutePath().normalize();
            html = html != null ? html : outDir.resolve(HTML);
            csv = csv != null ? csv : outDir.resolve(CSV);
            try {
                Files.createDirectories(outDir);
            } catch (IOException e) { // bad input, named before anything is read: not a regression's exit 1
                throw new UsageException("bench history: --out " + outDir + " cannot be made: " + e);
            }
        }
        html = checked("--html", html);
        csv = checked("--csv", csv);
        Result r = analyse(roots);
        out.print(r.text);
        if (csv != null) {
            ResultFiles.writeString(csv, csv(r.reading));
            out.println("csv:  " + csv);
        }
        if (html != null) {
            ResultFiles.writeString(html, HistoryPage.html(r));
            out.println("page: " + html);
        }
        return r.status();
    }

    /** A file to write, checked before the runs are read: exit 1 should mean a regression, not a lost page. */
    private static Path checked(String option, Path file) {
        if (file == null) {
            return null;
        }
        Path f = file.toAbsolutePath().normalize();
        String problem = Files.isDirectory(f) ? f + " is a folder" : WritablePath.problem(f);
        if (problem != null) {
            throw new UsageException("bench history: " + option + " " + f + ": " + problem
                    + "; give a file in a writable folder");
        }
        return f;
    }

    /** Reads the runs under {@code roots}, finds and confirms each series' changes, and writes the text. */
    public static Result analyse(List<Path> roots) {
        HistoryReader.Reading reading = HistoryReader.read(roots);
        List<Series> changed = new ArrayList<>();
        reading.series().parallelStream().forEach(Series::findChanges);
        for (Series s : reading.series()) {
            if (!s.changes().isEmpty()) {
                changed.add(s);
            }
        }
        return new Result(reading, changed, text(reading, changed));
    }

    private static String text(HistoryReader.Reading reading, List<Series> changed) {
        StringBuilder sb = new StringBuilder();
        List<HistoryRun> runs = reading.runs();
        boolean manyHosts = hosts(runs).size() > 1;
        long regressed = changed.stream().filter(s -> s.standingRegression() != null).count();
        sb.append(String.format(Locale.ROOT, "latency-bench history: %d runs, %d series, %s%n", runs.size(),
                reading.series().size(), changed.isEmpty() ? "no change beyond noise"
                        : changed.size() + " changed" + (regressed == 0 ? "" : ", " + regressed
                        + " with the newest run after a regression")));
        if (manyHosts) {
            sb.append("hosts differ, each its own series: ").append(hosts(runs).entrySet().stream()
                    .map(e -> e.getKey().describe() + " " + e.getValue() + " runs").collect(Collectors.joining("; ")))
                    .append('\n');
        }
        sb.append('\n');
        for (Series s : changed) {
            for (Series.Change c : s.changes()) {
                sb.append(line(s, c, manyHosts)).append('\n');
            }
        }
        if (!changed.isEmpty()) {
            sb.append('\n');
        }
        table(sb, reading.series(), manyHosts);
        sb.append("\nA change is found by E-Divisive means (permutation p ≤ ").append(EDivisive.SIGNIFICANCE)
                .append(") on each series' log values and kept only when the forks pooled after it differ from those")
                .append(" before it beyond ").append(Math.round(HowSure.NOISE * 100)).append("% (HowSure, 95%).\n");
        reading.notes().forEach(n -> sb.append("note: ").append(n).append('\n'));
        return sb.toString();
    }

    /** One change of one series as a line: {@code queue/chronicle ... p50: 812ns -> 1.15µs, 1.42× (...) higher ...}. */
    static String line(Series s, Series.Change c, boolean withHost) {
        HistoryRun first = s.points.get(c.index()).run();
        return (withHost ? s.key.host().name() + " " : "") + s.key.name() + ": " + Units.formatNs(before(s, c)) + " -> "
                + Units.formatNs(after(s, c)) + ", " + c.ratio().describe() + (c.regression() ? " higher" : " lower")
                + " from run " + first.runId() + " (commit " + first.shortCommit() + ")"
                + (c == s.standingRegression() ? "  REGRESSION" : "");
    }

    /** The median of the per-run figures from the change before {@code c} to {@code c}. */
    static long before(Series s, Series.Change c) {
        int i = s.changes().indexOf(c);
        return median(s, i == 0 ? 0 : s.changes().get(i - 1).index(), c.index());
    }

    /** The median of the per-run figures from {@code c} to the next change. */
    static long after(Series s, Series.Change c) {
        int i = s.changes().indexOf(c);
        return median(s, c.index(), i == s.changes().size() - 1 ? s.points.size() : s.changes().get(i + 1).index());
    }

    static long median(Series s, int from, int to) {
        long[] v = s.points.subList(from, to).stream().mapToLong(Series.Point::valueNs).sorted().toArray();
        return v.length == 0 ? 0 : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void table(StringBuilder sb, List<Series> series, boolean withHost) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"series", "runs", "newest", "last change", "from run", "commit"});
        for (Series s : series) {
            Series.Point newest = s.points.get(s.points.size() - 1);
            Series.Change last = s.changes().isEmpty() ? null : s.changes().get(s.changes().size() - 1);
            HistoryRun from = last == null ? null : s.points.get(last.index()).run();
            rows.add(new String[] {(withHost ? s.key.host().name() + " " : "") + s.key.name(),
                Integer.toString(s.points.size()), Units.formatNs(newest.valueNs()),
                last == null ? "none" : last.ratio().describe() + (last.regression() ? " higher" : " lower"),
                from == null ? "" : from.runId(), from == null ? "" : from.shortCommit()});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == 0 ? "" : "  ").append(i == 1 || i == 2 ? pad(r[i], width[i], true)
                        : pad(r[i], width[i], false));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(width - s.length());
        return right ? fill + s : s + fill;
    }

    /** The hosts of the runs, in order of first appearance, with their runs' count. */
    static Map<HistoryRun.Host, Integer> hosts(List<HistoryRun> runs) {
        Map<HistoryRun.Host, Integer> hosts = new LinkedHashMap<>();
        runs.forEach(r -> hosts.merge(r.host(), 1, Integer::sum));
        return hosts;
    }

    /** Every point of every series, one a line, with the change that starts at it. */
    static String csv(HistoryReader.Reading reading) {
        StringBuilder sb = new StringBuilder("host,cpu,cores,kernel,study,scale,variant,jvm,gc,metric,percentile,index,"
                + "runId,started,commit,valueNs,forkValuesNs,changeRatio,changeLow,changeHigh,changeCall\n");
        for (Series s : reading.series()) {
            Series.Key k = s.key;
            Map<Integer, Series.Change> at = new LinkedHashMap<>();
            s.changes().forEach(c -> at.put(c.index(), c));
            for (int i = 0; i < s.points.size(); i++) {
                Series.Point p = s.points.get(i);
                Series.Change c = at.get(i);
                List<Object> cells = List.of(k.host().name() == null ? "" : k.host().name(),
                        k.host().cpuModel() == null ? "" : k.host().cpuModel(),
                        k.host().cores() == null ? "" : k.host().cores(), k.host().kernel() == null ? "" : k.host().kernel(),
                        k.study(), k.scale() == null ? "" : k.scale(), k.variant(), k.jvm(), k.gc(), k.metric(),
                        k.percentile(), i, p.run().runId(), p.run().started() == null ? "" : p.run().started(),
                        p.run().commit() == null ? "" : p.run().commit(), p.valueNs(),
                        java.util.Arrays.stream(p.forksNs()).mapToObj(Long::toString).collect(Collectors.joining(" ")),
                        c == null ? "" : number(c.ratio().ratio), c == null ? "" : number(c.ratio().low),
                        c == null ? "" : number(c.ratio().high), c == null ? "" : c.ratio().call);
                sb.append(cells.stream().map(o -> quoted(o.toString())).collect(Collectors.joining(","))).append('\n');
            }
        }
        return sb.toString();
    }

    private static String number(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.4f", d);
    }

    private static String quoted(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
