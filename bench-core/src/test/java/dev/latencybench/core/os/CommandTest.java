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

    @Test
    void anOutputOfManyMegabytesKeepsItsHeadAndTailOnly() throws Exception {
        // 64 MiB of whole lines (17 bytes each) between a first and a last: read whole, as before, it is all in the caller's heap
        Command c = Command.run(List.of("sh", "-c", "echo first; yes 0123456789abcdef | head -c 67108860;"
                + " echo last"), 60);
        assertEquals(0, c.exitCode);
        assertTrue(c.output.length() <= Command.KEPT_BYTES + 100, "bounded: " + c.output.length());
        assertTrue(c.output.startsWith("first\n0123456789abcdef\n"), c.output.substring(0, 40));
        assertTrue(c.output.endsWith("\nlast"), c.output.substring(c.output.length() - 40));
        assertTrue(c.output.matches("(?s).*\n\\[\\.\\.\\. [0-9,]+ bytes of output left out \\.\\.\\.\\]\n.*"),
                "says what was left out");
        for (String line : c.output.split("\n")) {
            assertTrue(line.equals("first") || line.equals("last") || line.equals("0123456789abcdef")
                    || line.isEmpty() || line.contains("left out"), "no line kept in part: " + line);
        }
    }
}
