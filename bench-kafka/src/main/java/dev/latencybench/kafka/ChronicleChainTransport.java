package dev.latencybench.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The {@code chronicle} transport, as the study ran it: one open-source Chronicle Queue
 * ({@code SingleChronicleQueueBuilder.binary}, default settings, no pinning) per topic of each chain,
 * all in one fresh folder under the queue folder ({@code latency-bench-chain-<pid>-<random>/c<chain>-t<topic>}).
 * A message is one document: the five stamps, then filler up to {@code payloadBytes}. An idle reader
 * parks for the wait it is given (1/8 of the inter-message time), as the study's services did.
 *
 * <p>The folder holds a lock while the JVM lives (on {@code <folder>.lock} beside it), so a folder
 * whose lock can be taken was left by a JVM that was killed: {@link #removeStaleFolders} deletes such
 * folders, before a new one is made and after every step (the plan's clean-up). {@link #close}
 * deletes the folder.
 *
 * <p>Threading: as {@link ChainTransport} says; each stage thread gets its own appender or tailer
 * each period. Hot path: Chronicle's document contexts are reused, the filler is a pre-built array;
 * nothing is allocated per message after warm-up.
 */
final class ChronicleChainTransport implements ChainTransport {
    /** Chain queue folders are named {@code latency-bench-chain-<pid>-<random>}. */
    static final String FOLDER_PREFIX = "latency-bench-chain-";
    static final String LOCK_SUFFIX = ".lock";

    private final Path parent;
    private final int payloadBytes;
    private final byte[] filler;
    private Path dir;
    private FileChannel lockChannel;
    private FileLock lock;
    private SingleChronicleQueue[][] queues = new SingleChronicleQueue[0][];
    private ExcerptAppender[][] appenders = new ExcerptAppender[0][];
    private ExcerptTailer[][] tailers = new ExcerptTailer[0][];
    private boolean closed;

    /** @param payloadBytes bytes per message, at least {@link ChainConfig#STAMP_BYTES} */
    ChronicleChainTransport(Path parent, int payloadBytes) {
        if (payloadBytes < ChainConfig.STAMP_BYTES) {
            throw new IllegalArgumentException("payloadBytes must be at least " + ChainConfig.STAMP_BYTES + ": "
                    + payloadBytes);
        }
        this.parent = parent;
        this.payloadBytes = payloadBytes;
        this.filler = new byte[payloadBytes - ChainConfig.STAMP_BYTES];
        for (int i = 0; i < filler.length; i++) {
            filler[i] = (byte) i;
        }
    }

    @Override
    public synchronized void createTopics(int chains, int topicsPerChain) throws IOException {
        removeStaleFolders(parent).forEach(removed -> System.out.println("latency-bench: " + removed));
        dir = Files.createTempDirectory(parent, FOLDER_PREFIX + ProcessHandle.current().pid() + "-");
        lockChannel = FileChannel.open(lockFileOf(dir), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        lock = lockChannel.lock(); // held while the queues live: a live folder is never taken for stale
        queues = new SingleChronicleQueue[chains][topicsPerChain];
        appenders = new ExcerptAppender[chains][topicsPerChain];
        tailers = new ExcerptTailer[chains][topicsPerChain];
        for (int c = 0; c < chains; c++) {
            for (int t = 0; t < topicsPerChain; t++) {
                queues[c][t] = SingleChronicleQueueBuilder.binary(dir.resolve("c" + c + "-t" + t)).build();
            }
        }
    }

    /** The folder holding the queues; null before {@link #createTopics}. */
    Path directory() {
        return dir;
    }

    @Override
    public Writer writer(int chain, int topic) {
        ExcerptAppender old = appenders[chain][topic];
        if (old != null) {
            old.close();
        }
        ExcerptAppender appender = queues[chain][topic].createAppender();
        appenders[chain][topic] = appender;
        return (sequence, intendedNs, actualNs, counter, handedOverNs) -> {
            try (DocumentContext dc = appender.writingDocument()) {
                Bytes<?> bytes = dc.wire().bytes();
                bytes.writeLong(sequence);
                bytes.writeLong(intendedNs);
                bytes.writeLong(actualNs);
                bytes.writeLong(counter);
                bytes.writeLong(handedOverNs);
                bytes.write(filler, 0, filler.length);
            }
            return true;
        };
    }

    @Override
    public Reader reader(int chain, int topic) {
        ExcerptTailer old = tailers[chain][topic];
        if (old != null) {
            old.close();
        }
        ExcerptTailer tailer = queues[chain][topic].createTailer().toEnd();
        tailers[chain][topic] = tailer;
        return (handler, idleWaitNs) -> {
            int n = 0;
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    Bytes<?> bytes = dc.wire().bytes();
                    long sequence = bytes.readLong();
                    long intended = bytes.readLong();
                    long actual = bytes.readLong();
                    long counter = bytes.readLong();
                    long handedOver = bytes.readLong();
                    bytes.readSkip(filler.length); // the filler is there; the study's services read the stamps only
                    handler.onMessage(sequence, intended, actual, counter, handedOver);
                    n++;
                }
            }
            if (n == 0) {
                LockSupport.parkNanos(idleWaitNs);
            }
            return n;
        };
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonObject o = new JsonObject();
        o.addProperty("queueParent", parent.toString());
        o.addProperty("queues", queues.length == 0 ? 0 : queues.length * queues[0].length);
        o.addProperty("payloadBytes", payloadBytes);
        o.addProperty("settings", "SingleChronicleQueueBuilder.binary, defaults, no pinning");
        fork.add("chronicle", o);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            for (SingleChronicleQueue[] chain : queues) {
                for (SingleChronicleQueue q : chain) {
                    if (q != null) {
                        q.close(); // closes its appenders and tailers; stage threads still running then fail
                    }
                }
            }
        } finally {
            if (dir != null) {
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
    }

    static Path lockFileOf(Path folder) {
        return folder.resolveSibling(folder.getFileName() + LOCK_SUFFIX);
    }

    /**
     * Removes chain queue folders left by a benchmark JVM that was killed outright (SIGKILL, the OOM
     * killer, a crash): one whose lock file's lock can be taken. A folder in use is left alone.
     *
     * @return one line per folder removed, for the console
     */
    static List<String> removeStaleFolders(Path parent) {
        List<Path> entries;
        try (Stream<Path> s = Files.list(parent)) {
            entries = s.filter(p -> p.getFileName().toString().startsWith(FOLDER_PREFIX)).collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // a folder we cannot list is not ours to clean
        }
        List<String> removed = new ArrayList<>();
        for (Path p : entries) {
            String name = p.getFileName().toString();
            boolean isLock = name.endsWith(LOCK_SUFFIX);
            Path folder = isLock ? p.resolveSibling(name.substring(0, name.length() - LOCK_SUFFIX.length())) : p;
            if (isLock && Files.exists(folder)) {
                continue; // judged with its folder
            }
            try {
                if (isStale(folder)) {
                    long bytes = sizeOf(folder);
                    deleteRecursively(folder);
                    Files.deleteIfExists(lockFileOf(folder));
                    if (!isLock) {
                        removed.add(String.format(Locale.ROOT, "removed %s (%.1f MiB of chain queues), left behind by"
                                + " a benchmark JVM that was killed or crashed", folder, bytes / (1024.0 * 1024)));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // someone else's, or in use: leave it
            }
        }
        return removed;
    }

    /** A folder whose lock nobody holds, or without a lock file whose JVM is gone. */
    static boolean isStale(Path folder) throws IOException {
        Path lockFile = lockFileOf(folder);
        if (!Files.exists(lockFile)) {
            // made a moment before its lock file: judged by whether the JVM named in it still runs
            String rest = folder.getFileName().toString().substring(FOLDER_PREFIX.length());
            int dash = rest.indexOf('-');
            try {
                return dash > 0 && ProcessHandle.of(Long.parseLong(rest.substring(0, dash))).isEmpty();
            } catch (NumberFormatException e) {
                return false;
            }
        }
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

    private static long sizeOf(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the chain queue folder " + root, e);
        }
    }
}
