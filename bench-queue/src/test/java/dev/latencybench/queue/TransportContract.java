package dev.latencybench.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.queue.oneway.MessageHandler;
import dev.latencybench.queue.oneway.MessageTransport;

/**
 * What every transport of the queue study promises, as the harness uses it: one producer thread
 * and one consumer thread, every message delivered once, whole and in order, nothing allocated per
 * message once warm, and nothing left behind by {@code close}. A transport's test extends this and
 * says how to open one; the tests here then run against it.
 */
abstract class TransportContract {
    /** Messages per run between the two threads: enough for the JIT to compile both loops. */
    static final int MESSAGES = 200_000;
    /**
     * The most either loop may allocate over {@link #MESSAGES} once warm: a quarter of a byte per message, 50 KB. One
     * object per message would be 3.2 MB, one per 32 messages 100 KB. What a warm loop allocates is a fixed cost that
     * does not grow with the messages: 0.8 to 7.8 KB in 26 runs on a 2-vCPU VM, 21.9 KB once in CI. Each side is
     * counted on the thread that warmed up, as in the harness: a fresh producer thread once allocated 22,816 bytes
     * in its first sends.
     */
    static final long ALLOCATION_BOUND = MESSAGES / 4;
    /** Spins before a side with nothing to do parks. */
    private static final int SPINS = 100;

    @TempDir
    Path folder;

    /** Opens the transport under test; files, if it has any, go under {@code folder}. */
    abstract MessageTransport open(Path folder);

    /**
     * Sends {@code count} messages numbered from {@code first} on a producer thread, receives them here. A side that
     * finds nothing to do spins a little, then parks for a microsecond (the test checks delivery and allocation, not
     * latency): a thread that spins or yields gets a CPU that other busy processes share only a scheduler slice at a
     * time, so a one-message mailbox then moved about 340 messages a second; one that wakes from a park is scheduled
     * at once. At the deadline the producer is stopped and waited for, so that no message of this exchange can reach
     * the next one. Each side's allocation is counted from the {@code warm}th message on, on the thread that sent or
     * received the ones before it.
     */
    private static long[] exchange(MessageTransport t, long first, int count, int warm, long[] allocated)
            throws Exception {
        AtomicReference<Throwable> producerError = new AtomicReference<>();
        AtomicBoolean stop = new AtomicBoolean();
        Thread producer = new Thread(() -> {
            try {
                t.onProducerStart();
                long before = threadAllocatedBytes();
                for (long s = first; s < first + count && !stop.get(); s++) {
                    if (s == first + warm) {
                        before = threadAllocatedBytes();
                    }
                    for (int spins = 0; !t.trySend(s, s * 2, s * 3); spins++) {
                        if (stop.get()) {
                            return;
                        }
                        idle(spins);
                    }
                }
                allocated[0] = threadAllocatedBytes() - before;
            } catch (Throwable e) {
                producerError.set(e);
            }
        });
        long[] state = {first, 0}; // next expected sequence, messages out of order or torn
        MessageHandler check = (s, intended, actual) -> {
            if (s != state[0] || intended != s * 2 || actual != s * 3) {
                state[1]++;
            }
            state[0] = s + 1;
        };
        producer.start();
        long before = threadAllocatedBytes();
        long received = 0;
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (int spins = 0; received < count && System.nanoTime() < deadline && producerError.get() == null; ) {
            if (received < warm) {
                before = threadAllocatedBytes();
            }
            int got = t.poll(check);
            spins = got == 0 ? spins + 1 : 0;
            if (got == 0) {
                idle(spins);
            }
            received += got;
        }
        allocated[1] = threadAllocatedBytes() - before;
        stop.set(true);
        producer.join(60_000);
        assertFalse(producer.isAlive(), "the producer stopped");
        assertNull(producerError.get(), "the producer failed");
        return new long[] {received, state[1]};
    }

    private static void idle(int spins) {
        if (spins < SPINS) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(1_000);
        }
    }

    private static long threadAllocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void everyMessageArrivesOnceWholeAndInOrderAndTheLoopsAllocateNothingPerMessage() throws Exception {
        try (MessageTransport t = open(folder)) {
            t.onConsumerStart();
            long[] allocated = new long[2];
            // the first MESSAGES warm up (class loading, JIT, the first queue file); the next MESSAGES are counted
            long[] got = exchange(t, 0, 2 * MESSAGES, MESSAGES, allocated);
            t.onConsumerStop();
            assertEquals(2 * MESSAGES, got[0], "received");
            assertEquals(0, got[1], "out of order or torn");
            // a fixed cost at most; one object per message would be 16 bytes or more each
            assertTrue(allocated[0] < ALLOCATION_BOUND, "the producer allocated " + allocated[0] + " bytes");
            assertTrue(allocated[1] < ALLOCATION_BOUND, "the consumer allocated " + allocated[1] + " bytes");
        }
    }

    @Test
    void closeLeavesNothingBehind() throws Exception {
        MessageTransport t = open(folder);
        t.onConsumerStart();
        exchange(t, 0, 1_000, 0, new long[2]);
        t.onConsumerStop();
        t.close();
        try (Stream<Path> left = Files.list(folder)) {
            assertEquals(0, left.count(), "files left in " + folder);
        }
    }
}
