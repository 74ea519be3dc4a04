package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which lines of JMH's output reach the console, and that the log gets every byte. */
class ConsoleFilterTest {
    private static final String NL = System.lineSeparator();

    /** JMH's output of one step, abridged from a real run: a warm-up and a measured iteration of one fork. */
    private static final String JMH = ""
            + "# JMH version: 1.37\n"
            + "# VM version: JDK 17.0.15, OpenJDK 64-Bit Server VM, 17.0.15+6-Debian-1deb12u1\n"
            + "# VM options: -Dchronicle.analytics.disable=true --add-opens=java.base/java.lang=ALL-UNNAMED\n"
            + "# Warmup: 1 iterations, single-shot each\n"
            + "# Timeout: 150 s per iteration\n"
            + "# Benchmark: dev.latencybench.queue.QueueOneToOneLatencyBenchmark.period\n"
            + "# Parameters: (transport = chronicle)\n"
            + "\n"
            + "# Run progress: 0.00% complete, ETA 00:00:00\n"
            + "# Fork: 1 of 1\n"
            + "# Warmup Iteration   1: \n"
            + "[queue/chronicle] warm-up 1.0s/1s  sent 100,000  received 100,000  p99 91.6us (last 1s)\n"
            + "1.025 s/op\n"
            + "Iteration   1: \n"
            + "[queue/chronicle] measure 1.0s/2s  sent 100,000  received 100,000  p99 39.5us (last 1s)\n"
            + "[queue/chronicle] measure 2.0s/2s  sent 200,000  received 200,000  p99 26.7us (last 1s)\n"
            + "2.025 s/op\n"
            + "                 latency.p50:     1354.000 ns\n"
            + "                 latency.p99.9:   524799.000 ns\n"
            + "\n"
            + "Secondary result \"dev.latencybench.queue.QueueOneToOneLatencyBenchmark.period:latency.p50\":\n"
            + "  1354.000 ns\n"
            + "\n"
            + "# Run complete. Total time: 00:00:05\n"
            + "\n"
            + "REMEMBER: The numbers below are just data. To gain reusable insights, you need to follow up on\n"
            + "NOTE: Current JVM experimentally supports Compiler Blackholes, and they are in use. Please exercise\n"
            + "Benchmark                                      (transport)  Mode  Cnt     Score   Error  Units\n"
            + "QueueOneToOneLatencyBenchmark.period:latency.p50 chronicle    ss        1354.000             ns\n"
            + "Benchmark result is saved to /tmp/r/queue/chronicle/.jmh-partial.json\n";

    private static final String PROGRESS = ""
            + "[queue/chronicle] warm-up 1.0s/1s  sent 100,000  received 100,000  p99 91.6us (last 1s)" + NL
            + "[queue/chronicle] measure 1.0s/2s  sent 100,000  received 100,000  p99 39.5us (last 1s)" + NL
            + "[queue/chronicle] measure 2.0s/2s  sent 200,000  received 200,000  p99 26.7us (last 1s)" + NL;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private ConsoleFilter filter(boolean verbose) {
        return new ConsoleFilter(log, new PrintStream(console, true, StandardCharsets.UTF_8), "queue", verbose);
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static void write(ConsoleFilter f, String s) throws IOException {
        f.write(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void onlyTheProgressLinesOfAStepReachTheConsoleAndTheLogGetsEverything() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, JMH);
        f.close();
        assertEquals(PROGRESS, console());
        assertEquals(JMH, log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void verboseShowsEverythingAsItComes() throws IOException {
        ConsoleFilter f = filter(true);
        write(f, JMH);
        write(f, "# Warmup Iteration   1: "); // a partial line is shown at once, as JMH's own console does
        assertEquals(JMH + "# Warmup Iteration   1: ", console());
        f.close();
        assertEquals(JMH + "# Warmup Iteration   1: ", log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aProgressLineIsPrintedWhenItsNewlineArrivesNotBefore() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, "[queue/chronicle] measure 1.0s/2s  sent ");
        assertEquals("", console());
        assertEquals("[queue/chronicle] measure 1.0s/2s  sent ", log.toString(StandardCharsets.UTF_8),
                "the log has it at once");
        write(f, "100,000\n[queue/chr");
        assertEquals("[queue/chronicle] measure 1.0s/2s  sent 100,000" + NL, console());
        write(f, "onicle] measure 2.0s/2s\r\n");
        assertEquals("[queue/chronicle] measure 1.0s/2s  sent 100,000" + NL + "[queue/chronicle] measure 2.0s/2s" + NL,
                console());
    }

    @Test
    void aPartialLineOfJmhEndedByTheForksNewlineStaysOffTheConsole() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, "# Warmup Iteration   1: "); // JMH's host, waiting for the score
        write(f, "\n"); // the fork ends that line before its first progress line
        write(f, "[queue/baseline] warm-up 1.0s/1s\n");
        assertEquals("[queue/baseline] warm-up 1.0s/1s" + NL, console());
    }

    @Test
    void aLastLineWithoutNewlineIsDecidedOnClose() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, "[queue/chronicle] cannot write fork results: disk full");
        assertEquals("", console());
        f.close();
        assertEquals("[queue/chronicle] cannot write fork results: disk full" + NL, console());
    }

    @Test
    void aLongLineGoesWholeToTheLogAndCutToTheConsole() throws IOException {
        ConsoleFilter f = filter(false);
        String options = "# VM options: " + "--add-opens=java.base/java.lang=ALL-UNNAMED ".repeat(500) + "\n";
        String progress = "[queue/chronicle] " + "x".repeat(2 * ConsoleFilter.MAX_LINE_BYTES) + "\n";
        write(f, options);
        write(f, progress);
        write(f, "[queue/chronicle] next\n");
        f.close();
        assertEquals(options + progress + "[queue/chronicle] next\n", log.toString(StandardCharsets.UTF_8));
        assertEquals(progress.substring(0, ConsoleFilter.MAX_LINE_BYTES) + ConsoleFilter.CUT + NL
                + "[queue/chronicle] next" + NL, console());
    }

    @Test
    void jmhsFailureShowsItsMarkerTheExceptionAndItsCausesNotTheFrames() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, "Iteration   1: <failure>\n"); // not at a line's start: not JMH's marker
        write(f, "<failure>\n\njava.lang.IllegalStateException: the consumer stopped\n"
                + "\tat dev.latencybench.core.fork.ForkSession.runPeriod(ForkSession.java:170)\n"
                + "\tat org.openjdk.jmh.runner.BenchmarkHandler$BenchmarkTask.call(BenchmarkHandler.java:527)\n"
                + "Caused by: java.io.IOException: No space left on device\n"
                + "\t... 12 more\n"
                + "\n"
                + "java.lang.String is not a failure here\n"
                + "<forked VM failed with exit code 134>\n"
                + "<stdout last='20 lines'>\n"
                + "# A fatal error has been detected by the Java Runtime Environment:\n"
                + "</stdout>\n");
        assertEquals("<failure>" + NL
                + "java.lang.IllegalStateException: the consumer stopped" + NL
                + "Caused by: java.io.IOException: No space left on device" + NL
                + "<forked VM failed with exit code 134>" + NL, console());
    }

    @Test
    void uncaughtExceptionsTheSuitesOwnLinesAndJmhsWarningsPass() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, "Exception in thread \"lb-consumer\" java.lang.OutOfMemoryError: Java heap space\n"
                + "\tat java.base/java.util.Arrays.copyOf(Arrays.java:3537)\n"
                + "\n"
                + "latency-bench: the launcher that started this benchmark JVM (pid 12) is gone; stopping\n"
                + "# Timeout: 10 s per iteration, ***WARNING: The timeout might be too low!***\n"
                + "# *** WARNING: This VM is not supported by JMH. The produced benchmark data can be completely wrong.\n"
                + "WARNING: A terminally deprecated method in sun.misc.Unsafe has been called\n"
                + "[kafka/chronicle] another study's line\n");
        assertEquals("Exception in thread \"lb-consumer\" java.lang.OutOfMemoryError: Java heap space" + NL
                + "latency-bench: the launcher that started this benchmark JVM (pid 12) is gone; stopping" + NL
                + "# Timeout: 10 s per iteration, ***WARNING: The timeout might be too low!***" + NL
                + "# *** WARNING: This VM is not supported by JMH. The produced benchmark data can be completely wrong."
                + NL, console());
    }

    @Test
    void whichForkIsShownOnlyWhenThereAreSeveral() throws IOException {
        ConsoleFilter f = filter(false);
        write(f, "# Fork: 1 of 1\n# Fork: 2 of 3\n# Fork: 12 of 15\n");
        assertEquals("# Fork: 2 of 3" + NL + "# Fork: 12 of 15" + NL, console());
    }

    @Test
    void jmhOutputSendsTheFormatAndTheForksRelayThroughTheFilterAndRestoresSystemOut(@TempDir Path dir) {
        PrintStream before = System.out;
        PrintStream beforeErr = System.err;
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        JmhOutput output = JmhOutput.open(dir.resolve(JmhOutput.LOG), "queue", out, out, false);
        try {
            output.redirect();
            output.format().println("# JMH version: 1.37");
            output.format().print("# Warmup Iteration   1: ");
            System.out.print("\n[queue/chronicle] warm-up 1.0s/1s\n"); // as JMH's host relays a fork's System.out
            System.err.print("[queue/chronicle] stopping\n");
            output.format().println("1.025 s/op");
        } finally {
            output.close();
        }
        assertTrue(System.out == before && System.err == beforeErr, "System.out and System.err are put back");
        assertEquals("[queue/chronicle] warm-up 1.0s/1s" + NL + "[queue/chronicle] stopping" + NL, console());
        assertEquals(null, output.logFailure());
        String logged = readString(dir.resolve(JmhOutput.LOG));
        assertTrue(logged.startsWith("# JMH version: 1.37"), logged);
        assertTrue(logged.contains("[queue/chronicle] warm-up 1.0s/1s") && logged.contains("1.025 s/op"), logged);
    }

    @Test
    void aLogThatCannotBeCreatedShowsEverythingOnTheConsoleAndSaysWhy(@TempDir Path dir) {
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        Path file = dir.resolve("no-such-folder").resolve(JmhOutput.LOG);
        JmhOutput output = JmhOutput.open(file, "queue", out, out, false);
        output.format().println("# JMH version: 1.37");
        output.close();
        assertEquals("# JMH version: 1.37" + NL, console());
        assertTrue(output.logFailure().startsWith("cannot write " + file + ": "), output.logFailure());
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
