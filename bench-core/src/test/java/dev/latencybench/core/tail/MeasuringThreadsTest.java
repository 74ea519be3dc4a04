package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A thread declared measuring before the probe starts (a task's worker, pinned in its set-up) is watched once the
 * probe starts; one declared after, at once. Linux only: the run-queue wait is {@code /proc}'s.
 */
@Isolated // the declarations are the JVM's
class MeasuringThreadsTest {
    @AfterEach
    void forget() {
        MeasuringThreads.reset();
    }

    private static boolean declaredFrom(String threadName) throws InterruptedException {
        AtomicBoolean declared = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            declared.set(MeasuringThreads.declareCurrentThread());
            done.countDown();
            try {
                end.await(); // alive while the probe adopts it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, threadName);
        t.setDaemon(true);
        t.start();
        done.await();
        return declared.get();
    }

    @Test
    void aThreadDeclaredBeforeTheProbeStartsIsWatchedOnceItDoes() throws InterruptedException {
        assumeTrue(Files.exists(Paths.get("/proc/thread-self")), "no /proc/thread-self here");
        assertTrue(declaredFrom("test-worker"));
        HiccupProbe probe = new HiccupProbe(new HiccupProbeTest.FakeClock(), HiccupProbe.BOUND_NS, 10);
        MeasuringThreads.attach(probe);
        assertTrue(declaredFrom("test-consumer"));
        assertEquals(List.of(HiccupProbe.LATE_WAKE_UP, "run queue of test-worker", "run queue of test-consumer"),
                probe.sourceNames());
    }
}
