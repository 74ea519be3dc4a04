package dev.latencybench.runner.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;

/**
 * A run folder read back: {@code run.json} (a matrix run's, or a single study's) and every cell's
 * {@code result.json} and {@code env.json}, plus the cells the matrix recorded without results
 * (skipped, failed before measuring). Rows keep the matrix order, then the variant order.
 */
public final class RunData {
    /** The variant that shows the machine's floor under the same harness. */
    static final String BASELINE = "baseline";
    /** The variant that runs the published study's own loop, no harness in its hot path: the harness's yardstick. */
    static final String REFERENCE = "reference";

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
        public final LatencySummary latency;
        public final LatencySummary service;
        public final List<LatencySummary> forks;
        public final JsonObject result;
        public final Path dir;

        Row(String scenario, String variant, String cell, String status, List<String> reasons, List<String> notes,
            List<String> flags, LatencySummary latency, LatencySummary service, List<LatencySummary> forks,
            JsonObject result, Path dir) {
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
            this.latency = latency;
            this.service = service;
            this.forks = forks;
            this.result = result;
            this.dir = dir;
        }

        /** The CPU pair's cache-line round trip, lowest and highest probed; null for results without it. */
        public long[] roundTripNs() {
            if (result == null || !result.has("cpuPair")) {
                return null;
            }
            JsonObject p = result.getAsJsonObject("cpuPair");
            return new long[] {p.get("roundTripMinNs").getAsLong(), p.get("roundTripMaxNs").getAsLong()};
        }

        public boolean measured() {
            return latency != null && latency.count > 0;
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
    }

    public final Path dir;
    public final JsonObject runJson;
    public final Map<String, List<Row>> scenarios = new LinkedHashMap<>();
    /** The first env.json found: the host's description. */
    public JsonObject env;

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
        List<String> variants = new ArrayList<>();
        if (runJson.has("variants")) {
            runJson.getAsJsonArray("variants").forEach(v -> variants.add(v.getAsString()));
        }
        for (Path v : sortedDirs(sdir)) {
            if (!variants.contains(v.getFileName().toString())) {
                variants.add(v.getFileName().toString());
            }
        }
        if (variants.remove(BASELINE)) {
            variants.add(BASELINE); // the floor goes last
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
                JsonObject r = ResultFiles.readJson(result);
                if (env == null && Files.isRegularFile(cdir.resolve(ResultLayout.ENV_JSON))) {
                    env = ResultFiles.readJson(cdir.resolve(ResultLayout.ENV_JSON));
                }
                List<LatencySummary> forks = new ArrayList<>();
                if (r.has("forkLatencyNs")) {
                    r.getAsJsonArray("forkLatencyNs").forEach(f -> forks.add(LatencySummary.fromJson(f.getAsJsonObject())));
                }
                rows.add(new Row(scenario, variant, cell, r.get("status").getAsString(), strings(r, "reasons"),
                        strings(r, "flags"), flags, LatencySummary.fromJson(r.getAsJsonObject("latencyNs")),
                        LatencySummary.fromJson(r.getAsJsonObject("serviceTimeNs")), forks, r, cdir));
            }
            if (!anyResult && m != null) { // skipped, or failed before any fork wrote a result
                String reason = m.has("reason") ? m.get("reason").getAsString() : m.get("status").getAsString();
                rows.add(new Row(scenario, "", cell, m.get("status").getAsString(), List.of(reason), List.of(), flags,
                        null, null, List.of(), null, null));
            }
        }
        return rows;
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
