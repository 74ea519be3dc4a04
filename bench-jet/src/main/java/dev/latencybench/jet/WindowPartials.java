package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The first half of the measuring stage, one per processor: per window end, the first and last arrival, the results
 * and wrong counts, flushed as a partial {@link WindowTiming} once the watermark passes it (Jet emits a window's
 * results before that watermark). No division per result; allocates per window end only. Not thread-safe.
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

    /** The partials of the window ends at or before {@code watermark}, in order; late results ride on the first. */
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
     * A window end still receiving results, with its per-key count worked out once so that a result's check costs two
     * comparisons and no division (as {@link EventSchedule#countOfKey} has it).
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
