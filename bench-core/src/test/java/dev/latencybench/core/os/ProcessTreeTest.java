package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that outlives its parent, holding the pipe it inherited: the {@code sleep 300} a task's set-up
 * started, in a JVM that then ended. Each test ends what it started, whatever the outcome.
 */
class ProcessTreeTest {
    @TempDir
    Path tmp;

    private final List<Long> started = new ArrayList<>();

    @AfterEach
    void nothingLeft() {
        started.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    /** Starts {@code sh} whose first line is the pid of a {@code sleep 300} it started in the background. */
    private static long sleepPid(BufferedReader r) throws Exception {
        return Long.parseLong(r.readLine().trim());
    }

    /** Reads the rest of the output on another thread: done when the pipe's last writer is gone. */
    private static CompletableFuture<Void> endOfFile(BufferedReader r) {
        return CompletableFuture.runAsync(() -> {
            try {
                while (r.readLine() != null) {
                    // the rest
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void aTreeEndsAGrandchildWhoseParentEndedAndThatHoldsThePipe() throws Exception {
        assumeTrue(Files.isDirectory(Paths.get("/proc")), "the mark is read from /proc");
        ProcessBuilder b = shStartingASleep();
        ProcessTree tree = ProcessTree.mark(b);
        Orphan o = orphanHoldingThePipe(b);
        ProcessHandle orphan = ProcessHandle.of(o.sleep).orElseThrow();
        assertTrue(orphan.isAlive());
        assertFalse(ProcessHandle.current().descendants().anyMatch(orphan::equals),
                "handed to another parent: no longer among this JVM's descendants");

        assertEquals(List.of(), tree.end(o.sh.toHandle()), "nothing still alive");

        assertFalse(orphan.isAlive(), "the orphan carrying the mark was ended");
        o.eof.get(10, TimeUnit.SECONDS); // the pipe's end of file came
    }

    /** What {@link #orphanHoldingThePipe} leaves: the sh that ended, its sleep's pid, the end of file awaited. */
    private static final class Orphan {
        final Process sh;
        final long sleep;
        final CompletableFuture<Void> eof;

        Orphan(Process sh, long sleep, CompletableFuture<Void> eof) {
            this.sh = sh;
            this.sleep = sleep;
            this.eof = eof;
        }
    }

    /**
     * sh, which starts a {@code sleep 300} in the background, prints its pid and ends a second later: so the reader
     * is already waiting when it does, even on a busy machine (a reader that is not waiting yet is handed the rest
     * and an end of file when the process ends).
     */
    private static ProcessBuilder shStartingASleep() {
        return new ProcessBuilder("sh", "-c", "sleep 300 & echo $!; sleep 1; exit 0").redirectErrorStream(true);
    }

    /** Starts {@code b}'s sh and returns once it has ended and its sleep, an orphan now, holds this JVM's pipe. */
    private Orphan orphanHoldingThePipe(ProcessBuilder b) throws Exception {
        Process p = b.start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long sleep = sleepPid(r);
        started.add(sleep);
        // read while sh ends, as JMH's and the runner's readers do: a Process whose reader is not waiting then is
        // given its end of file when it ends, one whose reader waits gets it when the pipe's last writer is gone
        CompletableFuture<Void> eof = endOfFile(r);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "sh ended");
        Thread.sleep(200);
        assertFalse(eof.isDone(), "the sleep holds the pipe");
        return new Orphan(p, sleep, eof);
    }

    @Test
    void aWatchEndsAnOrphanItSawAmongThisJvmsDescendants() throws Exception {
        // not marked: found because the watch saw it as a descendant before its parent ended
        Process p = new ProcessBuilder("sh", "-c", "sleep 300 & echo $!; sleep 2.5").redirectErrorStream(true).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> ended = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ProcessTree.Watch w = ProcessTree.watchOrphans(ended::add)) {
            long sleep = sleepPid(r);
            started.add(sleep);
            CompletableFuture<Void> eof = endOfFile(r);
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "sh ended");
            eof.get(10, TimeUnit.SECONDS); // within a poll or two of the watch
            for (int i = 0; i < 100 && ended.isEmpty(); i++) { // said once it is gone
                Thread.sleep(100);
            }

            assertFalse(ProcessHandle.of(sleep).map(ProcessHandle::isAlive).orElse(false), "the orphan was ended");
            assertEquals(1, ended.size(), ended.toString());
            assertTrue(ended.get(0).startsWith("pid " + sleep + " ("), ended.toString());
        }
    }

    @Test
    void aWatchWithNoMarkEndsAnOrphanItNeverSawThatHoldsAPipeThisJvmOpened() throws Exception {
        assumeTrue(Files.isDirectory(Paths.get("/proc")), "a process's pipes are read from /proc");
        // the study jar run alone: no mark, and the fork (here sh) ends before any poll sees its child
        List<String> ended = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ProcessTree.Watch w = new ProcessTree.Watch(null, ended::add)) { // not polling: no poll sees sh's child
            Orphan o = orphanHoldingThePipe(shStartingASleep());

            assertEquals(1, w.endOrphans());

            o.eof.get(10, TimeUnit.SECONDS);
            assertFalse(ProcessHandle.of(o.sleep).map(ProcessHandle::isAlive).orElse(false), "the orphan was ended");
            assertTrue(ended.get(0).startsWith("pid " + o.sleep + " ("), ended.toString());
            assertEquals(0, w.endOrphans(), "nothing else: the processes and pipes there were before are not its own");
        }
    }

    @Test
    void aMarkIsAnEntryOfTheEnvironmentNotPartOfOne() throws Exception {
        Path environ = tmp.resolve("environ");
        Files.write(environ, ("A=1\0" + ProcessTree.VARIABLE + "=abcd\0B=2").getBytes(StandardCharsets.UTF_8));
        assertTrue(ProcessTree.carries(environ, (ProcessTree.VARIABLE + "=abcd").getBytes(StandardCharsets.UTF_8)));
        assertFalse(ProcessTree.carries(environ, (ProcessTree.VARIABLE + "=abc").getBytes(StandardCharsets.UTF_8)));
        assertFalse(ProcessTree.carries(environ, "B=".getBytes(StandardCharsets.UTF_8)));
        assertTrue(ProcessTree.carries(environ, "B=2".getBytes(StandardCharsets.UTF_8)), "the last entry, no NUL after it");
        assertFalse(ProcessTree.carries(tmp.resolve("none"), "A=1".getBytes(StandardCharsets.UTF_8)));
    }
}
