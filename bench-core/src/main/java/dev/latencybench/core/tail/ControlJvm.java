package dev.latencybench.core.tail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The idle control JVM beside a step's benchmark JVMs: it runs only a hiccup probe ({@link ControlProbeMain}) and
 * writes its stalls to {@value #STALLS} on the forks' {@code System.nanoTime()} clock. A stall of an idle JVM at the
 * time of an outlier is the platform's, so {@link TailAttribution} counts it as {@code platform}.
 *
 * <p>Cheap by construction ({@link #FLAGS}). If the launcher dies first, the pipe's end ends the control JVM's input
 * and it exits by itself.
 *
 * <p>Not thread-safe; one per step, in the launcher.
 */
public final class ControlJvm implements AutoCloseable {
    /** The control JVM's stalls, in the cell folder. */
    public static final String STALLS = "control-stalls.bin";
    /** What a stall of the control JVM's probe is named in the attribution. */
    public static final String LATE_WAKE_UP = "the control JVM's probe woke late";
    /** The control JVM's flags: small, quick to start, no file beside it but its stalls. */
    static final List<String> FLAGS = List.of("-XX:+UseSerialGC", "-Xms8m", "-Xmx16m", "-Xss256k", "-Xshare:auto",
            "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData");
    private static final long EXIT_WAIT_SEC = 5;

    private final Process process;
    private final Path stallFile;

    private ControlJvm(Process process, Path stallFile) {
        this.process = process;
        this.stallFile = stallFile;
    }

    /** The command that starts a control JVM writing {@code stallFile}, with the launcher's java and class path. */
    static List<String> command(Path stallFile) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(FLAGS);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ControlProbeMain.class.getName());
        cmd.add(stallFile.toString());
        return cmd;
    }

    /** The control JVM's stalls of a cell's round: {@value #STALLS} for the first, {@code control-stalls-2.bin}, ... */
    public static Path stallFile(Path cellDir, int round) {
        return cellDir.resolve(round == 1 ? STALLS : STALLS.replace(".bin", "-" + round + ".bin"));
    }

    /** Starts a control JVM writing this round's stall file in {@code cellDir} once it is closed. */
    public static ControlJvm start(Path cellDir) throws IOException {
        Path file = stallFile(cellDir, 1);
        for (int round = 2; java.nio.file.Files.exists(file); round++) {
            file = stallFile(cellDir, round);
        }
        Process p = new ProcessBuilder(command(file))
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new ControlJvm(p, file);
    }

    /** Waits until its probe runs; false if it exited first or did not say so within {@code timeoutMs}. */
    public boolean awaitReady(long timeoutMs) throws InterruptedException {
        Thread reader = new Thread(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                while ((line = r.readLine()) != null && !line.equals(ControlProbeMain.READY)) {
                    // the JVM's own notes (JAVA_TOOL_OPTIONS's) come first
                }
            } catch (IOException e) {
                // the process ended: not ready
            }
        }, "lb-control-ready");
        reader.setDaemon(true);
        reader.start();
        reader.join(timeoutMs);
        return !reader.isAlive() && process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** Ends its input, waits up to {@value #EXIT_WAIT_SEC} s, then kills it; null if it wrote its stalls, else why. */
    public String stop() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone: waited for below
        }
        if (!process.waitFor(EXIT_WAIT_SEC, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
        return Files.exists(stallFile) ? null : "the control JVM exited with status " + process.exitValue()
                + " and wrote no " + stallFile;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
