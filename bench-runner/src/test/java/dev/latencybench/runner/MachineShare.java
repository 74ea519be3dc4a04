package dev.latencybench.runner;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * How bench-runner's ITs share the machine in the one JVM failsafe runs them in, two classes at a time. A class that
 * runs beside others holds a share from before its first test to after its last ({@link Held}). README's smoke run
 * takes the machine alone while its queue cells run (100K msg/s on two spinning threads), then shares it: its chain
 * steps send 1,000 msg/s, and its Jet and start-up checks are of mechanics two ITs on two cores keep. Taking the machine
 * alone waits for every share to come back and holds back new ones meanwhile, first come first served. An IT that
 * needs the machine for all of its run (YourOwnTaskIT's verdict) is {@code @Isolated} instead.
 */
final class MachineShare {
    private static final int SHARES = 64;
    private static final Semaphore FREE = new Semaphore(SHARES, true);
    /**
     * Counted down once the machine was asked for alone. README's IT comes first ({@code @Order(1)}) but starts beside
     * the next class: that class's share waits for README's request, so the queue cells do not wait for a whole IT.
     */
    private static final CountDownLatch ALONE_ASKED = new CountDownLatch(1);
    /** How long a share waits for that request: where no IT asks (a run of one IT), the first share waits this once. */
    private static final long ASKED_WITHIN_S = 10;

    private MachineShare() {
    }

    /**
     * Waits, at most {@code minutes}, for the machine alone; false when other ITs held it all that while. Asked at
     * once, shares are held back until it is given back.
     */
    static boolean takeAlone(long minutes) throws InterruptedException {
        try {
            return FREE.tryAcquire(SHARES, minutes, TimeUnit.MINUTES);
        } finally {
            ALONE_ASKED.countDown();
        }
    }

    /** Gives back what {@link #takeAlone} took. */
    static void giveBackAlone() {
        FREE.release(SHARES);
    }

    /** An IT class's share, held for all of its tests: {@code @ExtendWith(MachineShare.Held.class)}. */
    static final class Held implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) throws InterruptedException {
            if (!ALONE_ASKED.await(ASKED_WITHIN_S, TimeUnit.SECONDS)) {
                ALONE_ASKED.countDown(); // none asked: the other shares need not wait
            }
            FREE.acquire();
        }

        @Override
        public void afterAll(ExtensionContext context) {
            FREE.release();
        }
    }
}
