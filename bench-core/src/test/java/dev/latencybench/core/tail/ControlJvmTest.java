package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.Sigint;

/**
 * The control JVM is reaped on every path, and writes its stalls on each: stopped by its launcher; its launcher
 * exiting without stopping it; its launcher interrupted (SIGINT) or killed (SIGKILL); itself interrupted, as
 * Ctrl-C interrupts the whole process group. Each case starts real JVMs: a few seconds each.
 */
class ControlJvmTest {
    private static final long GONE_WITHIN_SEC = 15;

    @TempDir
    Path cell;

    private static void assertGone(long pid) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SEC);
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            assertTrue(System.nanoTime() < until, "control JVM " + pid + " still runs " + GONE_WITHIN_SEC + " s on");
            Thread.sleep(50);
        }
    }

    private void assertStallsWritten() throws IOException {
        StallFile stalls = StallFile.read(cell.resolve(ControlJvm.STALLS));
        assertEquals(HiccupProbe.BOUND_NS, stalls.boundNs);
    }

    private static void signal(String signal, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start().waitFor());
    }

    /** Waits at most {@link #GONE_WITHIN_SEC} for {@code launcher} to end; one still running then fails the test. */
    private static int ended(Process launcher) throws InterruptedException {
        try {
            assertTrue(launcher.waitFor(GONE_WITHIN_SEC, TimeUnit.SECONDS), "the launcher " + launcher.pid()
                    + " still runs " + GONE_WITHIN_SEC + " s on");
            return launcher.exitValue();
        } finally {
            launcher.destroyForcibly();
        }
    }

    /** Starts {@link ControlLauncherMain} in {@code mode}; returns it and its control JVM's pid. */
    private Object[] launcher(String mode) throws Exception {
        Process launcher = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ControlLauncherMain.class.getName(), mode,
                cell.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String line = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertTrue(line != null && line.startsWith("control "), "the launcher said: " + line);
        return new Object[] {launcher, Long.parseLong(line.substring("control ".length()))};
    }

    @Test
    void stoppedByItsLauncherItWritesItsStallsAndExits() throws Exception {
        ControlJvm control = ControlJvm.start(cell);
        assertTrue(control.awaitReady(30_000), "the control JVM's probe runs");
        Thread.sleep(100);
        assertNull(control.stop());
        assertGone(control.pid());
        assertStallsWritten();
    }

    @Test
    void aLauncherThatExitsWithoutStoppingItTakesItAlong() throws Exception {
        Object[] l = launcher("exit");
        assertEquals(1, ended((Process) l[0]));
        assertGone((Long) l[1]);
        assertStallsWritten();
    }

    @Test
    void aLauncherInterruptedTakesItAlong() throws Exception {
        Sigint.assertHeard();
        Object[] l = launcher("wait");
        signal("INT", ((Process) l[0]).pid());
        ended((Process) l[0]);
        assertGone((Long) l[1]);
        assertStallsWritten();
    }

    @Test
    void aLauncherKilledTakesItAlong() throws Exception {
        Object[] l = launcher("wait");
        signal("KILL", ((Process) l[0]).pid());
        ended((Process) l[0]);
        assertGone((Long) l[1]);
        assertStallsWritten();
    }

    @Test
    void interruptedItselfItWritesItsStallsOnItsWayOut() throws Exception {
        Sigint.assertHeard();
        ControlJvm control = ControlJvm.start(cell);
        assertTrue(control.awaitReady(30_000), "the control JVM's probe runs");
        signal("INT", control.pid());
        assertGone(control.pid());
        assertStallsWritten();
        assertNull(control.stop(), "stop() after it ended by itself");
        assertFalse(ProcessHandle.of(control.pid()).map(ProcessHandle::isAlive).orElse(false));
    }
}
