package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class CommandTest {
    @Test
    void keepsTheExitCodeAndBothStreamsTogether() throws Exception {
        Command c = Command.run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"), 30);
        assertEquals(3, c.exitCode);
        assertEquals("out\nerr", c.output);
    }

    /** A command that says nothing and does not end is given up on at its time-out, not when it ends, and stopped. */
    @Test
    void aSilentCommandThatDoesNotEndIsStoppedAtItsTimeout() throws Exception {
        long t0 = System.nanoTime();
        Command c = Command.run(List.of("sh", "-c", "echo started; exec sleep 60"), 1);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(-1, c.exitCode);
        assertEquals("started", c.output);
        assertTrue(tookMs < 30_000, "gave up after its 1 s, not after the command's 60 s: " + tookMs + " ms");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ProcessHandle.current().children().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive)
                .map(h -> h.info().commandLine().orElse("?")).collect(Collectors.toList()), "nothing left running");
    }
}
