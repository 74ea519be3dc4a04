package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class EventScheduleTest {
    private static final long MS = 1_000_000L;
    private static final long START = 1_700_000_000_000L * MS + 3 * MS; // an epoch time that is not slide-aligned

    @Test
    void timestampsComeFromTheScheduleToTheNanosecond() {
        EventSchedule s = new EventSchedule(START, 3, 10, 1_000 * MS, 10 * MS);
        assertEquals(START, s.timestampNs(0));
        assertEquals(START + 333_333_333, s.timestampNs(1));
        assertEquals(START + 666_666_666, s.timestampNs(2));
        assertEquals(START + 1_000_000_000, s.timestampNs(3));
        long far = 30_000_000_000L; // 10^10 s at 3/s: n * 10^9 would overflow
        assertEquals(START + far / 3 * 1_000_000_000L, s.timestampNs(far));
    }

    @Test
    void firstAtOrAfterIsTheInverseOfTheTimestamps() {
        EventSchedule s = new EventSchedule(START, 7_000, 10, 1_000 * MS, 10 * MS);
        for (long n = 0; n < 20_000; n += 37) {
            long t = s.timestampNs(n);
            assertEquals(n, s.firstAtOrAfter(t), "at " + n);
            assertEquals(n + 1, s.firstAtOrAfter(t + 1), "just after " + n);
        }
        assertEquals(0, s.firstAtOrAfter(START - 5 * MS));
    }

    @Test
    void aFullWindowHoldsRateTimesLengthEventsSpreadOverTheKeys() {
        // 10,000 events/s, 1 s window: 10,000 events; 300 keys: 33 or 34 each
        EventSchedule s = new EventSchedule(START, 10_000, 300, 1_000 * MS, 10 * MS);
        long end = START - 3 * MS + 5_000 * MS; // slide-aligned, well past the first full window
        assertEquals(10_000, s.eventsIn(end));
        assertEquals(300, s.expectedResults(end));
        long sum = 0;
        for (long k = 0; k < 300; k++) {
            long c = s.expectedCount(k, end);
            assertEquals(true, c == 33 || c == 34, "key " + k + ": " + c);
            sum += c;
        }
        assertEquals(10_000, sum);
    }

    @Test
    void theFirstWindowsArePartialAndHaveFewerKeys() {
        EventSchedule s = new EventSchedule(START, 1_000, 50, 1_000 * MS, 10 * MS);
        long firstEnd = START - 3 * MS + 10 * MS; // events at START .. +6 ms: 7 events, keys 0..6
        assertEquals(7, s.eventsIn(firstEnd));
        assertEquals(7, s.expectedResults(firstEnd));
        assertEquals(1, s.expectedCount(6, firstEnd));
        assertEquals(0, s.expectedCount(7, firstEnd));
    }

    @Test
    void aWindowThatIsNotWholeSlidesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new EventSchedule(START, 10, 10, 1_005 * MS, 10 * MS));
        assertThrows(IllegalArgumentException.class, () -> new EventSchedule(START, 10, 0, 1_000 * MS, 10 * MS));
    }
}
