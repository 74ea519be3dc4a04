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
 * The command line of one cell's launcher: {@code StudyMain} for the cell's scenario on its plan file, with the
 * runner's {@code java.io.tmpdir} so JMH's lock sits beside the runner's machine lock. Stateless.
 */
final class CellCommandLine {
    private CellCommandLine() {
    }

    /** {@code classpath}: the benchmark JVMs' and the launcher's; {@code verbose}: show JMH's whole output. */
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
