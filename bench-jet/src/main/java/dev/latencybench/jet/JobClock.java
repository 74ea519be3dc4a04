package dev.latencybench.jet;

import java.io.Serializable;

import dev.latencybench.core.time.Clocks;

/**
 * The time the job's source and measuring stage read, in epoch nanoseconds: serializable, because
 * the job carries it to the member that runs it. {@link #SYSTEM} is the suite's monotonic clock
 * mapped once onto the epoch (bench-core's {@link Clocks}), so it neither jumps with the wall clock
 * nor loses the monotonic clock's resolution; tests hand in a fake.
 */
@FunctionalInterface
interface JobClock extends Serializable {
    /** The system's clocks, anchored once per JVM. */
    JobClock SYSTEM = SystemJobClock.INSTANCE;

    long nowNs();

    /** The system's clocks; an enum so that it stays one instance when the job is deserialized. */
    enum SystemJobClock implements JobClock {
        INSTANCE;

        private static final Clocks CLOCKS = Clocks.system();

        @Override
        public long nowNs() {
            return CLOCKS.toEpochNanos(CLOCKS.monotonic().nanoTime());
        }
    }
}
