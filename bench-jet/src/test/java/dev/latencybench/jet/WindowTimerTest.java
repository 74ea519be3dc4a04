package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The measuring stage's arithmetic with a fake clock: the arrival times are handed in, so every
 * latency is known to the nanosecond.
 */
class WindowTimerTest {
    private static final long MS = 1_000_000L;
    /** Events at 0, 1, 2 ms ... (1,000/s) from an aligned start; a 100 ms window sliding every 10 ms; 4 keys. */
    private static final EventSchedule SCHEDULE = new EventSchedule(1_000_000 * MS, 1_000, 4, 100 * MS, 10 * MS);
    /** A full window: 100 events, 25 per key. */
    private static final long END = 1_000_000 * MS + 500 * MS;

    /** A fake clock: the time the test says. */
    private long now;
    private final JobClock clock = () -> now;

    private List<long[]> arrive(WindowTimer t, long key, long end, long count, long atNs) {
        now = atNs;
        return t.accept(key, end, count, clock.nowNs());
    }

    @Test
    void aCompleteWindowReportsItsFirstAndLastResultFromItsEnd() {
        WindowTimer t = new WindowTimer(SCHEDULE);
        assertEquals(List.of(), arrive(t, 2, END, 25, END + 1_500));
        assertEquals(List.of(), arrive(t, 0, END, 25, END + 2_000));
        assertEquals(List.of(), arrive(t, 3, END, 25, END + 2_750));
        List<long[]> done = arrive(t, 1, END, 25, END + 4_001);
        assertEquals(1, done.size());
        assertArrayEquals(WindowTiming.of(END, 1_500, 4_001, 4, 4, 0, true, 0), done.get(0));
    }

    @Test
    void aCountOtherThanTheSchedulesIsCounted() {
        WindowTimer t = new WindowTimer(SCHEDULE);
        arrive(t, 0, END, 25, END + 10);
        arrive(t, 1, END, 24, END + 20); // one event short
        arrive(t, 2, END, 25, END + 30);
        List<long[]> done = arrive(t, 7, END, 25, END + 40); // a key that does not exist
        assertEquals(2, done.get(0)[WindowTiming.WRONG]);
        assertEquals(1, done.get(0)[WindowTiming.COMPLETE], "every result arrived, two of them wrong");
    }

    @Test
    void aWindowMissingResultsIsGivenUpAWindowLengthLater() {
        WindowTimer t = new WindowTimer(SCHEDULE);
        arrive(t, 0, END, 25, END + 10);
        arrive(t, 1, END, 25, END + 20);
        List<long[]> all = new ArrayList<>();
        for (long end = END + 10 * MS; end <= END + 100 * MS; end += 10 * MS) {
            for (long k = 0; k < 4; k++) {
                all.addAll(arrive(t, k, end, SCHEDULE.expectedCount(k, end), end + 100));
            }
        }
        // END is given up when the window ending a full window length (100 ms) later arrives
        assertEquals(END, all.get(0)[WindowTiming.END]);
        assertEquals(0, all.get(0)[WindowTiming.COMPLETE]);
        assertEquals(2, all.get(0)[WindowTiming.RESULTS]);
        assertEquals(4, all.get(0)[WindowTiming.EXPECTED]);
        for (int i = 1; i < all.size(); i++) {
            assertEquals(END + i * 10 * MS, all.get(i)[WindowTiming.END], "in order");
            assertEquals(1, all.get(i)[WindowTiming.COMPLETE]);
            assertEquals(0, all.get(i)[WindowTiming.WRONG]);
            assertEquals(100, all.get(i)[WindowTiming.FIRST_NS]);
        }
    }

    @Test
    void aResultForAReportedWindowIsLateAndCountedWithTheNextReport() {
        WindowTimer t = new WindowTimer(SCHEDULE);
        for (long k = 0; k < 4; k++) {
            arrive(t, k, END, 25, END + 10);
        }
        assertEquals(List.of(), arrive(t, 0, END, 25, END + 20), "a duplicate: no report of its own");
        long next = END + 10 * MS;
        List<long[]> done = new ArrayList<>();
        for (long k = 0; k < 4; k++) {
            done.addAll(arrive(t, k, next, SCHEDULE.expectedCount(k, next), next + 5));
        }
        assertEquals(1, done.get(0)[WindowTiming.LATE]);
    }

    @Test
    void windowsAreReportedInOrderEvenWhenALaterOneCompletesFirst() {
        WindowTimer t = new WindowTimer(SCHEDULE);
        long next = END + 10 * MS;
        arrive(t, 0, END, 25, END + 10);
        for (long k = 0; k < 4; k++) {
            assertEquals(List.of(), arrive(t, k, next, SCHEDULE.expectedCount(k, next), next + 10));
        }
        List<long[]> done = new ArrayList<>();
        for (long k = 1; k < 4; k++) {
            done.addAll(arrive(t, k, END, 25, next + 20));
        }
        assertEquals(2, done.size());
        assertEquals(END, done.get(0)[WindowTiming.END]);
        assertEquals(10 * MS + 20, done.get(0)[WindowTiming.LAST_NS]);
        assertEquals(next, done.get(1)[WindowTiming.END]);
    }
}
