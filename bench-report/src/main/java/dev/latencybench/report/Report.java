package dev.latencybench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.UsageException;
import dev.latencybench.chart.Charts;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.RunFile;
import dev.latencybench.report.doc.Doc;
import dev.latencybench.report.doc.DocRenderer;

/**
 * Writes a run's report into its folder: {@code REPORT.md}, a self-contained {@code report.html} and
 * {@code charts/*.svg}. A file it cannot read or a chart it cannot draw is left out and named. Stateless.
 */
public final class Report {
    private Report() {
    }

    /**
     * {@code bench report RUN_DIR}: 0 when written from every file of the run; 1 when a file could not be read (each
     * named on {@code err}) or the report could not be written; bad input (exit 2) when RUN_DIR is not a run folder.
     */
    public static int command(Path runDir, PrintStream out, PrintStream err) {
        Path dir = runDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new UsageException("bench report: " + dir + " is not a folder");
        }
        RunData data;
        try {
            data = RunData.load(dir);
        } catch (IOException e) {
            throw new UsageException("bench report: " + e.getMessage());
        } catch (RuntimeException e) { // a file of the run that is not as the suite writes it: said, not traced
            err.println("latency-bench: bench report: " + dir + " cannot be read: " + RunFile.oneLine(e));
            return 1;
        }
        List<String> problems;
        try {
            problems = write(data, out);
        } catch (IOException | RuntimeException e) { // said in one line, not traced: the run's files are untouched
            err.println("latency-bench: bench report: the report of " + dir + " was not written: "
                    + RunFile.oneLine(e));
            return 1;
        }
        problems.forEach(p -> err.println("latency-bench: bench report: " + p));
        return problems.isEmpty() ? 0 : 1;
    }

    /**
     * Writes the report of a run folder; returns what could not be read or drawn, one line each, empty when nothing.
     *
     * @throws IOException when the folder is not a run folder, or a file of the report cannot be written
     */
    public static List<String> write(Path runDir, PrintStream out) throws IOException {
        return write(RunData.load(runDir), out);
    }

    private static List<String> write(RunData data, PrintStream out) throws IOException {
        Path runDir = data.dir;
        List<String> problems = new ArrayList<>(data.problems());
        if (data.scenarios.isEmpty()) {
            problems.add("no cell of " + runDir + " could be read: no report was written");
            return problems;
        }
        long start = System.nanoTime();
        Path charts = runDir.resolve("charts");
        Files.createDirectories(charts);
        clearCharts(charts);
        Doc doc = build(data, charts, problems);
        ResultFiles.writeString(runDir.resolve("REPORT.md"), DocRenderer.markdown(doc));
        ResultFiles.writeString(runDir.resolve("report.html"), DocRenderer.html(doc, "latency-bench report "
                + runDir.getFileName(), charts));
        RunSummary.write(data, runDir);
        out.println("latency-bench: the answers (the report's first screen):");
        AnswerSection.plain(data).forEach(a -> out.println("  " + a));
        out.printf(Locale.ROOT, "latency-bench: report written in %.1f s: %s, %s (every figure: %s, %s)%s%n",
                (System.nanoTime() - start) / 1e9, runDir.resolve("REPORT.md"), runDir.resolve("report.html"),
                RunSummary.CSV, RunSummary.JSON, problems.isEmpty() ? "" : "; without what could not be read or"
                + " drawn (" + problems.size() + ", each named below)");
        return problems;
    }

    /** Removes the charts an earlier report drew, so one this report no longer draws does not linger. */
    private static void clearCharts(Path charts) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(charts)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (Files.isRegularFile(f) && (name.endsWith(".png") || name.endsWith(".svg")
                        || name.endsWith(".json") || (name.startsWith(".") && name.endsWith(".tmp")))) { // a stopped draw's
                    Files.delete(f);
                }
            }
        }
    }

    /** The report of a run: its sections in reading order, each written by its own class. */
    static Doc build(RunData data, Path charts) throws IOException {
        return build(data, charts, new ArrayList<>());
    }

    /** The report's sections in order; a scenario failing part way keeps its start and adds to {@code problems}. */
    static Doc build(RunData data, Path charts, List<String> problems) throws IOException {
        Doc doc = new Doc();
        IntroSection.write(doc, data);
        doc.contents();
        for (String scenario : data.scenarios.keySet()) {
            try {
                ScenarioSection.write(doc, data, scenario, charts, problems);
            } catch (RuntimeException e) {
                String why = RunFile.oneLine(e);
                doc.p("**The rest of this scenario's section could not be drawn:** " + why + ".");
                problems.add("scenario " + scenario + ": the rest of its section could not be drawn: " + why);
            }
        }
        CellsSection.write(doc, data);
        EnvironmentSection.write(doc, data);
        ReproduceSection.write(doc, data);
        return doc;
    }
}
