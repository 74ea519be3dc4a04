package dev.latencybench.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.latencybench.queue.oneway.MessageTransport;

/** The queue study's transports, in the order they run; a test keeps them equal to the benchmark's {@code @Param}. */
enum QueueTransport {
    /** Chronicle Queue under the harness: the study's subject. */
    CHRONICLE(QueueConfig.CHRONICLE, true,
            c -> new ChronicleQueueTransport(c.queueDir(), c.settings().payloadBytes)),
    /** The published study's own loop over the same queue: the harness's yardstick. */
    REFERENCE(QueueConfig.REFERENCE, true,
            c -> new ReferenceLoop(new ChronicleQueueTransport(c.queueDir(), c.settings().payloadBytes))),
    /** One cache line between the two threads: the machine's floor. */
    BASELINE(QueueConfig.BASELINE, false, c -> new MailboxTransport());

    final String id;
    /** Writes queue files into {@code bench.queue.dir}, whose free space is checked first. */
    final boolean writesQueueFiles;
    private final Function<QueueConfig, MessageTransport> opener;

    QueueTransport(String id, boolean writesQueueFiles, Function<QueueConfig, MessageTransport> opener) {
        this.id = id;
        this.writesQueueFiles = writesQueueFiles;
        this.opener = opener;
    }

    MessageTransport open(QueueConfig config) {
        return opener.apply(config);
    }

    static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (QueueTransport t : values()) {
            ids.add(t.id);
        }
        return ids;
    }

    /** @throws IllegalArgumentException naming the transports there are */
    static QueueTransport of(String id) {
        for (QueueTransport t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + id + "'; expected one of " + ids());
    }
}
