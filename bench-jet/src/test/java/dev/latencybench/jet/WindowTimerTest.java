package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The measuring stage's arithmetic with a fake clock, both halves together: two processors'
 * {@link WindowPartials} (as two aggregating processors would feed them), flushed by the watermark,
 * and the {@link WindowTimer} that merges their partials. The arrival times are handed in, so every
 * latency is known to the nanosecond.
 */
class WindowTimerTest {
    private static final long MS = 1_000_000L;
    /** Events at 0, 1, 2 ms ... (1,000/s) from an aligned start; a 100 ms window sliding every 10 ms; 4 keys. */
    private static final EventSchedule SCHEDULE = new EventSchedule(1_000_000 * MS, 1_000, 4, 100 * MS, 10 * MS);
    /** A full window: 100 events, 25 per key. */
    private static final long END = 1_000_000 * MS + 500 * MS;

    private final WindowPartials[] processors = {new WindowPartials(SCHEDULE), new WindowPartials(SCHEDULE)};
    private final WindowTimer timer = new WindowTimer(SCHEDULE);
    /** A fake clock: the time the test says. */
    private long now;
    private final JobClock clock = () -> now;

    /** A result reaching processor {@code p} (keys 0 and 2 go to the first, 1 and 3 to the second unless said). */
    private void arrive(int p, long key, long end, long count, long atNs) {
        now = atNs;
        processors[p].accept(key, end, count, clock.nowNs());
    }

    private void arrive(long key, long end, long count, long atNs) {
        arrive((int) (key & 1), key, end, count, atNs);
    }

    /** The watermark reaches both processors; their partials go to the timer, in the order they flush. */
    private List<long[]> watermark(long wm) {
        List<long[]> done = new ArrayList<>();
        for (WindowPartials p : processors) {
            for (long[] partial : p.flush(wm)) {
                done.addAll(timer.accept(partial));
            }
        }
        return done;
    }

    /** Every key's correct result for {@code end} at {@code atNs}, then the watermark at {@code end}. */
    private List<long[]> fullWindow(long end, long atNs) {
        for (long k = 0; k < 4; k++) {
            arrive(k, end, SCHEDULE.expectedCount(k, end), atNs);
        }
        return watermark(end);
    }

    @Test
    void aCompleteWindowReportsItsFirstAndLastResultFromItsEndAcrossProcessors() {
        arrive(2, END, 25, END + 1_500);
        arrive(0, END, 25, END + 2_000);
        arrive(3, END, 25, END + 2_750);
        arrive(1, END, 25, END + 4_001);
        assertEquals(List.of(), watermark(END - 1), "the watermark has not passed the window end");
        List<long[]> done = watermark(END);
        assertEquals(1, done.size());
        assertArrayEquals(WindowTiming.of(END, 1_500, 4_001, 4, 4, 0, true, 0), done.get(0));
    }

    @Test
    void aProcessorWithNoResultForAWindowEndSendsNoPartialAndTheOthersComplete() {
        for (long k = 0; k < 4; k++) {
            arrive(0, k, END, 25, END + 10 + k);
        }
        List<long[]> done = watermark(END);
        assertArrayEquals(WindowTiming.of(END, 10, 13, 4, 4, 0, true, 0), done.get(0));
    }

    @Test
    void aCountOtherThanTheSchedulesIsCounted() {
        arrive(0, END, 25, END + 10);
        arrive(1, END, 24, END + 20); // one event short
        arrive(2, END, 25, END + 30);
        arrive(1, 7, END, 25, END + 40); // a key that does not exist
        List<long[]> done = watermark(END);
        assertEquals(2, done.get(0)[WindowTiming.WRONG]);
        assertEquals(1, done.get(0)[WindowTiming.COMPLETE], "every result arrived, two of them wrong");
    }

    @Test
    void aWindowMissingResultsIsGivenUpAWindowLengthLater() {
        arrive(0, END, 25, END + 10);
        arrive(1, END, 25, END + 20);
        List<long[]> all = new ArrayList<>(watermark(END));
        for (long end = END + 10 * MS; end <= END + 100 * MS; end += 10 * MS) {
            all.addAll(fullWindow(end, end + 100));
        }
        // END is given up when a partial for the window ending a full window length (100 ms) later arrives
        assertEquals(END, all.get(0)[WindowTiming.END]);
        assertEquals(0, all.get(0)[WindowTiming.COMPLETE]);
        assertEquals(2, all.get(0)[WindowTiming.RESULTS]);
        assertEquals(4, all.get(0)[WindowTiming.EXPECTED]);
        assertEquals(11, all.size(), "every window end once");
        for (int i = 1; i < all.size(); i++) {
            assertEquals(END + i * 10 * MS, all.get(i)[WindowTiming.END], "in order");
            assertEquals(1, all.get(i)[WindowTiming.COMPLETE]);
            assertEquals(0, all.get(i)[WindowTiming.WRONG]);
            assertEquals(100, all.get(i)[WindowTiming.FIRST_NS]);
        }
    }

    @Test
    void aResultAfterItsWatermarkIsLateAndCountedWithTheNextReport() {
        assertEquals(1, fullWindow(END, END + 10).size());
        arrive(0, END, 25, END + 20); // a duplicate after the watermark passed its end
        List<long[]> done = fullWindow(END + 10 * MS, END + 10 * MS + 5);
        assertEquals(1, done.get(0)[WindowTiming.LATE]);
        assertEquals(1, done.get(0)[WindowTiming.COMPLETE], "the late result is not counted in its window");
    }

    @Test
    void aPartialForAReportedWindowEndIsLate() {
        WindowPartials straggler = new WindowPartials(SCHEDULE);
        straggler.accept(0, END, 25, END + 50);
        assertEquals(1, fullWindow(END, END + 10).size());
        assertEquals(List.of(), timer.accept(straggler.flush(END).get(0)));
        List<long[]> done = fullWindow(END + 10 * MS, END + 10 * MS + 5);
        assertEquals(1, done.get(0)[WindowTiming.LATE]);
    }

    @Test
    void windowsAreReportedInOrderEvenWhenALaterOneCompletesFirst() {
        long next = END + 10 * MS;
        for (long k = 0; k < 4; k++) {
            arrive(k, END, 25, END + 10 + k);
            arrive(k, next, SCHEDULE.expectedCount(k, next), next + 10);
        }
        List<long[]> p0 = processors[0].flush(next);
        List<long[]> p1 = processors[1].flush(next);
        assertEquals(List.of(), timer.accept(p0.get(0)));
        assertEquals(List.of(), timer.accept(p0.get(1)));
        assertEquals(List.of(), timer.accept(p1.get(1)), "next is complete, but END is not yet");
        List<long[]> done = timer.accept(p1.get(0));
        assertEquals(2, done.size());
        assertArrayEquals(WindowTiming.of(END, 10, 13, 4, 4, 0, true, 0), done.get(0));
        assertEquals(next, done.get(1)[WindowTiming.END]);
        assertEquals(1, done.get(1)[WindowTiming.COMPLETE]);
    }
}
