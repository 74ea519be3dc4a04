package dev.latencybench.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The shaded bench.jar as the ITs start it: on the JVM running the build, with a JVM cache of its
 * own, stdout and stderr merged. {@link Watched} copies a started process's console and says when
 * its cell measures.
 */
final class BenchJar {
    private static final Path JAR = Path.of(System.getProperty("bench.jar", "target/bench.jar"));

    private BenchJar() {
    }

    /**
     * {@code java -jar bench.jar ARGS}, its JVM cache under {@code cacheHome} and its {@code java.io.tmpdir} (where the
     * runner takes the machine's lock, and each cell's launcher JMH's) the folder {@link #tmpDir} in it: a test's
     * runs refuse no run of another test beside them.
     */
    static ProcessBuilder command(Path cacheHome, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + Files.createDirectories(tmpDir(cacheHome)), "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("XDG_CACHE_HOME", cacheHome.toString());
        return pb;
    }

    /** The {@code java.io.tmpdir} of the bench processes whose JVM cache is under {@code cacheHome}. */
    static Path tmpDir(Path cacheHome) {
        return cacheHome.resolve("tmp");
    }

    /** A started bench process whose console a thread copies line by line, for a test to wait on. */
    static final class Watched {
        final Process process;
        /** The console's lines so far; guarded by itself, which is notified at each line and at the console's end. */
        private final List<String> lines = new ArrayList<>();
        private boolean closed;
        private final Thread reader;

        Watched(ProcessBuilder pb) throws IOException {
            process = pb.start();
            process.getOutputStream().close();
            reader = new Thread(this::copy, "bench-console");
            reader.setDaemon(true);
            reader.start();
        }

        private void copy() {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the process ended
            } finally {
                synchronized (lines) {
                    closed = true;
                    lines.notifyAll();
                }
            }
        }

        /**
         * True once a line of the console passes {@code wanted} (asked of each line once, in order); false when
         * the console ends first, or after {@code seconds}.
         */
        boolean awaitLine(Predicate<String> wanted, long seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            synchronized (lines) {
                for (int next = 0;; ) {
                    for (; next < lines.size(); next++) {
                        if (wanted.test(lines.get(next))) {
                            return true;
                        }
                    }
                    long left = end - System.nanoTime();
                    if (closed || left <= 0) {
                        return false;
                    }
                    TimeUnit.NANOSECONDS.timedWait(lines, left);
                }
            }
        }

        /** True once the cell printed progress of its measured period; false after {@code seconds}. */
        boolean awaitMeasuring(long seconds) throws InterruptedException {
            return awaitLine(l -> l.contains("[queue/chronicle] measure"), seconds);
        }

        /** Waits for the console to be copied to its end (the process and its children have closed it). */
        void awaitConsole(long millis) throws InterruptedException {
            reader.join(millis);
        }

        String seen() {
            synchronized (lines) {
                StringBuilder all = new StringBuilder();
                lines.forEach(l -> all.append(l).append('\n'));
                return all.toString();
            }
        }

        /**
         * Waits up to {@code minutes} for the process to end, killing it and its children past that, then up to 30 s
         * for its console.
         */
        Finished toEnd(long minutes) throws InterruptedException {
            boolean ended = process.waitFor(minutes, TimeUnit.MINUTES);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            awaitConsole(30_000);
            return new Finished(ended ? process.exitValue() : -1, seen());
        }
    }

    /** A process run to its end: its exit status (-1 when it ran past its time and was killed) and its console. */
    static final class Finished {
        final int exit;
        final String console;

        private Finished(int exit, String console) {
            this.exit = exit;
            this.console = console;
        }
    }

    /**
     * Starts {@code pb} with its input closed, copies its console and waits up to {@code minutes} for it to
     * end, killing it past that.
     */
    static Finished runToEnd(ProcessBuilder pb, long minutes) throws Exception {
        return new Watched(pb).toEnd(minutes);
    }
}
