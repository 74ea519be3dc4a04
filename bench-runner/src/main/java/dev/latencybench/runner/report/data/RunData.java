package dev.latencybench.runner.report.data;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.CpuPairResult;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;

/**
 * A run folder read back: {@code run.json} (a matrix run's, or a single study's) and every cell's
 * {@code result.json} and {@code env.json}, plus the cells the matrix recorded without results
 * (skipped, failed before measuring). Every table lists rows in one order ({@link #order}): JVM, then
 * collector, in the run's order, then variant in the study's order with the floor last.
 */
public final class RunData {
    /**
     * The floor of a result written before studies declared their roles: the variant that shows the
     * machine's floor under the same harness. A newer result names its floor in {@code roles}.
     */
    static final String LEGACY_FLOOR = "baseline";
    /**
     * The yardstick of a result written before studies declared their roles: the variant that runs
     * the published study's own loop, no harness in its hot path.
     */
    static final String LEGACY_YARDSTICK = "reference";

    /** What a scenario's results declare: its metrics (the first primary) and the variants it gives a role. */
    public static final class Study {
        public final Metrics metrics;
        /** The variant that shows the floor under the same harness; null when the study declares none. */
        public final String floor;
        /** The variant the harness is measured against; null when the study declares none. */
        public final String yardstick;

        /**
         * Yardsticks of single variants (role {@code yardstick.<variant>}), e.g. the chain study's
         * {@code kafka} against {@code kafka-loop}: variant -> its yardstick, in the order declared.
         */
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
                if (k.startsWith("yardstick.")) {
                    each.put(k.substring("yardstick.".length()), y);
                }
            });
            return new Study(result.metrics, result.roles.get("floor"), result.roles.get("yardstick"), each);
        }

        public boolean isFloor(String variant) {
            return variant.equals(floor);
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
                JsonObject jdk = ResultFiles.readJson(env).getAsJsonObject("jdk");
                return jdk != null && jdk.has("maxHeapBytes") ? jdk.get("maxHeapBytes").getAsLong() : -1;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
    }

    public final Path dir;
    public final JsonObject runJson;
    public final Map<String, List<Row>> scenarios = new LinkedHashMap<>();
    private final Map<String, Study> studies = new LinkedHashMap<>();
    /** Per scenario, the schedules that answered a question (a capacity search), one per cell. */
    private final Map<String, List<Search>> searches = new LinkedHashMap<>();
    /** The first env.json found: the host's description. */
    public JsonObject env;
    /** The first env.json of each JVM's cells, by JVM name: what the cells' JVMs said about themselves. */
    public final Map<String, JsonObject> envByJvm = new LinkedHashMap<>();
    private final List<String> jvmOrder = new ArrayList<>();
    private final List<String> gcOrder = new ArrayList<>();

    private RunData(Path dir, JsonObject runJson) {
        this.dir = dir;
        this.runJson = runJson;
    }

    public static RunData load(Path runDir) throws IOException {
        if (!Files.isDirectory(runDir)) {
            throw new IOException(runDir + " is not a folder");
        }
        Path runFile = runDir.resolve("run.json");
        JsonObject run = Files.isRegularFile(runFile) ? ResultFiles.readJson(runFile) : new JsonObject();
        RunData data = new RunData(runDir, run);
        Map<String, JsonObject> matrixCells = new LinkedHashMap<>(); // scenario/cell -> run.json entry
        List<String> scenarioOrder = new ArrayList<>();
        if (run.has("cells")) {
            for (JsonElement e : run.getAsJsonArray("cells")) {
                JsonObject c = e.getAsJsonObject();
                matrixCells.put(c.get("scenario").getAsString() + "/" + c.get("cell").getAsString(), c);
                if (!scenarioOrder.contains(c.get("scenario").getAsString())) {
                    scenarioOrder.add(c.get("scenario").getAsString());
                }
            }
        } else if (run.has("study")) {
            scenarioOrder.add(run.get("study").getAsString());
        }
        for (Path d : sortedDirs(runDir)) {
            String name = d.getFileName().toString();
            if (!name.equals("logs") && !name.equals("charts") && !scenarioOrder.contains(name)) {
                scenarioOrder.add(name);
            }
        }
        names(run, "jvms", "name", data.jvmOrder);
        names(run, "gcs", null, data.gcOrder);
        for (String scenario : scenarioOrder) {
            data.scenarios.put(scenario, data.loadScenario(scenario, matrixCells));
        }
        data.scenarios.values().removeIf(List::isEmpty);
        if (data.scenarios.isEmpty()) {
            throw new IOException(runDir + " holds no results (no <scenario>/<variant>/<cell>/result.json and no"
                    + " cells in run.json)");
        }
        return data;
    }

    private List<Row> loadScenario(String scenario, Map<String, JsonObject> matrixCells) throws IOException {
        Path sdir = dir.resolve(scenario);
        Study study = Study.of(firstResult(sdir));
        studies.put(scenario, study);
        searches.put(scenario, Search.readAll(sdir));
        List<String> variants = new ArrayList<>();
        if (runJson.has("variants")) {
            runJson.getAsJsonArray("variants").forEach(v -> variants.add(v.getAsString()));
        }
        for (Path v : sortedDirs(sdir)) {
            if (!variants.contains(v.getFileName().toString())) {
                variants.add(v.getFileName().toString());
            }
        }
        if (study.floor != null && variants.remove(study.floor)) {
            variants.add(study.floor); // the floor goes last
        }
        List<String> cellOrder = new ArrayList<>();
        matrixCells.forEach((k, c) -> {
            if (c.get("scenario").getAsString().equals(scenario)) {
                cellOrder.add(c.get("cell").getAsString());
            }
        });
        for (String variant : variants) {
            for (Path c : sortedDirs(sdir.resolve(variant))) {
                if (!cellOrder.contains(c.getFileName().toString())) {
                    cellOrder.add(c.getFileName().toString());
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String cell : cellOrder) {
            JsonObject m = matrixCells.get(scenario + "/" + cell);
            List<String> flags = m != null ? strings(m, "flags") : List.of();
            boolean anyResult = false;
            for (String variant : variants) {
                Path cdir = sdir.resolve(variant).resolve(cell);
                Path result = cdir.resolve(ResultLayout.RESULT_JSON);
                if (!Files.isRegularFile(result)) {
                    continue;
                }
                anyResult = true;
                CellResult r = CellResult.read(ResultFiles.readJson(result));
                if (env == null && Files.isRegularFile(cdir.resolve(ResultLayout.ENV_JSON))) {
                    env = ResultFiles.readJson(cdir.resolve(ResultLayout.ENV_JSON));
                }
                rows.add(new Row(scenario, variant, cell, r.status, r.reasons, r.flags, flags, r.metrics, r.summaries,
                        forkSummaries(r), r, cdir));
            }
            if (!anyResult && m != null) { // skipped, or failed before any fork wrote a result
                String reason = m.has("reason") ? m.get("reason").getAsString() : m.get("status").getAsString();
                rows.add(new Row(scenario, "", cell, m.get("status").getAsString(), List.of(reason), List.of(), flags,
                        study.metrics, Map.of(), Map.of(), null, null));
            }
        }
        for (Row r : rows) {
            addNew(jvmOrder, r.jvm);
            addNew(gcOrder, r.gc);
            Path envFile = r.dir == null ? null : r.dir.resolve(ResultLayout.ENV_JSON);
            if (envFile != null && !envByJvm.containsKey(r.jvm) && Files.isRegularFile(envFile)) {
                envByJvm.put(r.jvm, ResultFiles.readJson(envFile));
            }
        }
        rows.sort(order(variants));
        return rows;
    }

    /**
     * The report's one row order: JVM, then collector, each in the run's order ({@code run.json}'s
     * {@code jvms} and {@code gcs}, else as first met), then variant in the study's order, the floor
     * last ({@code variants}); a row without a variant (a cell that measured nothing) stands alone.
     */
    private Comparator<Row> order(List<String> variants) {
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

    private static void names(JsonObject run, String member, String field, List<String> into) {
        if (run.has(member) && run.get(member).isJsonArray()) {
            for (JsonElement e : run.getAsJsonArray(member)) {
                addNew(into, field == null ? e.getAsString() : e.getAsJsonObject().get(field).getAsString());
            }
        }
    }

    private static void addNew(List<String> into, String name) {
        if (!into.contains(name)) {
            into.add(name);
        }
    }

    /** Each fork's percentiles per metric, in fork order. */
    static Map<String, List<LatencySummary>> forkSummaries(CellResult r) {
        Map<String, List<LatencySummary>> out = new LinkedHashMap<>();
        r.forkSummaries.forEach((metric, forks) -> {
            List<LatencySummary> l = new ArrayList<>();
            forks.forEach(f -> l.add(f.summary));
            out.put(metric, l);
        });
        return out;
    }

    /** The first result of a scenario's folder, variants and cells in name order; null when none. */
    private static CellResult firstResult(Path sdir) throws IOException {
        for (Path v : sortedDirs(sdir)) {
            for (Path c : sortedDirs(v)) {
                Path result = c.resolve(ResultLayout.RESULT_JSON);
                if (Files.isRegularFile(result)) {
                    return CellResult.read(ResultFiles.readJson(result));
                }
            }
        }
        return null;
    }

    /** What a scenario's results declare: metrics, floor and yardstick. */
    public Study study(String scenario) {
        return studies.getOrDefault(scenario, Study.of(null));
    }

    /**
     * The scenario's schedules that answered a question (a capacity search), one per cell, in the run's JVM and
     * collector order; empty for a study of plain variants.
     */
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

    public String string(String member, String fallback) {
        return runJson.has(member) && runJson.get(member).isJsonPrimitive() ? runJson.get(member).getAsString()
                : fallback;
    }

    private static List<String> strings(JsonObject o, String member) {
        List<String> l = new ArrayList<>();
        if (o.has(member) && o.get(member).isJsonArray()) {
            o.getAsJsonArray(member).forEach(x -> l.add(x.getAsString()));
        }
        return l;
    }

    private static List<Path> sortedDirs(Path dir) throws IOException {
        List<Path> dirs = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return dirs;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, Files::isDirectory)) {
            ds.forEach(dirs::add);
        }
        dirs.sort(null);
        return dirs;
    }
}
