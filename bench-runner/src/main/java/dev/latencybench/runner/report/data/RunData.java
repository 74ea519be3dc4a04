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
 * collector, in the run's order, then variant in the study's order with the floor last. A file that cannot be
 * read is named in {@link #problems()}, and a cell whose result it held is kept as {@link #UNREADABLE}.
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
    /** What could not be read, one line each naming the file and what is wrong with it; in the order met. */
    private final List<String> problems = new ArrayList<>();

    private RunData(Path dir, JsonObject runJson) {
        this.dir = dir;
        this.runJson = runJson;
    }

    /**
     * Reads a run folder back. A file it cannot read does not stop it: a cell whose {@code result.json} is missing,
     * cut short or not as the suite writes it is kept as {@link #UNREADABLE} with what is wrong as its reason, a
     * {@code run.json} cut short leaves the cells to be found by their folders, and each such file is named in
     * {@link #problems()}.
     *
     * @throws IOException when the folder is not a run folder: it holds neither {@code run.json} nor a cell's
     *                     {@code result.json}, or its {@code run.json} lists no cell and no cell has a result
     */
    public static RunData load(Path runDir) throws IOException {
        if (!Files.isDirectory(runDir)) {
            throw new IOException(runDir + " is not a folder");
        }
        Path runFile = runDir.resolve(RUN_JSON);
        boolean hasRunFile = Files.isRegularFile(runFile);
        if (!hasRunFile && !holdsResults(runDir)) {
            throw new IOException(runDir + " is not a run folder: it holds no results (neither " + RUN_JSON + " nor a"
                    + " <scenario>/<variant>/<cell>/" + ResultLayout.RESULT_JSON + ")" + runFoldersIn(runDir));
        }
        JsonObject run = new JsonObject();
        String unreadRun = null;
        if (hasRunFile) {
            try {
                run = RunFile.readObject(runFile);
            } catch (RunFile.Unreadable e) { // the cells' folders still say what was run
                unreadRun = e.getMessage();
            }
        }
        RunData data = new RunData(runDir, run);
        if (unreadRun != null) {
            data.problems.add(unreadRun + "; the report is made from the cells' folders");
        }
        Map<String, JsonObject> matrixCells = new LinkedHashMap<>(); // scenario/cell -> run.json entry
        List<String> scenarioOrder = new ArrayList<>();
        try {
            data.matrix(matrixCells, scenarioOrder);
        } catch (RuntimeException e) {
            matrixCells.clear();
            scenarioOrder.clear();
            data.jvmOrder.clear();
            data.gcOrder.clear();
            data.problems.add(RunFile.notAsWritten(runFile, e) + "; the report is made from the cells' folders");
        }
        for (Path d : sortedDirs(runDir)) {
            String name = d.getFileName().toString();
            if (!name.equals("logs") && !name.equals("charts") && !scenarioOrder.contains(name)) {
                scenarioOrder.add(name);
            }
        }
        for (String scenario : scenarioOrder) {
            data.scenarios.put(scenario, data.loadScenario(scenario, matrixCells));
        }
        data.scenarios.values().removeIf(List::isEmpty);
        if (data.scenarios.isEmpty() && data.problems.isEmpty()) {
            throw new IOException(runDir + " holds no results (no <scenario>/<variant>/<cell>/result.json and no"
                    + " cells in run.json)");
        }
        return data;
    }

    /** The status of a cell whose {@code result.json} the report could not read; its reason says why. */
    public static final String UNREADABLE = "UNREADABLE";
    static final String RUN_JSON = "run.json";

    /** The matrix's cells and the run's order of scenarios, JVMs and collectors, from {@code run.json}. */
    private void matrix(Map<String, JsonObject> matrixCells, List<String> scenarioOrder) {
        if (runJson.has("cells")) {
            for (JsonElement e : runJson.getAsJsonArray("cells")) {
                JsonObject c = e.getAsJsonObject();
                matrixCells.put(c.get("scenario").getAsString() + "/" + c.get("cell").getAsString(), c);
                if (!scenarioOrder.contains(c.get("scenario").getAsString())) {
                    scenarioOrder.add(c.get("scenario").getAsString());
                }
            }
        } else if (runJson.has("study")) {
            scenarioOrder.add(runJson.get("study").getAsString());
        }
        names(runJson, "jvms", "name", jvmOrder);
        names(runJson, "gcs", null, gcOrder);
    }

    /** What a run folder holds a cell's result at: {@code <scenario>/<variant>/<cell>/result.json}. */
    private static boolean holdsResults(Path dir) throws IOException {
        for (Path s : sortedDirs(dir)) {
            for (Path v : sortedDirs(s)) {
                for (Path c : sortedDirs(v)) {
                    if (Files.isRegularFile(c.resolve(ResultLayout.RESULT_JSON))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code ; it holds run folders, such as X}: for a folder of runs given instead of one of them; else empty. */
    private static String runFoldersIn(Path dir) throws IOException {
        for (Path d : sortedDirs(dir)) {
            if (Files.isRegularFile(d.resolve(RUN_JSON))) {
                return "; it holds run folders: give one of them, such as " + d;
            }
        }
        return "";
    }

    /**
     * What could not be read, one line each naming the file and what is wrong with it: a {@code result.json} or
     * {@code run.json} that is missing, cut short or not as the suite writes it, a cell folder without its result.
     * Empty when every file was read.
     */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    private List<Row> loadScenario(String scenario, Map<String, JsonObject> matrixCells) throws IOException {
        Path sdir = dir.resolve(scenario);
        Study study = Study.of(firstResult(sdir));
        studies.put(scenario, study);
        searches.put(scenario, Search.readAll(sdir, problems));
        List<String> variants = new ArrayList<>();
        if (runJson.has("variants") && runJson.get("variants").isJsonArray()) {
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
            String matrixStatus = m != null && m.has("status") ? m.get("status").getAsString() : null;
            boolean anyResult = false;
            for (String variant : variants) {
                Path cdir = sdir.resolve(variant).resolve(cell);
                Path result = cdir.resolve(ResultLayout.RESULT_JSON);
                if (!Files.isRegularFile(result)) {
                    if (!Files.isDirectory(cdir)) {
                        continue; // not run on this cell (a search's step, a variant of another JVM)
                    }
                    anyResult = true;
                    String missing = result + " is missing" + holding(cdir);
                    if (matrixStatus == null || "OK".equals(matrixStatus)) { // nothing says why: the result is lost
                        rows.add(unreadable(scenario, variant, cell, flags, study, missing, cdir));
                    } else { // the run recorded the cell as stopped, maybe before its result: its status stands
                        missing += "; the run recorded the cell " + matrixStatus
                                + (m.has("reason") ? ": " + m.get("reason").getAsString() : "");
                        problems.add(missing);
                        rows.add(new Row(scenario, variant, cell, matrixStatus, List.of(missing), List.of(), flags,
                                study.metrics, Map.of(), Map.of(), null, cdir));
                    }
                    continue;
                }
                anyResult = true;
                CellResult r;
                try {
                    r = CellResult.read(RunFile.readObject(result));
                } catch (RunFile.Unreadable e) {
                    rows.add(unreadable(scenario, variant, cell, flags, study, e.getMessage(), cdir));
                    continue;
                } catch (RuntimeException e) {
                    rows.add(unreadable(scenario, variant, cell, flags, study, RunFile.notAsWritten(result, e), cdir));
                    continue;
                }
                if (r.status == null) {
                    rows.add(unreadable(scenario, variant, cell, flags, study, result + " is not as the suite writes"
                            + " it (it has no status)", cdir));
                    continue;
                }
                if (env == null) {
                    env = optional(cdir.resolve(ResultLayout.ENV_JSON));
                }
                rows.add(new Row(scenario, variant, cell, r.status, r.reasons, FlagText.current(r.flags, r), flags,
                        r.metrics, r.summaries, forkSummaries(r), r, cdir));
            }
            if (!anyResult && m != null) { // skipped, or failed before any fork wrote a result
                String reason = m.has("reason") ? m.get("reason").getAsString() : matrixStatus;
                rows.add(new Row(scenario, "", cell, matrixStatus, List.of(reason), List.of(), flags,
                        study.metrics, Map.of(), Map.of(), null, null));
            }
        }
        for (Row r : rows) {
            addNew(jvmOrder, r.jvm);
            addNew(gcOrder, r.gc);
            Path envFile = r.dir == null ? null : r.dir.resolve(ResultLayout.ENV_JSON);
            if (envFile != null && !envByJvm.containsKey(r.jvm) && !UNREADABLE.equals(r.status)) {
                JsonObject e = optional(envFile);
                if (e != null) {
                    envByJvm.put(r.jvm, e);
                }
            }
        }
        rows.sort(order(variants));
        return rows;
    }

    /** A cell whose result could not be read: kept, so that the tables list it, with why as its reason. */
    private Row unreadable(String scenario, String variant, String cell, List<String> flags, Study study,
            String problem, Path cdir) {
        problems.add(problem);
        return new Row(scenario, variant, cell, UNREADABLE, List.of(problem), List.of(), flags, study.metrics,
                Map.of(), Map.of(), null, cdir);
    }

    /** A cell folder's files named after a missing result: enough to tell how far it got, on one line. */
    private static final int NAMES_SHOWN = 5;

    /** {@code (the cell's folder is empty)}, or what it holds: said after a missing result, to tell how far it got. */
    private static String holding(Path cdir) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(cdir)) {
            ds.forEach(p -> names.add(p.getFileName().toString()));
        }
        names.sort(null);
        return names.isEmpty() ? " (the cell's folder is empty)" : " (the cell's folder holds " + String.join(", ",
                names.subList(0, Math.min(names.size(), NAMES_SHOWN))) + (names.size() > NAMES_SHOWN ? ", ..." : "")
                + ")";
    }

    /** A file the report can do without (a cell's env.json): its object, or null, with the problem kept. */
    private JsonObject optional(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return RunFile.readObject(file);
        } catch (RunFile.Unreadable e) {
            if (!problems.contains(e.getMessage())) {
                problems.add(e.getMessage());
            }
            return null;
        }
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
                    try {
                        return CellResult.read(RunFile.readObject(result));
                    } catch (IOException | RuntimeException e) {
                        continue; // named where its row is read; the next result declares the study as well
                    }
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
