package dev.latencybench.report.data;

import dev.latencybench.launch.RunManifest;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.result.ResultLayout;

/**
 * Reads a run folder into a {@link RunData}: its {@code run.json}, then each scenario's cells from their
 * {@code result.json} and {@code env.json}. An unreadable file is named in the data's problems instead of stopping
 * it. One instance per folder read; not thread-safe.
 */
final class RunDataReader {
    /** The name of a run's manifest, by which a folder of runs is told from a run folder. */
    private static final String RUN_JSON = RunManifest.FILE;

    private final RunData data;

    private RunDataReader(RunData data) {
        this.data = data;
    }

    static RunData load(Path runDir) throws IOException {
        if (!Files.isDirectory(runDir)) {
            throw new IOException(runDir + " is not a folder");
        }
        Path runFile = runDir.resolve(RUN_JSON);
        boolean hasRunFile = Files.isRegularFile(runFile);
        if (!hasRunFile && !holdsResults(runDir)) {
            throw new IOException(runDir + " is not a run folder: it holds no results (neither " + RUN_JSON + " nor a"
                    + " <scenario>/<variant>/<cell>/" + ResultLayout.RESULT_JSON + ")" + runFoldersIn(runDir));
        }
        JsonObject runJson = new JsonObject();
        String problem = null;
        if (hasRunFile) {
            try {
                runJson = RunFile.readObject(runFile);
            } catch (RunFile.Unreadable e) { // the cells' folders still say what was run
                problem = e.getMessage();
            }
        }
        RunManifest run;
        try {
            run = RunManifest.fromJson(runJson);
        } catch (RuntimeException e) {
            run = RunManifest.fromJson(new JsonObject());
            problem = RunFile.notAsWritten(runFile, e);
        }
        RunData data = new RunData(runDir, runJson, run);
        if (problem != null) {
            data.problems.add(problem + "; the report is made from the cells' folders");
        }
        RunDataReader reader = new RunDataReader(data);
        Map<String, RunManifest.CellEntry> matrixCells = new LinkedHashMap<>(); // scenario/cell -> run.json entry
        List<String> scenarioOrder = new ArrayList<>();
        reader.matrix(matrixCells, scenarioOrder);
        for (Path d : sortedDirs(runDir)) {
            String name = d.getFileName().toString();
            if (!name.equals("logs") && !name.equals("charts") && !scenarioOrder.contains(name)) {
                scenarioOrder.add(name);
            }
        }
        for (String scenario : scenarioOrder) {
            data.scenarios.put(scenario, reader.loadScenario(scenario, matrixCells));
        }
        data.scenarios.values().removeIf(List::isEmpty);
        if (data.scenarios.isEmpty() && data.problems.isEmpty()) {
            throw new IOException(runDir + " holds no results (no <scenario>/<variant>/<cell>/result.json and no"
                    + " cells in run.json)");
        }
        return data;
    }

    /** The matrix's cells and the run's order of scenarios, JVMs and collectors, from {@code run.json}. */
    private void matrix(Map<String, RunManifest.CellEntry> matrixCells, List<String> scenarioOrder) {
        RunManifest run = data.run();
        if (run.cells != null) {
            for (RunManifest.CellEntry c : run.cells) {
                matrixCells.put(c.key(), c);
                addNew(scenarioOrder, c.scenario);
            }
        } else if (run.study != null) {
            scenarioOrder.add(run.study);
        }
        if (run.jvms != null) {
            run.jvms.forEach(j -> addNew(data.jvmOrder, j.name));
        }
        if (run.gcs != null) {
            run.gcs.forEach(g -> addNew(data.gcOrder, g));
        }
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

    private List<RunData.Row> loadScenario(String scenario, Map<String, RunManifest.CellEntry> matrixCells)
            throws IOException {
        Path sdir = data.dir.resolve(scenario);
        RunData.Study study = RunData.Study.of(firstResult(sdir));
        data.studies.put(scenario, study);
        data.searches.put(scenario, Search.readAll(sdir, data.problems));
        List<String> variants = new ArrayList<>();
        if (data.run().variants != null) {
            variants.addAll(data.run().variants);
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
            if (c.scenario.equals(scenario)) {
                cellOrder.add(c.cell);
            }
        });
        for (String variant : variants) {
            for (Path c : sortedDirs(sdir.resolve(variant))) {
                if (!cellOrder.contains(c.getFileName().toString())) {
                    cellOrder.add(c.getFileName().toString());
                }
            }
        }
        List<RunData.Row> rows = new ArrayList<>();
        for (String cell : cellOrder) {
            RunManifest.CellEntry m = matrixCells.get(scenario + "/" + cell);
            List<String> flags = m != null && m.flags != null ? m.flags : List.of();
            String matrixStatus = m != null ? m.status : null;
            boolean anyResult = false;
            for (String variant : variants) {
                Path cdir = sdir.resolve(variant).resolve(cell);
                Path result = cdir.resolve(ResultLayout.RESULT_JSON);
                if (!Files.isRegularFile(result)) {
                    if (!Files.isDirectory(cdir)) {
                        continue; // not run on this cell (a search's step, a variant of another JVM)
                    }
                    anyResult = true;
                    if (RunManifest.PENDING.equals(matrixStatus)) { // not measured yet (report --anyway of a run going)
                        rows.add(new RunData.Row(scenario, variant, cell, matrixStatus, List.of("not measured yet: the"
                                + " run had not finished this cell"), List.of(), flags, study.metrics, Map.of(), Map.of(),
                                null, cdir));
                        continue;
                    }
                    String missing = result + " is missing" + holding(cdir);
                    if (matrixStatus == null || "OK".equals(matrixStatus)) { // nothing says why: the result is lost
                        rows.add(unreadable(scenario, variant, cell, flags, study, missing, cdir));
                    } else { // the run recorded the cell as stopped, maybe before its result: its status stands
                        missing += "; the run recorded the cell " + matrixStatus
                                + (m.reason != null ? ": " + m.reason : "");
                        data.problems.add(missing);
                        rows.add(new RunData.Row(scenario, variant, cell, matrixStatus, List.of(missing), List.of(), flags,
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
                if (data.env == null) {
                    data.env = environment(cdir.resolve(ResultLayout.ENV_JSON));
                }
                rows.add(new RunData.Row(scenario, variant, cell, r.status, r.reasons, FlagText.current(r.flags, r), flags,
                        r.metrics, r.summaries, forkSummaries(r), r, cdir));
            }
            if (!anyResult && m != null) { // skipped, or failed before any fork wrote a result
                String reason = m.reason != null ? m.reason : matrixStatus;
                rows.add(new RunData.Row(scenario, "", cell, matrixStatus, List.of(reason), List.of(), flags,
                        study.metrics, Map.of(), Map.of(), null, null));
            }
        }
        for (RunData.Row r : rows) {
            addNew(data.jvmOrder, r.jvm);
            addNew(data.gcOrder, r.gc);
            Path envFile = r.dir == null ? null : r.dir.resolve(ResultLayout.ENV_JSON);
            if (envFile != null && !data.envByJvm.containsKey(r.jvm)
                    && !RunData.UNREADABLE.equals(r.status)) {
                EnvironmentFile e = environment(envFile);
                if (e != null) {
                    data.envByJvm.put(r.jvm, e);
                }
            }
        }
        rows.sort(data.order(variants));
        return rows;
    }

    /** A cell whose result could not be read: kept, so that the tables list it, with why as its reason. */
    private RunData.Row unreadable(String scenario, String variant, String cell, List<String> flags,
            RunData.Study study,
            String problem, Path cdir) {
        data.problems.add(problem);
        return new RunData.Row(scenario, variant, cell, RunData.UNREADABLE, List.of(problem), List.of(), flags, study.metrics,
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

    /** A cell's env.json, typed; null for none, and for one that cannot be read (then a problem naming it). */
    private EnvironmentFile environment(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return EnvironmentFile.read(file);
        } catch (IOException e) {
            problem(e.getMessage());
            return null;
        }
    }

    /** Adds a problem the report names, once however many files have it. */
    private void problem(String problem) {
        if (!data.problems.contains(problem)) {
            data.problems.add(problem);
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

    private static List<Path> sortedDirs(Path dir) throws IOException {
        List<Path> dirs = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return dirs;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, Files::isDirectory)) {
            ds.forEach(dirs::add);
        }
        dirs.sort((a, b) -> naturalOrder(a.getFileName().toString(), b.getFileName().toString()));
        return dirs;
    }

    /** Names in reading order: runs of digits compared as numbers ({@code x-2} before {@code x-16}). */
    static int naturalOrder(String a, String b) {
        java.util.regex.Matcher x = CHUNK.matcher(a);
        java.util.regex.Matcher y = CHUNK.matcher(b);
        while (x.find() && y.find()) {
            String p = x.group();
            String q = y.group();
            int c;
            if (Character.isDigit(p.charAt(0)) && Character.isDigit(q.charAt(0))) {
                c = new java.math.BigInteger(p).compareTo(new java.math.BigInteger(q));
            } else {
                c = p.compareTo(q);
            }
            if (c != 0) {
                return c;
            }
        }
        int byLength = Integer.compare(a.length(), b.length()); // one is the other's beginning: the shorter first
        return byLength != 0 ? byLength : a.compareTo(b);
    }

    private static final java.util.regex.Pattern CHUNK = java.util.regex.Pattern.compile("\\d+|\\D+");
}
