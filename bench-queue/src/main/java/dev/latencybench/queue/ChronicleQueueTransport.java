package dev.latencybench.queue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import dev.latencybench.queue.oneway.MessageHandler;
import dev.latencybench.queue.oneway.MessageTransport;
import dev.latencybench.core.result.MappedFileFault;
import dev.latencybench.core.result.OwnedFolder;

/**
 * The study's transport: a Chronicle Queue in a fresh folder under the queue directory ({@code /dev/shm} by default),
 * one document of {@code payloadBytes} per message. Allocates nothing per message after warm-up; {@link #close()}
 * deletes the folder.
 */
public final class ChronicleQueueTransport implements MessageTransport {
    /** Queue folders are named {@code latency-bench-queue-<pid>-<random>}. */
    static final String FOLDER_PREFIX = "latency-bench-queue-";

    private final OwnedFolder folder;
    private final Path dir;
    private final int payloadBytes;
    private final SingleChronicleQueue queue;
    private final byte[] filler;
    private final byte[] readBuffer;
    private ExcerptAppender appender;
    private ExcerptTailer tailer;

    /** Creates the queue in a new folder under {@code parent}; {@code payloadBytes} is at least the 24 of stamps. */
    public ChronicleQueueTransport(Path parent, int payloadBytes) {
        if (payloadBytes < 3 * Long.BYTES) {
            throw new IllegalArgumentException("payloadBytes must be at least 24: " + payloadBytes);
        }
        removeStaleFolders(parent).forEach(removed -> System.out.println("latency-bench: " + removed));
        try {
            this.folder = OwnedFolder.create(parent, FOLDER_PREFIX); // locked while the queue lives
            this.dir = folder.path();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a queue folder in " + parent, e);
        }
        this.payloadBytes = payloadBytes;
        this.filler = new byte[payloadBytes - 3 * Long.BYTES];
        for (int i = 0; i < filler.length; i++) {
            filler[i] = (byte) i;
        }
        this.readBuffer = new byte[filler.length];
        try {
            this.queue = builtOrExplained(() -> SingleChronicleQueueBuilder.binary(dir).build(), dir);
        } catch (RuntimeException | Error e) { // nothing of it left: no later fork would clean it before its own
            folder.close();
            throw e;
        }
    }

    /**
     * Builds the queue, saying a file system that fills at once as such; without the JVM's error as the cause,
     * since the launcher reports a failure by its deepest cause.
     */
    static <T> T builtOrExplained(java.util.function.Supplier<T> build, Path dir) {
        try {
            return build.get();
        } catch (RuntimeException | InternalError e) {
            if (MappedFileFault.is(e)) {
                throw new IllegalStateException(MappedFileFault.explain(e, "the queue", dir));
            }
            throw e;
        }
    }

    /** A write that found the queue's file system full names it, with its free space. */
    @Override
    public String explain(Throwable error) {
        return MappedFileFault.explain(error, "the queue", dir);
    }

    /** A queue whose file system filled has a lock its writer left held: no later period can write. */
    @Override
    public boolean broken(Throwable error) {
        return MappedFileFault.is(error);
    }

    /** The folder holding the queue files (deleted on close). */
    public Path directory() {
        return dir;
    }

    ExcerptAppender appender() {
        return appender;
    }

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
            folder.close();
        }
    }

    /** {@code latency-bench-queue-<pid>-<random>.lock}, beside the folder it guards. */
    static Path lockFileOf(Path folder) {
        return OwnedFolder.lockFileOf(folder);
    }

    /** Removes queue folders a killed benchmark JVM left behind; returns one line per folder removed. */
    static List<String> removeStaleFolders(Path parent) {
        return OwnedFolder.removeStale(parent, FOLDER_PREFIX, "queue files");
    }

    /** The bytes of the queue folders in {@code parent} that {@link #removeStaleFolders} would remove; removes nothing. */
    static long staleBytes(Path parent) {
        long bytes = 0;
        try (Stream<Path> s = Files.list(parent)) {
            for (Path p : (Iterable<Path>) s.filter(f -> f.getFileName().toString().startsWith(FOLDER_PREFIX)
                    && Files.isDirectory(f))::iterator) {
                if (OwnedFolder.isStale(p, FOLDER_PREFIX)) {
                    bytes += OwnedFolder.sizeOf(p);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return bytes; // what cannot be listed is not counted: the check is then only stricter
        }
        return bytes;
    }
}
