package dev.latencybench.jet;

import java.util.concurrent.TimeUnit;

import com.hazelcast.jet.pipeline.SourceBuilder;
import com.hazelcast.map.IMap;

/**
 * The job's source: emits each event once its scheduled time has come, stamped with that time, so a pause's backlog
 * counts as latency and its lag shows whether the pipeline keeps up. Reports a {@link SourceState} every
 * {@link #REPORT_NS}. Jet runs it on a thread of its own; not thread-safe.
 */
final class ScheduledSource {
    /** Events per call: Jet's source buffer holds about a thousand. */
    static final int MAX_BATCH = 512;
    static final long REPORT_NS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The lag's rolling maximum covers this many reports (one second). */
    static final int LAG_BUCKETS = 20;

    private final EventSchedule schedule;
    private final JobClock clock;
    private final IMap<String, long[]> state;
    private final long[] lagBuckets = new long[LAG_BUCKETS];
    private long next;
    private long nextReportNs = Long.MIN_VALUE;
    private int bucket;

    ScheduledSource(EventSchedule schedule, JobClock clock, IMap<String, long[]> state) {
        this.schedule = schedule;
        this.clock = clock;
        this.state = state;
    }

    /** Emits what is due now; when nothing is, returns at once to let Jet's worker back off, saving a park per call. */
    void fill(SourceBuilder.TimestampedSourceBuffer<Long> buffer) {
        long now = clock.nowNs();
        long due = schedule.timestampNs(next);
        if (due > now) {
            report(now, 0);
            return;
        }
        for (int i = 0; i < MAX_BATCH && schedule.timestampNs(next) <= now; i++, next++) {
            buffer.add(next, EventSchedule.toJobMs(schedule.timestampNs(next)));
        }
        long nextDue = schedule.timestampNs(next);
        report(now, nextDue <= now ? now - nextDue : 0);
    }

    private void report(long now, long lagNs) {
        lagBuckets[bucket] = Math.max(lagBuckets[bucket], lagNs);
        if (now < nextReportNs) {
            return;
        }
        long max = 0;
        for (long b : lagBuckets) {
            max = Math.max(max, b);
        }
        state.setAsync(SourceState.KEY, SourceState.of(next, lagNs, max, now));
        bucket = (bucket + 1) % LAG_BUCKETS;
        lagBuckets[bucket] = 0;
        nextReportNs = now + REPORT_NS;
    }
}
