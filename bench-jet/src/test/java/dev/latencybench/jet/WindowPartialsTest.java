package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A processor's partial check against the schedule's own arithmetic. */
class WindowPartialsTest {
    private static final long MS = 1_000_000L;

    @Test
    void theDivisionFreeCheckAgreesWithTheScheduleForEveryKeyAndWindow() {
        // 1,234 events/s, 7 keys, a 50 ms window sliding every 10 ms: windows hold 61 or 62 events, unevenly split
        EventSchedule s = new EventSchedule(1_000_000 * MS + 3, 1_234, 7, 50 * MS, 10 * MS);
        for (long end = 1_000_000 * MS; end < 1_000_000 * MS + 2_000 * MS; end += 10 * MS) {
            WindowPartials.Open o = new WindowPartials.Open(s, end, end);
            for (long k = 0; k < 7; k++) {
                assertEquals(s.expectedCount(k, end), o.expectedCount(k), "key " + k + " window end " + end);
            }
        }
    }
}
