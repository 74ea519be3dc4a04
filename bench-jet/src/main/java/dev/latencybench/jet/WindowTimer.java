package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measuring stage's state: it receives every window result (key, window end, count) with the
 * time it arrived, and per window end keeps the arrival of its first and last result, how many came
 * and how many had a count other than the schedule's. A window end is reported ({@link WindowTiming})
 * once all its results arrived, or, given up with the results it has, once a result arrives for a
 * window a whole window length later. Window ends are reported in order: each aggregating processor
 * emits its windows in order, so once a window end has every result, the earlier ones have theirs.
 * The latency is arrival minus the window's end: the time the
 * pipeline took to start (first) and to finish (last) emitting the window's result set.
 *
 * <p>One instance sees every result (the pipeline routes them all to one key); not thread-safe.
 * Allocates per window end, not per result; a result costs a comparison or a map look-up and a few
 * divisions.
 */
final class WindowTimer {
    private final EventSchedule schedule;
    private final TreeMap<Long, Open> open = new TreeMap<>();
    /** The window the last result was for: results come in runs of the same window end. */
    private Open lastOpen;
    /** The greatest window end reported so far; results for it or an earlier end are late. */
    private long reportedUpTo = Long.MIN_VALUE;
    private long late;

    WindowTimer(EventSchedule schedule) {
        this.schedule = schedule;
    }

    /**
     * Takes one result, received at {@code nowNs} (epoch ns, the clock the schedule's timestamps
     * use); returns the window ends it completed or gave up, in order of their end, often none.
     */
    List<long[]> accept(long key, long end, long count, long nowNs) {
        if (end <= reportedUpTo) {
            late++;
            return List.of();
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
        if (w[WindowTiming.RESULTS] < w[WindowTiming.EXPECTED] && open.firstKey() == end) {
            return List.of(); // the oldest window is still filling: nothing can be reported
        }
        List<long[]> done = new ArrayList<>(0);
        Iterator<Map.Entry<Long, Open>> it = open.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, Open> e = it.next();
            long[] t = e.getValue().timing;
            boolean complete = t[WindowTiming.RESULTS] >= t[WindowTiming.EXPECTED];
            boolean givenUp = e.getKey() <= end - schedule.windowNs();
            if (!complete && !givenUp) {
                break; // reported in order: a later window cannot be complete while this one is not
            }
            t[WindowTiming.COMPLETE] = complete && t[WindowTiming.RESULTS] == t[WindowTiming.EXPECTED] ? 1 : 0;
            t[WindowTiming.LATE] = late;
            late = 0;
            reportedUpTo = Math.max(reportedUpTo, e.getKey());
            done.add(t);
            it.remove();
            if (e.getValue() == lastOpen) {
                lastOpen = null;
            }
        }
        return done;
    }

    /** A window end still receiving results: its timing, and the events its window holds, found once. */
    private static final class Open {
        final long[] timing;
        private final EventSchedule schedule;
        private final long from;
        private final long to;

        Open(EventSchedule schedule, long end, long nowNs) {
            this.schedule = schedule;
            this.from = schedule.firstAtOrAfter(end - schedule.windowNs());
            this.to = schedule.firstAtOrAfter(end);
            this.timing = WindowTiming.of(end, nowNs - end, nowNs - end, 0, Math.min(schedule.keys(), to - from), 0,
                    false, 0);
        }

        long expectedCount(long key) {
            return schedule.countOfKey(key, from, to);
        }
    }
}
