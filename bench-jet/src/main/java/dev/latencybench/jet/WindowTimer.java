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
 * Allocates per window end, not per result.
 */
final class WindowTimer {
    private final EventSchedule schedule;
    private final TreeMap<Long, long[]> open = new TreeMap<>();
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
        long[] w = open.get(end);
        if (w == null) {
            w = WindowTiming.of(end, nowNs - end, nowNs - end, 0, schedule.expectedResults(end), 0, false, 0);
            open.put(end, w);
        }
        w[WindowTiming.LAST_NS] = nowNs - end;
        w[WindowTiming.RESULTS]++;
        if (key < 0 || key >= schedule.keys() || count != schedule.expectedCount(key, end)) {
            w[WindowTiming.WRONG]++;
        }
        List<long[]> done = new ArrayList<>(0);
        Iterator<Map.Entry<Long, long[]>> it = open.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, long[]> e = it.next();
            long[] t = e.getValue();
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
        }
        return done;
    }
}
