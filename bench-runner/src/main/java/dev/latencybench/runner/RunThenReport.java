package dev.latencybench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.runner.matrix.MatrixRunner;
import dev.latencybench.runner.matrix.RunRequest;
import dev.latencybench.report.Report;
import dev.latencybench.report.data.RunFile;

/**
 * The end of {@code bench run}: runs the cells left, prints how each ended, writes the report and gives the exit
 * status (0 when every cell that ran is OK, 1 otherwise). One instance per run.
 */
final class RunThenReport {
    private final PrintStream out;
    private final PrintStream err;
    private final Scenarios scenarios;

    RunThenReport(PrintStream out, PrintStream err, Scenarios scenarios) {
        this.out = out;
        this.err = err;
        this.scenarios = scenarios;
    }

    /**
     * @param claim     the run folder's, released by a signal only once the matrix recorded it
     * @param previous  the outcomes of a resumed run's cells, by key (empty for a new run)
     */
    int run(RunRequest request, RunClaim claim, Map<String, CellOutcome> previous, String classpath,
            boolean noReport, boolean verbose, CellPlans plans) throws IOException {
        plans.write(request, previous);
        return run(request, claim, previous, cell -> CellCommandLine.of(request, cell, classpath, verbose),
                noReport, plans.estimates(), plans::rounds);
    }

    int run(RunRequest request, RunClaim claim, Map<String, CellOutcome> previous,
            Function<Cell, List<String>> commandFor, boolean noReport, Map<String, Long> estimates) throws IOException {
        return run(request, claim, previous, commandFor, noReport, estimates, cell -> 1);
    }

    /** {@code commandFor}: a cell launcher's command line; {@code rounds}: each cell's rounds of forks. */
    int run(RunRequest request, RunClaim claim, Map<String, CellOutcome> previous,
            Function<Cell, List<String>> commandFor, boolean noReport, Map<String, Long> estimates,
            java.util.function.ToIntFunction<Cell> rounds) throws IOException {
        Runnable recorded = claim.releaseAfterRecord(MatrixRunner.SIGNAL_WORK_MS);
        MatrixRunner runner = new MatrixRunner(request, commandFor, previous, out,
                cell -> estimates.getOrDefault(cell.key(), -1L), rounds).afterSignal(recorded);
        Map<String, CellOutcome> outcomes;
        try {
            outcomes = runner.run();
        } catch (IOException | RuntimeException e) {
            recorded.run();
            throw e;
        }
        if (runner.interrupted()) {
            return 1; // the JVM is shutting down; its hook has the last word
        }
        recorded.run(); // no signal to record: a later one finds the run folder's work done
        out.println();
        out.println("latency-bench: matrix done: " + request.runDir());
        int notOk = 0;
        for (Map.Entry<String, CellOutcome> e : outcomes.entrySet()) {
            CellOutcome o = e.getValue();
            out.printf(Locale.ROOT, "  %-12s %-50s %s%n", o.status, e.getKey(), o.reason == null ? ""
                    : o.reason);
            notOk += CellOutcome.OK.equals(o.status) || CellOutcome.SKIPPED.equals(o.status) ? 0 : 1;
        }
        if (runner.diskFull() != null) { // a report needs room too: what was measured is in the cells' folders
            err.println("latency-bench: the run stopped: its results disk is full (" + fileSystem(request.runDir())
                    + "); what was measured is listed above and kept in " + request.runDir() + "; no report was"
                    + " written");
            if (runner.manifestFailure() != null) {
                err.println("latency-bench: run.json could not record the outcomes either: "
                        + runner.manifestFailure());
            }
            err.println("latency-bench: free space there, then run the rest: scripts/bench run --resume "
                    + request.runDir());
            return 1;
        }
        if (!noReport) {
            Thread stopped = reportStoppedHook(request.runDir());
            Runtime.getRuntime().addShutdownHook(stopped);
            try {
                List<String> problems = Report.write(request.runDir(), out);
                problems.forEach(p -> err.println("latency-bench: report: " + p));
                notOk += problems.size(); // a cell whose result cannot be read did not end OK
            } catch (IOException | RuntimeException e) { // the results are safe; only the report is missing
                err.println("latency-bench: no report: " + RunFile.oneLine(e));
                return 1;
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(stopped);
                } catch (IllegalStateException shuttingDown) {
                }
            }
        }
        return notOk == 0 ? 0 : 1;
    }

    /** The shutdown hook while the report is written: tells the user the results are whole and how to write it. */
    Thread reportStoppedHook(Path runDir) {
        return new Thread(() -> {
            err.println("latency-bench: stopped while the report was written; every cell's results are kept in "
                    + runDir + ": scripts/bench report " + runDir + " writes the report");
            err.flush();
        }, "lb-report-stopped");
    }

    /** {@code /mnt/results (tmpfs), 0 bytes free}: the file system of a folder and its room now. */
    static String fileSystem(Path dir) {
        try {
            FileStore store = Files.getFileStore(dir);
            return String.format(Locale.ROOT, "%s, %,d bytes free", store, store.getUsableSpace());
        } catch (IOException | RuntimeException e) {
            return "the file system of " + dir;
        }
    }
}
