package dev.latencybench.core.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClocksTest {
    /** An epoch clock that stands still at a given instant. */
    private static EpochClock at(long epochNanos) {
        return new EpochClock() {
            @Override
            public long epochMillis() {
                return epochNanos / 1_000_000;
            }

            @Override
            public long epochNanos() {
                return epochNanos;
            }
        };
    }

    @Test
    void aMonotonicInstantMapsToTheEpochByOneFixedOffset() {
        FakeClock mono = new FakeClock(5_000_000_000L);
        Clocks clocks = new Clocks(mono, at(1_800_000_000_123_456_789L));
        assertEquals(1_800_000_000_123_456_789L, clocks.toEpochNanos(5_000_000_000L));
        assertEquals(1_800_000_000_123L, clocks.toEpochMillis(5_000_000_000L));
        mono.advance(2_500_000); // the offset was taken once: later readings do not move it
        assertEquals(1_800_000_000_125_956_789L, clocks.toEpochNanos(mono.nanoTime()));
        assertEquals(1_799_999_996_123L, clocks.toEpochMillis(1_000_000_000L), "4 s before the pairing");
        assertEquals(mono, clocks.monotonic());
    }

    @Test
    void intendedTimesKeepTheirSpacingOnTheEpoch() {
        Clocks clocks = Clocks.system();
        long t0 = 123_456_789L;
        assertEquals(10_000_000L, clocks.toEpochNanos(t0 + 10_000_000L) - clocks.toEpochNanos(t0));
        // read between two wall-clock readings, so a busy machine that pauses this thread between the reads
        // widens the bracket instead of failing the test
        long wallBefore = SystemClock.INSTANCE.epochMillis();
        long now = clocks.toEpochMillis(SystemClock.INSTANCE.nanoTime());
        long wallAfter = SystemClock.INSTANCE.epochMillis();
        assertTrue(now > wallBefore - 50 && now < wallAfter + 50, "the system mapping agrees with the wall clock: "
                + now + " vs " + wallBefore + ".." + wallAfter);
    }
}
