package dev.latencybench.core.passthrough;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How a pass-through stage waits when its ring is empty (or full): it spins a little, then parks
 * for short sleeps until work arrives. A pass-through of N hops runs N + 2 threads; spinning them all
 * would take every CPU of a 2-core CI machine, starve the paced source and the session's monitor,
 * and measure the scheduler instead of the hand-over. So the price of an idle stage is paid in
 * latency: a message that finds its stage parked waits for the park to end (tens of microseconds on
 * Linux, whose timer slack is 50 us by default), and that wait is in the figures. A study that wants
 * the spinning floor runs fewer hops, or pins them to cores of their own.
 *
 * <p>Not thread-safe: one per stage thread. Cost: no allocation; one {@code onSpinWait} per turn
 * while spinning, one {@code parkNanos} per turn after.
 */
final class BackOff {
    /**
     * Turns of {@code Thread.onSpinWait} before parking: a PAUSE instruction takes about 10 to 140
     * cycles depending on the CPU, so this is a few to some tens of microseconds.
     */
    static final int SPIN_TURNS = 1_000;
    /** One parked wait once spinning gave nothing. */
    static final long PARK_NS = TimeUnit.MICROSECONDS.toNanos(50);

    private int turns;

    /** Waits a little; call it again while there is nothing to do. */
    void idle() {
        if (turns < SPIN_TURNS) {
            turns++;
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(PARK_NS);
        }
    }

    /** Work arrived: the next wait starts by spinning again. */
    void reset() {
        turns = 0;
    }
}
