package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The second half of the measuring stage, in the benchmark JVM: merges the {@link WindowPartials} into one
 * {@link WindowTiming} per window end, reported in order once complete, or given up a window length later.
 * Not thread-safe.
 */
final class WindowTimer {
    private final EventSchedule schedule;
    private final TreeMap<Long, long[]> open = new TreeMap<>();
    /** The greatest window end reported so far; partials for it or an earlier end are late. */
    private long reportedUpTo = Long.MIN_VALUE;
    private long late;

    WindowTimer(EventSchedule schedule) {
        this.schedule = schedule;
    }

    /** Takes one partial; returns the window ends it completed or gave up, in order of their end, often none. */
    List<long[]> accept(long[] partial) {
        long end = partial[WindowTiming.END];
        late += partial[WindowTiming.LATE];
        if (end <= reportedUpTo) {
            late += partial[WindowTiming.RESULTS];
            return List.of();
        }
        long[] w = open.get(end);
        if (w == null) {
            w = WindowTiming.of(end, Long.MAX_VALUE, Long.MIN_VALUE, 0, schedule.expectedResults(end), 0, false, 0);
            open.put(end, w);
        }
        w[WindowTiming.FIRST_NS] = Math.min(w[WindowTiming.FIRST_NS], partial[WindowTiming.FIRST_NS]);
        w[WindowTiming.LAST_NS] = Math.max(w[WindowTiming.LAST_NS], partial[WindowTiming.LAST_NS]);
        w[WindowTiming.RESULTS] += partial[WindowTiming.RESULTS];
        w[WindowTiming.WRONG] += partial[WindowTiming.WRONG];
        List<long[]> done = new ArrayList<>(0);
        Iterator<Map.Entry<Long, long[]>> it = open.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, long[]> e = it.next();
            long[] t = e.getValue();
            boolean complete = t[WindowTiming.RESULTS] >= t[WindowTiming.EXPECTED];
            boolean givenUp = e.getKey() <= end - schedule.windowNs();
            if (!complete && !givenUp) {
                break; // reported in order: a later window waits for this one
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
