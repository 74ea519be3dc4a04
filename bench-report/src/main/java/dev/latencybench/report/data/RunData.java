package dev.latencybench.report.data;

import dev.latencybench.launch.RunManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.CpuPairResult;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.study.Study.Plan;

/**
 * A run folder read back: its {@code run.json} and every cell's {@code result.json} and {@code env.json}, plus cells
 * recorded without results. Rows follow one order ({@link #order}); unreadable files are named in {@link #problems()}
 * and their cells kept as {@link #UNREADABLE}.
 */
public final class RunData {
    /** The floor variant of a result written before studies declared their {@code roles}. */
    static final String LEGACY_FLOOR = "baseline";
    /** The yardstick variant of a result written before studies declared their {@code roles}. */
    static final String LEGACY_YARDSTICK = "reference";

    /** What a scenario's results declare: its metrics (the first primary) and the variants it gives a role. */
    public static final class Study {
        public final Metrics metrics;
        /** The variant that shows the floor under the same harness; null when the study declares none. */
        public final String floor;
        /** The variant the harness is measured against; null when the study declares none. */
        public final String yardstick;

        /** Yardsticks of single variants (role {@code yardstick.<variant>}): variant -> its yardstick, as declared. */
        public final Map<String, String> yardsticks;

        Study(Metrics metrics, String floor, String yardstick) {
            this(metrics, floor, yardstick, Map.of());
        }

        Study(Metrics metrics, String floor, String yardstick, Map<String, String> yardsticks) {
            this.metrics = metrics;
            this.floor = floor;
            this.yardstick = yardstick;
            this.yardsticks = yardsticks;
        }

        /** From one of the scenario's results; a result without {@code roles} names them as before. */
        static Study of(CellResult result) {
            if (result == null) {
                return new Study(Metrics.ONE_WAY, LEGACY_FLOOR, LEGACY_YARDSTICK);
            }
            if (!result.declaresRoles()) {
                return new Study(result.metrics, LEGACY_FLOOR, LEGACY_YARDSTICK);
            }
            Map<String, String> each = new LinkedHashMap<>();
            result.roles.forEach((k, y) -> {
                if (k.startsWith(Plan.YARDSTICK + ".")) {
                    each.put(k.substring(Plan.YARDSTICK.length() + 1), y);
                }
            });
            return new Study(result.metrics, result.roles.get(Plan.FLOOR), result.roles.get(Plan.YARDSTICK), each);
        }

        public boolean isFloor(String variant) {
            return variant.equals(floor);
        }

        /** Whether the variant is a control: the floor, or a yardstick of the study or of one variant. */
        public boolean isControl(String variant) {
            return isFloor(variant) || variant.equals(yardstick) || yardsticks.containsValue(variant);
        }
    }

    /** One cell of one variant: a row of the report's tables. */
    public static final class Row {
        public final String scenario;
        public final String variant;
        public final String cell;
        public final String jvm;
        public final String gc;
        public final String status;
        public final List<String> reasons;
        public final List<String> notes;
        public final List<String> flags;
        /** The metrics the cell's result declares; the scenario's for a cell without a result. */
        public final Metrics metrics;
        /** Merged percentiles per metric, in declaration order; a metric without figures is absent. */
        private final Map<String, LatencySummary> summaries;
        /** Each fork's percentiles per metric; a metric whose forks were not kept is absent. */
        private final Map<String, List<LatencySummary>> forks;
        /** The cell's result; null for a cell the matrix recorded without one. */
        public final CellResult result;
        public final Path dir;
        /** Each metric's merged histogram from the interval log, once read ({@link #total}); null before. */
        private Map<String, Histogram> totals;
        /** The stop-the-world pauses of the cell's GC logs, read once (the pause table and a search's steps both show them). */
        private PauseSummary pauses;

        public Row(String scenario, String variant, String cell, String status, List<String> reasons, List<String> notes,
            List<String> flags, Metrics metrics, Map<String, LatencySummary> summaries,
            Map<String, List<LatencySummary>> forks, CellResult result, Path dir) {
            this.scenario = scenario;
            this.variant = variant;
            this.cell = cell;
            int sep = cell.lastIndexOf("__");
            this.jvm = sep > 0 ? cell.substring(0, sep) : cell;
            this.gc = sep > 0 ? cell.substring(sep + 2) : "";
            this.status = status;
            this.reasons = reasons;
            this.notes = notes;
            this.flags = flags;
            this.metrics = metrics;
            this.summaries = summaries;
            this.forks = forks;
            this.result = result;
            this.dir = dir;
        }

        /** The stop-the-world pauses of the cell's forks, from their GC logs, read on first use; no logs: {@code logs == 0}. */
        public PauseSummary pauses() throws IOException {
            if (pauses == null) {
                pauses = PauseSummary.of(dir);
            }
            return pauses;
        }

        /** The CPU pair's cache-line round trip, lowest and highest probed; null for results without it. */
        public long[] roundTripNs() {
            CpuPairResult.RoundTrip p = result == null ? null : result.part(CpuPairResult.PART).cpuPair;
            return p == null ? null : new long[] {p.roundTripMinNs, p.roundTripMaxNs};
        }

        /** The merged percentiles of a metric; null when the result has none for it. */
        public LatencySummary summary(String metric) {
            return summaries.get(metric);
        }

        /** The merged percentiles of the primary metric; null for a cell without figures. */
        public LatencySummary primary() {
            return summaries.get(metrics.primary().name());
        }

        /** Each fork's percentiles of a metric, in fork order; empty when they were not kept. */
        public List<LatencySummary> forks(String metric) {
            return forks.getOrDefault(metric, List.of());
        }

        /** Each fork's percentiles of the primary metric. */
        public List<LatencySummary> primaryForks() {
            return forks(metrics.primary().name());
        }

        /** Has figures for its primary metric. */
        public boolean measured() {
            LatencySummary p = primary();
            return p != null && p.count > 0;
        }

        /** Drawn in the charts: measured, and not FAILED (an interrupted cell's data is still shown). */
        public boolean charted() {
            return measured() && !"FAILED".equals(status);
        }

        /** {@code openjdk-17.0.15 g1}: the cell as a chart label. */
        public String label() {
            return jvm + " " + gc;
        }

        public Path hlog() {
            return dir == null ? null : dir.resolve(ResultLayout.LATENCY_HLOG);
        }

        /** The cell's whole interval log, read now; an IOException names the file and what is wrong. */
        public IntervalLog.Intervals intervals() throws IOException {
            Path file = hlog();
            if (file == null || !Files.isRegularFile(file)) {
                throw new IOException("`" + file + "` is missing");
            }
            IntervalLog.Intervals log;
            try {
                log = IntervalLog.read(file, metrics);
            } catch (IOException | RuntimeException e) {
                throw new IOException("`" + file + "` cannot be read (" + e.getMessage() + ")", e);
            }
            String metric = metrics.primary().name();
            long found = log.primaryTotal().getTotalCount();
            long counted = primary().count;
            if (log.truncated || found != counted) {
                throw new IOException(String.format(java.util.Locale.ROOT, "`%s` is unreadable%s: it yields %,d of the"
                        + " %,d values of `%s` result.json counts", file, log.truncated ? " after its first "
                        + log.of(metric).size() + " interval(s)" : "", found, counted, metric));
            }
            return log;
        }

        /** The merged histogram of {@code metric}, read once; null where the log is missing or damaged. */
        public synchronized Histogram total(String metric) {
            if (totals == null) {
                totals = new HashMap<>();
                try {
                    IntervalLog.Intervals log = intervals();
                    for (String m : metrics.names()) {
                        Histogram h = log.total(m);
                        LatencySummary s = summary(m);
                        if (s != null && h.getTotalCount() == s.count) {
                            totals.put(m, h);
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // none: what reads it is an aid (a cell without one is ranked by its forks, or not at all)
                }
            }
            return totals.get(metric);
        }

        /** The heap limit the cell's JVM reported in its env.json (-Xmx, or the default); -1 when it has none. */
        public long maxHeapBytes() {
            if (dir == null) {
                return -1;
            }
            Path env = dir.resolve(ResultLayout.ENV_JSON);
            try {
                if (!Files.isRegularFile(env)) {
                    return -1;
                }
                EnvironmentFile.Jdk jdk = EnvironmentFile.read(env).jdk;
                return jdk != null && jdk.maxHeapBytes != null ? jdk.maxHeapBytes : -1;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
    }

    public final Path dir;
    /** The raw {@code run.json}, for readers not yet on {@link #run()}; an empty object when missing or unreadable. */
    public final JsonObject runJson;
    /** The run's {@code run.json}; every member null when the folder has none or it cannot be read. */
    private final RunManifest run;
    public final Map<String, List<Row>> scenarios = new LinkedHashMap<>();
    final Map<String, Study> studies = new LinkedHashMap<>();
    /** Per scenario, the schedules that answered a question (a capacity search), one per cell. */
    final Map<String, List<Search>> searches = new LinkedHashMap<>();
    /** The first env.json found: the host's description. */
    public EnvironmentFile env;
    /** The first env.json of each JVM's cells, by JVM name: what the cells' JVMs said about themselves. */
    public final Map<String, EnvironmentFile> envByJvm = new LinkedHashMap<>();
    final List<String> jvmOrder = new ArrayList<>();
    final List<String> gcOrder = new ArrayList<>();
    /** What could not be read, one line each naming the file and what is wrong with it; in the order met. */
    final List<String> problems = new ArrayList<>();
    /** Each study's own view of this run, made once by {@link Views#view} for every section that shows it. */
    final Map<String, dev.latencybench.core.view.View> views = new HashMap<>();

    /** Filled by {@link RunDataReader}, the one that reads a run folder. */
    RunData(Path dir, JsonObject runJson, RunManifest run) {
        this.dir = dir;
        this.runJson = runJson;
        this.run = run;
    }

    /**
     * Reads a run folder back; an unreadable file does not stop it, but is named in {@link #problems()} and its cell
     * kept as {@link #UNREADABLE}.
     *
     * @throws IOException when the folder is not a run folder: no {@code run.json} and no cell with a result
     */
    public static RunData load(Path runDir) throws IOException {
        return RunDataReader.load(runDir);
    }

    /** The run's {@code run.json}; every member null when missing or unreadable ({@link #problems()} says why). */
    public RunManifest run() {
        return run;
    }

    /** The status of a cell whose {@code result.json} the report could not read; its reason says why. */
    public static final String UNREADABLE = "UNREADABLE";

    /** What could not be read, one line per file naming it and what is wrong; empty when every file was read. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** The report's row order: JVM, then collector, in the run's order, then variant ({@code variants}, floor last). */
    Comparator<Row> order(List<String> variants) {
        return Comparator.comparingInt((Row r) -> jvmOrder.indexOf(r.jvm)).thenComparingInt(r -> gcOrder.indexOf(r.gc))
                .thenComparingInt(r -> variants.indexOf(r.variant));
    }

    /** The JVMs of the run, in the run's order: the order of every table's rows. */
    public List<String> jvms() {
        return List.copyOf(jvmOrder);
    }

    /** The collectors of the run, in the run's order: the order of every table's rows within a JVM. */
    public List<String> gcs() {
        return List.copyOf(gcOrder);
    }

    /** What a scenario's results declare: metrics, floor and yardstick. */
    public Study study(String scenario) {
        return studies.getOrDefault(scenario, Study.of(null));
    }

    /** The scenario's capacity searches, one per cell, in the run's JVM and collector order; empty if none. */
    public List<Search> searches(String scenario) {
        List<Search> l = new ArrayList<>(searches.getOrDefault(scenario, List.of()));
        l.sort(Comparator.comparingInt((Search s) -> rank(jvmOrder, s.jvm)).thenComparingInt(s -> rank(gcOrder, s.gc)));
        return l;
    }

    private static int rank(List<String> order, String name) {
        int i = order.indexOf(name);
        return i < 0 ? order.size() : i;
    }

    /** The row of one scenario, variant (a step's folder) and cell; null when there is none. */
    public Row row(String scenario, String variant, String cell) {
        for (Row r : scenarios.getOrDefault(scenario, List.of())) {
            if (r.variant.equals(variant) && r.cell.equals(cell)) {
                return r;
            }
        }
        return null;
    }

    /** The rows of one scenario and variant, in matrix order. */
    public List<Row> rows(String scenario, String variant) {
        List<Row> out = new ArrayList<>();
        for (Row r : scenarios.get(scenario)) {
            if (r.variant.equals(variant)) {
                out.add(r);
            }
        }
        return out;
    }

    public List<String> variants(String scenario) {
        List<String> v = new ArrayList<>();
        for (Row r : scenarios.get(scenario)) {
            if (!r.variant.isEmpty() && !v.contains(r.variant)) {
                v.add(r.variant);
            }
        }
        return v;
    }

    /** Cells (matrix order) of a scenario, measured or not. */
    public List<String> cells(String scenario) {
        List<String> c = new ArrayList<>();
        for (Row r : scenarios.get(scenario)) {
            if (!c.contains(r.cell)) {
                c.add(r.cell);
            }
        }
        return c;
    }
}
