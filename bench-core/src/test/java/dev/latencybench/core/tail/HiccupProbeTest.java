package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.time.Clock;

class HiccupProbeTest {
    private static final long MS = 1_000_000;

    /** Sleeps exactly as asked, plus the next scripted oversleep; a read of a watched thread takes {@code readNs}. */
    static final class FakeClock implements Clock {
        long nowNs = 1_000 * MS;
        final ArrayDeque<Long> oversleepNs = new ArrayDeque<>();

        @Override
        public long nanoTime() {
            return nowNs;
        }

        @Override
        public void sleepNanos(long ns) {
            Long extra = oversleepNs.poll();
            nowNs += ns + (extra == null ? 0 : extra);
        }
    }

    /** A thread's run-queue delay, as scripted per read; -1 once the script ends (the thread ended). */
    static final class ScriptedDelay implements HiccupProbe.DelaySource {
        final ArrayDeque<Long> delaysNs = new ArrayDeque<>();
        boolean closed;

        ScriptedDelay(long... delaysNs) {
            for (long d : delaysNs) {
                this.delaysNs.add(d);
            }
        }

        @Override
        public long readNs() {
            Long d = delaysNs.poll();
            return d == null ? -1 : d;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aWakeUpLaterThanTheBoundIsAStallFromItsDueTimeToTheWakeUp() {
        FakeClock clock = new FakeClock();
        HiccupProbe p = new HiccupProbe(clock, MS, 10);
        clock.oversleepNs.addAll(List.of(0L, MS, MS + 1, 5 * MS));
        long start = clock.nowNs;
        for (int i = 0; i < 4; i++) {
            p.look();
        }
        StallBuffer s = p.stalls();
        assertEquals(2, s.size(), "1 ms late is within the bound; 1 ms + 1 ns and 5 ms are not");
        long due3 = start + 4 * MS; // looks 1 and 2 took 1 ms and 2 ms, look 3 was due 1 ms after it began
        assertEquals(due3, s.startNs(0));
        assertEquals(due3 + MS + 1, s.endNs(0));
        assertEquals(0, s.source(0));
        long due4 = due3 + MS + 1 + MS;
        assertEquals(due4, s.startNs(1));
        assertEquals(due4 + 5 * MS, s.endNs(1));
        assertEquals(HiccupProbe.LATE_WAKE_UP, p.sourceNames().get(0));
    }

    @Test
    void aRunQueueDelayThatGrewBeyondTheBoundIsAStallThatHoldsTheWait() {
        FakeClock clock = new FakeClock();
        HiccupProbe p = new HiccupProbe(clock, MS, 10);
        ScriptedDelay d = new ScriptedDelay(7 * MS, 7 * MS + MS / 2, 7 * MS + MS / 2 + 3 * MS);
        assertTrue(p.watch(11, "run queue of pacer", d));
        p.look(); // adopts it: 7 ms waited before it was watched is the baseline, not a stall
        long firstRead = clock.nowNs;
        p.look(); // grew 0.5 ms: within the bound
        long secondRead = clock.nowNs;
        p.look(); // grew 3 ms: a wait that ended after the second read began, and began no earlier than 3 ms before it
        long thirdRead = clock.nowNs;
        StallBuffer s = p.stalls();
        assertEquals(1, s.size());
        assertEquals(secondRead - 3 * MS, s.startNs(0));
        assertEquals(thirdRead, s.endNs(0));
        assertEquals("run queue of pacer", p.sourceNames().get(s.source(0)));
        assertEquals(firstRead + MS, secondRead, "one tick between looks on the fake clock");
        assertFalse(d.closed);
        p.look(); // the script has ended: the thread ended, its place is given back
        assertTrue(d.closed);
        assertEquals(1, s.size());
    }

    @Test
    void aThreadIsWatchedOnceAndAtMostSixteenAtOnce() {
        HiccupProbe p = new HiccupProbe(new FakeClock(), MS, 10);
        assertTrue(p.watch(1, "a", new ScriptedDelay(0)));
        ScriptedDelay again = new ScriptedDelay(0);
        assertFalse(p.watch(1, "a", again), "the same thread twice");
        assertTrue(again.closed);
        for (int i = 2; i <= HiccupProbe.MOST_WATCHED; i++) {
            assertTrue(p.watch(i, "t" + i, new ScriptedDelay(0)));
        }
        ScriptedDelay seventeenth = new ScriptedDelay(0);
        assertFalse(p.watch(99, "t99", seventeenth));
        assertTrue(seventeenth.closed);
        p.look(); // adopts the sixteen (their baselines) ...
        p.look(); // ... whose scripts end: all ended, their places free again
        assertTrue(p.watch(100, "t100", new ScriptedDelay(0)));
    }

    @Test
    void aFullBufferCountsTheStallsItDoesNotKeep() {
        FakeClock clock = new FakeClock();
        HiccupProbe p = new HiccupProbe(clock, MS, 2);
        for (int i = 0; i < 5; i++) {
            clock.oversleepNs.add(2 * MS);
            p.look();
        }
        assertEquals(2, p.stalls().size());
        assertEquals(3, p.stalls().notKept());
    }

    @Test
    void theSecondFieldOfSchedstatIsTheRunQueueDelay() {
        assertEquals(448104, RunQueueDelay.secondField(bytes("38005725 448104 20\n")));
        assertEquals(-1, RunQueueDelay.secondField(bytes("38005725")));
        assertEquals(-1, RunQueueDelay.secondField(bytes("")));
    }

    @Test
    void theCallingThreadsRunQueueDelayIsReadWhereLinuxHasIt() {
        RunQueueDelay d = RunQueueDelay.ofCurrentThread();
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return;
        }
        assertTrue(d != null, "/proc/thread-self/schedstat on Linux");
        long first = d.readNs();
        assertTrue(first >= 0);
        assertTrue(d.readNs() >= first, "a sum that never falls");
        d.close();
    }

    private static ByteBuffer bytes(String s) {
        ByteBuffer b = ByteBuffer.allocate(96);
        b.put(s.getBytes(StandardCharsets.US_ASCII));
        return b;
    }
}
