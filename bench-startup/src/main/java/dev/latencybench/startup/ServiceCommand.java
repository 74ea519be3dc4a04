package dev.latencybench.startup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one service launch: {@code java <cell flags> <mode flags> -jar <jar> <kind> <port>},
 * or {@code <native image> <kind> <port>}. The cell's flags (collector, heap, {@code +graal}) apply to
 * every JVM mode; a native image takes none of them (it was built with its own collector). Immutable.
 *
 * @param java      the JDK's {@code bin/java}
 * @param cellFlags the matrix cell's JVM flags
 * @param jar       the services' jar
 * @param kind      the service kind, e.g. {@code minimal}
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
