package dev.latencybench.jet;

import java.io.Serializable;

import dev.latencybench.core.time.Clocks;

/**
 * The time the job's stages read, in epoch ns; serializable, as the job carries it. {@link #SYSTEM} maps the
 * monotonic clock onto the epoch once, so it neither jumps nor loses resolution.
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
