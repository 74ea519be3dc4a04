package dev.latencybench.startup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one service launch, on a JVM or as a native image; the cell's flags apply to every JVM mode,
 * none to a native image. Immutable.
 */
record ServiceCommand(Path java, List<String> cellFlags, Path jar, String kind) {
    /** Runs the jar on the JVM with these extra flags (a mode's, or a training run's). */
    List<String> onJvm(List<String> modeFlags, int port) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(cellFlags);
        cmd.addAll(modeFlags);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.add(kind);
        cmd.add(Integer.toString(port));
        return cmd;
    }

    /** Runs a native image of the jar. */
    List<String> nativeImage(Path executable, int port) {
        return List.of(executable.toString(), kind, Integer.toString(port));
    }
}
