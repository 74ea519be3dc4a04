package dev.latencybench.kafka;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import com.google.gson.JsonObject;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.result.MappedFileFault;
import dev.latencybench.core.result.OwnedFolder;

/**
 * The {@code chronicle} transport, as the study ran it: one Chronicle Queue with default settings per topic, all in
 * one fresh, locked folder that {@link #close} deletes. A message is one document of the five stamps and filler.
 * Threading as {@link ChainTransport} says; nothing is allocated per message after warm-up.
 */
final class ChronicleChainTransport implements ChainTransport {
    /** Chain queue folders are named {@code latency-bench-chain-<pid>-<random>}. */
    static final String FOLDER_PREFIX = "latency-bench-chain-";

    private final Path parent;
    private final int payloadBytes;
    private final byte[] filler;
    private OwnedFolder folder;
    private Path dir;
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
        folder = OwnedFolder.create(parent, FOLDER_PREFIX); // locked while the queues live
        dir = folder.path();
        queues = new SingleChronicleQueue[chains][topicsPerChain];
        appenders = new ExcerptAppender[chains][topicsPerChain];
        tailers = new ExcerptTailer[chains][topicsPerChain];
        for (int c = 0; c < chains; c++) {
            for (int t = 0; t < topicsPerChain; t++) {
                queues[c][t] = SingleChronicleQueueBuilder.binary(dir.resolve("c" + c + "-t" + t)).build();
            }
        }
    }

    /** A fault in a mapped file is the queue folder's file system filling up: said so, with the space there. */
    @Override
    public String explain(Throwable error) {
        return MappedFileFault.explain(error, "the chain's queue folder", dir != null ? dir : parent);
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

    /** What fork.json records of the transport: its queues, under {@code chronicle}. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class ForkMembers {
        final Queues chronicle;

        ForkMembers(Queues chronicle) {
            this.chronicle = chronicle;
        }
    }

    @SuppressWarnings("unused")
    private static final class Queues {
        final String queueParent;
        final int queues;
        final int payloadBytes;
        final String settings = "SingleChronicleQueueBuilder.binary, defaults, no pinning";

        Queues(String queueParent, int queues, int payloadBytes) {
            this.queueParent = queueParent;
            this.queues = queues;
            this.payloadBytes = payloadBytes;
        }
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonCodec.addMembers(fork, new ForkMembers(new Queues(parent.toString(),
                queues.length == 0 ? 0 : queues.length * queues[0].length, payloadBytes)));
    }

    /** Closes every queue, then removes the folder; idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            closeQueuesThenRemoveFolder();
        }
    }

    private void closeQueuesThenRemoveFolder() {
        try {
            for (SingleChronicleQueue[] chain : queues) {
                for (SingleChronicleQueue q : chain) {
                    if (q != null) {
                        q.close(); // closes its appenders and tailers; stage threads still running then fail
                    }
                }
            }
        } finally {
            if (folder != null) {
                folder.close();
            }
        }
    }

    static Path lockFileOf(Path folder) {
        return OwnedFolder.lockFileOf(folder);
    }

    /**
     * Removes chain queue folders left by a killed benchmark JVM; a folder in use is left alone.
     * @return one line per folder removed, for the console
     */
    static List<String> removeStaleFolders(Path parent) {
        return OwnedFolder.removeStale(parent, FOLDER_PREFIX, "chain queues");
    }
}
