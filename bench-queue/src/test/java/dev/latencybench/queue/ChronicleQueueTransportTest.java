package dev.latencybench.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.queue.oneway.MessageTransport;

class ChronicleQueueTransportTest extends TransportContract {
    @Override
    MessageTransport open(Path folder) {
        return new ChronicleQueueTransport(folder, 256);
    }

    @TempDir
    Path parent;

    @Test
    void carriesTheStampsOfEveryMessageInOrder() {
        List<long[]> got = new ArrayList<>();
        try (ChronicleQueueTransport t = new ChronicleQueueTransport(parent, 256)) {
            t.onConsumerStart();
            t.onProducerStart();
            for (long i = 0; i < 1000; i++) {
                assertTrue(t.trySend(i, 1_000 + i, 2_000 + i));
            }
            while (t.poll((seq, intended, actual) -> got.add(new long[] {seq, intended, actual})) == 1) {
                // drain
            }
            t.onConsumerStop();
            assertEquals(256, t.payloadBytes());
        }
        assertEquals(1000, got.size());
        for (int i = 0; i < 1000; i++) {
            assertArrayEquals(new long[] {i, 1_000 + i, 2_000 + i}, got.get(i));
        }
    }

    @Test
    void aConsumerStartedLaterSeesOnlyNewMessages() {
        List<Long> got = new ArrayList<>();
        try (ChronicleQueueTransport t = new ChronicleQueueTransport(parent, 64)) {
            t.onProducerStart();
            t.trySend(1, 0, 0);
            t.onConsumerStart();
            t.trySend(2, 0, 0);
            while (t.poll((seq, intended, actual) -> got.add(seq)) == 1) {
                // drain
            }
        }
        assertEquals(List.of(2L), got);
    }

    @Test
    void foldersOfKilledRunsAreRemovedAndOthersKept() throws Exception {
        long self = ProcessHandle.current().pid();
        long dead = deadPid();
        Path stale = Files.createDirectories(parent.resolve("latency-bench-queue-" + dead + "-123"));
        Files.writeString(stale.resolve("20261123.cq4"), "x");
        Path live = Files.createDirectories(parent.resolve("latency-bench-queue-" + self + "-456"));
        Path foreign = Files.createDirectories(parent.resolve("someone-elses"));
        try (ChronicleQueueTransport t = new ChronicleQueueTransport(parent, 64)) {
            assertTrue(t.directory().getFileName().toString().startsWith("latency-bench-queue-" + self + "-"));
        }
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live));
        assertTrue(Files.exists(foreign));
    }

    @Test
    void aLiveQueueIsKeptAndAKilledOnesFolderAndLockFileAreRemoved() throws Exception {
        // a killed run: its lock file exists but nobody holds the lock; the pid is ours, so only the lock tells
        long self = ProcessHandle.current().pid();
        Path killed = Files.createDirectories(parent.resolve("latency-bench-queue-" + self + "-789"));
        Path killedLock = Files.writeString(parent.resolve("latency-bench-queue-" + self + "-789.lock"), "");
        Path orphanLock = Files.writeString(parent.resolve("latency-bench-queue-" + self + "-999.lock"), "");
        try (ChronicleQueueTransport live = new ChronicleQueueTransport(parent, 64)) {
            assertFalse(Files.exists(killed));
            assertFalse(Files.exists(killedLock));
            assertFalse(Files.exists(orphanLock));
            assertTrue(Files.exists(ChronicleQueueTransport.lockFileOf(live.directory())));
            try (ChronicleQueueTransport second = new ChronicleQueueTransport(parent, 64)) {
                assertTrue(Files.exists(live.directory()), "a queue whose lock is held is never removed");
                assertTrue(Files.exists(second.directory()));
            }
        }
        try (java.util.stream.Stream<Path> left = Files.list(parent)) {
            assertEquals(0, left.count(), "close removes the folder and its lock file");
        }
    }

    /** A process id that no process has now. */
    static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long pid = p.pid();
        assertTrue(ProcessHandle.of(pid).isEmpty());
        return pid;
    }

    @Test
    void closeRemovesTheQueueFiles() throws Exception {
        Path dir;
        try (ChronicleQueueTransport t = new ChronicleQueueTransport(parent, 64)) {
            dir = t.directory();
            t.onProducerStart();
            t.trySend(1, 0, 0);
            assertTrue(Files.list(dir).findAny().isPresent(), "the queue wrote files");
        }
        assertFalse(Files.exists(dir));
        try (java.util.stream.Stream<Path> left = Files.list(parent)) {
            assertEquals(0, left.count());
        }
    }
    /** The queue's folder filled the moment its first (metadata) file was mapped: said as a full file system. */
    @Test
    void aFaultWhileTheQueueIsBuiltIsSaidAsAFullFileSystem(@TempDir Path dir) {
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> ChronicleQueueTransport.builtOrExplained(() -> {
                    throw new InternalError("a fault occurred in a recent unsafe memory access operation in compiled"
                            + " Java code");
                }, dir));
        assertTrue(e.getMessage().startsWith("the queue's file system (")
                && e.getMessage().contains(" at " + dir + ", ") && e.getMessage().endsWith(") is full: a write to"
                + " its memory-mapped files found no room (the JVM says \"a fault occurred in a recent unsafe memory"
                + " access operation\"); free space there or point the study at a larger folder"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertNull(e.getCause(), "the launcher names a failure by its deepest cause");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ChronicleQueueTransport.builtOrExplained(() -> {
                    throw new IllegalArgumentException("another problem");
                }, dir), "any other failure as it was");
    }
}
