package dev.latencybench.runner.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.runner.cli.UsageException;
import dev.latencybench.runner.report.data.RunData;
import dev.latencybench.runner.report.doc.Doc;
import dev.latencybench.runner.report.doc.DocRenderer;

/**
 * Writes a run's report into its folder: {@code REPORT.md}, a self-contained {@code report.html}
 * and {@code charts/*.png|svg}. {@link #build} orders the sections, each a class of its own:
 * {@link IntroSection}, per scenario {@link ScenarioSection} (which orders {@link VerdictSection},
 * {@link BarCharts}, {@link Pivot}, {@link SummaryTables} (one per declared metric),
 * {@link SpectrumTimeline}, {@link Confidence}, {@link Pauses}, {@link FloorTables} and
 * {@link Notes}), then {@link CellsSection}, {@link EnvironmentSection} and {@link ReproduceSection}.
 * Stateless.
 */
public final class Report {
    private Report() {
    }

    /** {@code bench report RUN_DIR}. */
    public static int command(Path runDir, PrintStream out) {
        Path dir = runDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new UsageException("bench report: " + dir + " is not a folder");
        }
        try {
            write(dir, out);
        } catch (IOException e) {
            throw new UsageException("bench report: " + e.getMessage());
        } catch (RuntimeException e) { // a file of the run that is not as the suite writes it: said, not traced
            System.err.println("latency-bench: bench report: cannot write the report of " + dir + ": " + e
                    + "; the run's files are untouched");
            return 1;
        }
        return 0;
    }

    public static void write(Path runDir, PrintStream out) throws IOException {
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            throw new IOException("the report draws its charts with java.desktop, a module this Java runtime ("
                    + System.getProperty("java.home") + ") lacks; write it with a full JDK: scripts/bench report "
                    + runDir);
        }
        long start = System.nanoTime();
        RunData data = RunData.load(runDir);
        Path charts = runDir.resolve("charts");
        Files.createDirectories(charts);
        Doc doc = build(data, charts);
        ResultFiles.writeString(runDir.resolve("REPORT.md"), DocRenderer.markdown(doc));
        ResultFiles.writeString(runDir.resolve("report.html"), DocRenderer.html(doc, "latency-bench report "
                + runDir.getFileName(), charts));
        RunSummary.write(data, runDir);
        out.printf(Locale.ROOT, "latency-bench: report written in %.1f s: %s, %s (every figure: %s, %s)%n",
                (System.nanoTime() - start) / 1e9, runDir.resolve("REPORT.md"), runDir.resolve("report.html"),
                RunSummary.CSV, RunSummary.JSON);
    }

    /** The report of a run: its sections in reading order, each written by its own class. */
    static Doc build(RunData data, Path charts) throws IOException {
        Doc doc = new Doc();
        IntroSection.write(doc, data);
        for (String scenario : data.scenarios.keySet()) {
            ScenarioSection.write(doc, data, scenario, charts);
        }
        CellsSection.write(doc, data);
        EnvironmentSection.write(doc, data);
        ReproduceSection.write(doc, data);
        return doc;
    }
}
