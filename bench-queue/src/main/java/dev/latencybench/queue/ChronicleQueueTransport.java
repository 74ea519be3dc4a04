package dev.latencybench.queue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import dev.latencybench.core.oneway.MessageHandler;
import dev.latencybench.core.oneway.MessageTransport;

/**
 * The study's transport: an open-source Chronicle Queue ({@code SingleChronicleQueueBuilder.binary})
 * in a fresh folder under the queue directory (by default {@code /dev/shm}, so no disk is involved).
 * Each message is one document of {@code payloadBytes}: the actual send time in the first 8 bytes
 * (as in the study), then the intended send time and the sequence number, then filler. The consumer
 * reads all of it.
 *
 * <p>Threading: one producer thread (its own appender) and one consumer thread (its own tailer), as
 * the {@link MessageTransport} contract says. Hot path: Chronicle's document contexts are reused,
 * the filler is a pre-built array; nothing is allocated per message after warm-up.
 * {@link #close()} deletes the queue folder.
 */
public final class ChronicleQueueTransport implements MessageTransport {
    /** Queue folders are named {@code latency-bench-queue-<pid>-<random>}. */
    static final String FOLDER_PREFIX = "latency-bench-queue-";
    static final String LOCK_SUFFIX = ".lock";

    private final Path dir;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final int payloadBytes;
    private final SingleChronicleQueue queue;
    private final byte[] filler;
    private final byte[] readBuffer;
    private ExcerptAppender appender;
    private ExcerptTailer tailer;

    /**
     * Creates the queue in a new folder under {@code parent}.
     *
     * @param payloadBytes bytes per message, at least the 24 bytes of stamps
     */
    public ChronicleQueueTransport(Path parent, int payloadBytes) {
        if (payloadBytes < 3 * Long.BYTES) {
            throw new IllegalArgumentException("payloadBytes must be at least 24: " + payloadBytes);
        }
        removeStaleFolders(parent).forEach(removed -> System.out.println("latency-bench: " + removed));
        try {
            this.dir = Files.createTempDirectory(parent, FOLDER_PREFIX + ProcessHandle.current().pid() + "-");
            this.lockChannel = FileChannel.open(lockFileOf(dir), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            this.lock = lockChannel.lock(); // held while the queue lives: a live queue is never taken for stale
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a queue folder in " + parent, e);
        }
        this.payloadBytes = payloadBytes;
        this.filler = new byte[payloadBytes - 3 * Long.BYTES];
        for (int i = 0; i < filler.length; i++) {
            filler[i] = (byte) i;
        }
        this.readBuffer = new byte[filler.length];
        this.queue = SingleChronicleQueueBuilder.binary(dir).build();
    }

    /** The folder holding the queue files (deleted on close). */
    public Path directory() {
        return dir;
    }

    /** The producer thread's appender, made by {@link #onProducerStart()}. */
    ExcerptAppender appender() {
        return appender;
    }

    /** The consumer thread's tailer, made by {@link #onConsumerStart()}. */
    ExcerptTailer tailer() {
        return tailer;
    }

    @Override
    public void onProducerStart() {
        if (appender != null) {
            appender.close();
        }
        appender = queue.createAppender();
    }

    @Override
    public void onConsumerStart() {
        if (tailer != null) {
            tailer.close();
        }
        tailer = queue.createTailer().toEnd();
    }

    @Override
    public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
        try (DocumentContext dc = appender.writingDocument()) {
            Bytes<?> bytes = dc.wire().bytes();
            bytes.writeLong(actualSendNs);
            bytes.writeLong(intendedSendNs);
            bytes.writeLong(sequence);
            bytes.write(filler, 0, filler.length);
        }
        return true;
    }

    @Override
    public int poll(MessageHandler handler) {
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return 0;
            }
            Bytes<?> bytes = dc.wire().bytes();
            long actualSendNs = bytes.readLong();
            long intendedSendNs = bytes.readLong();
            long sequence = bytes.readLong();
            bytes.read(readBuffer, 0, readBuffer.length);
            handler.onMessage(sequence, intendedSendNs, actualSendNs);
            return 1;
        }
    }

    @Override
    public int payloadBytes() {
        return payloadBytes;
    }

    @Override
    public void close() {
        try {
            queue.close();
        } finally {
            deleteRecursively(dir);
            try {
                lock.release();
                lockChannel.close();
                Files.deleteIfExists(lockFileOf(dir));
            } catch (IOException e) {
                // the folder is gone; a lock file left behind is removed by the next run
            }
        }
    }

    /** {@code latency-bench-queue-<pid>-<random>.lock}, beside the folder it guards. */
    static Path lockFileOf(Path folder) {
        return folder.resolveSibling(folder.getFileName() + LOCK_SUFFIX);
    }

    /**
     * Removes queue folders left behind by a benchmark JVM that was killed outright (SIGKILL, the OOM
     * killer, a crash), which had no chance to clean up. A live queue holds a lock on its lock file,
     * which works across processes and containers sharing the folder; a folder whose lock can be
     * taken is stale. A folder without a lock file is judged by its process id (from an older
     * version).
     *
     * @return one line per folder removed, saying which and how big, for the console
     */
    static List<String> removeStaleFolders(Path parent) {
        List<Path> entries;
        try (java.util.stream.Stream<Path> s = Files.list(parent)) {
            entries = s.filter(p -> p.getFileName().toString().startsWith(FOLDER_PREFIX))
                    .collect(java.util.stream.Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // a folder we cannot list is not ours to clean
        }
        List<String> removed = new ArrayList<>();
        for (Path p : entries) {
            String name = p.getFileName().toString();
            Path folder = name.endsWith(LOCK_SUFFIX)
                    ? p.resolveSibling(name.substring(0, name.length() - LOCK_SUFFIX.length())) : p;
            if (p != folder && Files.exists(folder)) {
                continue; // judged with its folder
            }
            try {
                if (isStale(folder)) {
                    long bytes = sizeOf(folder);
                    deleteRecursively(folder);
                    Files.deleteIfExists(lockFileOf(folder));
                    if (p == folder) {
                        removed.add(String.format(Locale.ROOT, "removed %s (%.1f MiB of queue files), left behind by"
                                + " a benchmark JVM that was killed or crashed", folder, bytes / (1024.0 * 1024)));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // someone else's, or in use: leave it
            }
        }
        return removed;
    }

    private static long sizeOf(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return 0; // a lock file whose folder is gone
        }
        try (java.util.stream.Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    static boolean isStale(Path folder) throws IOException {
        Path lockFile = lockFileOf(folder);
        if (Files.exists(lockFile)) {
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
                FileLock l = ch.tryLock();
                if (l == null) {
                    return false; // another process holds it
                }
                l.release();
                return true;
            } catch (OverlappingFileLockException e) {
                return false; // this JVM holds it
            }
        }
        String rest = folder.getFileName().toString().substring(FOLDER_PREFIX.length());
        int dash = rest.indexOf('-');
        if (dash <= 0) {
            return false;
        }
        try {
            return ProcessHandle.of(Long.parseLong(rest.substring(0, dash))).isEmpty();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (java.util.stream.Stream<Path> paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the queue folder " + root, e);
        }
    }
}
