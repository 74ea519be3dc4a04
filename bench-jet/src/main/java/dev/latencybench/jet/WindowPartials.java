package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The first half of the measuring stage, one per processor of the stage right after the aggregation
 * (a local edge, so no result crosses a partition or another member to be timed): it times the
 * results that processor receives and, per window end, keeps the arrival of its first and last,
 * how many came and how many had a count other than the schedule's (each key's count is checked
 * here, exactly as before). When the watermark passes a window end, every result for it has
 * arrived (Jet emits a window's results before the watermark that closes it), so the window end
 * leaves as one partial {@link WindowTiming} and {@link WindowTimer} merges the partials of all
 * processors. A result for a window end already flushed is counted late, in the next partial.
 *
 * <p>Work per result: a few comparisons and counters, no division; allocation per window end only.
 * Not thread-safe: one processor's.
 */
final class WindowPartials {
    private final EventSchedule schedule;
    private final TreeMap<Long, Open> open = new TreeMap<>();
    /** The window the last result was for: results come in runs of the same window end. */
    private Open lastOpen;
    /** The greatest watermark flushed so far; results for it or an earlier end are late. */
    private long flushedUpTo = Long.MIN_VALUE;
    private long late;

    WindowPartials(EventSchedule schedule) {
        this.schedule = schedule;
    }

    /** Takes one result, received at {@code nowNs} (epoch ns, the clock the schedule's timestamps use). */
    void accept(long key, long end, long count, long nowNs) {
        if (end <= flushedUpTo) {
            late++;
            return;
        }
        Open o = lastOpen != null && lastOpen.timing[WindowTiming.END] == end ? lastOpen : open.get(end);
        if (o == null) {
            o = new Open(schedule, end, nowNs);
            open.put(end, o);
        }
        lastOpen = o;
        long[] w = o.timing;
        w[WindowTiming.LAST_NS] = nowNs - end;
        w[WindowTiming.RESULTS]++;
        if (key < 0 || key >= schedule.keys() || count != o.expectedCount(key)) {
            w[WindowTiming.WRONG]++;
        }
    }

    /**
     * The watermark reached {@code watermark}: the partials of the window ends at or before it, in order
     * of their end, often one. Late results so far ride on the first of them.
     */
    List<long[]> flush(long watermark) {
        List<long[]> done = new ArrayList<>(1);
        Iterator<Map.Entry<Long, Open>> it = open.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, Open> e = it.next();
            if (e.getKey() > watermark) {
                break;
            }
            long[] t = e.getValue().timing;
            t[WindowTiming.LATE] = late;
            late = 0;
            done.add(t);
            it.remove();
        }
        lastOpen = null;
        flushedUpTo = Math.max(flushedUpTo, watermark);
        return done;
    }

    /**
     * A window end still receiving results: its partial timing, and the events its window holds, found
     * once. Events {@code [from, to)} give every key {@code to / keys - from / keys} of them, one more
     * for the keys below {@code to % keys} and one fewer for those below {@code from % keys} (as
     * {@link EventSchedule#countOfKey} has it), so a result's check costs two comparisons, no division.
     */
    static final class Open {
        final long[] timing;
        private final long perKey;
        private final long toRemainder;
        private final long fromRemainder;

        Open(EventSchedule schedule, long end, long nowNs) {
            long keys = schedule.keys();
            long from = schedule.firstAtOrAfter(end - schedule.windowNs());
            long to = schedule.firstAtOrAfter(end);
            this.perKey = to / keys - from / keys;
            this.toRemainder = to % keys;
            this.fromRemainder = from % keys;
            this.timing = WindowTiming.of(end, nowNs - end, nowNs - end, 0, Math.min(keys, to - from), 0, false, 0);
        }

        long expectedCount(long key) {
            return perKey + (toRemainder > key ? 1 : 0) - (fromRemainder > key ? 1 : 0);
        }
    }
}
