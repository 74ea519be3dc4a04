package dev.latencybench.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.queue.oneway.DirectLoop;
import dev.latencybench.queue.oneway.MessageTransport;

/** The study's own loop over a real queue, on two real threads. */
class ReferenceLoopTest extends TransportContract {
    @Override
    MessageTransport open(Path folder) {
        return new ReferenceLoop(new ChronicleQueueTransport(folder, 256));
    }

    @TempDir
    Path parent;

    @Test
    void everyMessageArrivesInOrderAndIsRecordedOnce() throws Exception {
        AtomicLong sent = new AtomicLong(-1);
        AtomicBoolean producerDone = new AtomicBoolean();
        DirectLoop.Outcome o;
        try (ReferenceLoop loop = new ReferenceLoop(new ChronicleQueueTransport(parent, 256))) {
            loop.onConsumerStart();
            Thread producer = new Thread(() -> {
                loop.onProducerStart();
                sent.set(loop.send(1_000, 20_000, System.nanoTime(), 200_000, () -> false));
                producerDone.set(true);
            });
            producer.start();
            loop.receive(1_000, 20_000, received -> producerDone.get() && received >= sent.get());
            producer.join(10_000);
            loop.onConsumerStop();
            o = loop.outcome();
        }
        assertEquals(20_000, sent.get());
        assertEquals(20_000, o.received);
        assertEquals(0, o.outOfOrder, "sequence numbers 1000..20999 came in order");
        assertEquals(0, o.outOfRange);
        assertEquals(20_000, o.latency.getTotalCount());
        assertEquals(20_000, o.service.getTotalCount());
        assertTrue(o.latency.getValueAtPercentile(50) >= o.service.getValueAtPercentile(50),
                "latency counts from the due time, which comes before the stamp");
        try (Stream<Path> left = Files.list(parent)) {
            assertEquals(0, left.count(), "close() removes the queue folder and its lock");
        }
    }

    @Test
    void aStopEndsTheProducerAndAnIdleStopTheConsumer() {
        try (ReferenceLoop loop = new ReferenceLoop(new ChronicleQueueTransport(parent, 64))) {
            loop.onConsumerStart();
            loop.onProducerStart();
            assertEquals(0, loop.send(0, 1_000, System.nanoTime(), 100_000, () -> true));
            loop.receive(0, 1_000, received -> true);
            DirectLoop.Outcome o = loop.outcome();
            assertEquals(0, o.received);
            assertFalse(o.latency.getTotalCount() > 0);
        }
    }
}
