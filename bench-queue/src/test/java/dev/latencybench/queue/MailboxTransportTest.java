package dev.latencybench.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import dev.latencybench.queue.oneway.MessageTransport;

class MailboxTransportTest extends TransportContract {
    @Override
    MessageTransport open(Path folder) {
        return new MailboxTransport();
    }

    @Test
    void holdsOneMessageAtATime() {
        MailboxTransport t = new MailboxTransport();
        long[] got = new long[3];
        assertEquals(0, t.poll((s, i, a) -> { }));
        assertTrue(t.trySend(7, 100, 150));
        assertFalse(t.trySend(8, 200, 250), "the slot is full until the consumer empties it");
        assertEquals(1, t.poll((s, i, a) -> {
            got[0] = s;
            got[1] = i;
            got[2] = a;
        }));
        assertArrayEquals(new long[] {7, 100, 150}, got);
        assertEquals(0, t.poll((s, i, a) -> { }));
        assertTrue(t.trySend(8, 200, 250));
        assertEquals(24, t.payloadBytes());
    }

    @Test
    void theMailboxIsOneAlignedCacheLine() {
        for (int i = 0; i < 10; i++) {
            assertTrue(new MailboxTransport().isOneAlignedLine());
        }
    }

    @Test
    void passesEveryMessageBetweenTwoThreads() throws Exception {
        MailboxTransport t = new MailboxTransport();
        int n = 200_000;
        AtomicLong sum = new AtomicLong();
        AtomicLong count = new AtomicLong();
        Thread consumer = new Thread(() -> {
            while (count.get() < n) {
                t.poll((s, i, a) -> {
                    if (i != s * 2 || a != s * 3) {
                        throw new AssertionError("torn message " + s);
                    }
                    sum.addAndGet(s);
                    count.incrementAndGet();
                });
            }
        });
        consumer.start();
        for (long s = 0; s < n; s++) {
            while (!t.trySend(s, s * 2, s * 3)) {
                Thread.onSpinWait();
            }
        }
        consumer.join(30_000);
        assertEquals(n, count.get());
        assertEquals((long) n * (n - 1) / 2, sum.get());
    }
}
