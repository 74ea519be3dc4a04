package dev.latencybench.runner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.latencybench.launch.JvmExit;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.MatrixRunner;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * The command line of one cell's launcher: a JVM of the runner's own Java running {@code StudyMain} for the
 * cell's scenario, told the cell's plan file ({@link CellPlans}: the run's folder, the cell's JVM and flags and
 * every property, resolved once), whether its console shows JMH's whole output, and the runner's
 * {@code java.io.tmpdir}, so that the launcher takes JMH's lock beside the runner's machine lock (a run given a
 * temporary folder of its own, as each integration test's is, then refuses no run that measures in another).
 * Stateless.
 */
final class CellCommandLine {
    private CellCommandLine() {
    }

    /**
     * @param classpath the benchmark JVMs' class path, the launcher's own too
     * @param verbose   whether the cell's console shows JMH's whole output
     */
    static List<String> of(RunRequest request, Cell cell, String classpath, boolean verbose) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(JvmExit.errorFileFlag(MatrixRunner.logsDir(request))); // not into the user's working folder
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        cmd.add("-cp");
        cmd.add(classpath);
        if (verbose) {
            cmd.add("-D" + RunSettings.VERBOSE + "=true");
        }
        cmd.add("dev.latencybench.launch.StudyMain");
        cmd.add(cell.scenario());
        cmd.add("--part-of-run");
        cmd.add("--plan");
        cmd.add(CellPlans.file(request, cell).toString());
        cmd.add("--classpath");
        cmd.add(classpath);
        cmd.add("--reproduce");
        cmd.add(request.command);
        return cmd;
    }
}
