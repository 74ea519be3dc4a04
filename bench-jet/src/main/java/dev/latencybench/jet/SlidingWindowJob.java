package dev.latencybench.jet;

import com.hazelcast.jet.aggregate.AggregateOperations;
import com.hazelcast.jet.config.JobConfig;
import com.hazelcast.jet.config.ProcessingGuarantee;
import com.hazelcast.jet.datamodel.KeyedWindowResult;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.Sinks;
import com.hazelcast.jet.pipeline.SourceBuilder;
import com.hazelcast.jet.pipeline.StreamSource;
import com.hazelcast.jet.pipeline.StreamStage;
import com.hazelcast.jet.pipeline.WindowDefinition;

/**
 * The study's pipeline, with the suite's measuring stage ({@link PartialTimingP}) on a local edge at its end, so each
 * result is timed where it was emitted. {@code rebalance()} keeps the aggregation in one stage, as in the published
 * pipeline. Stateless.
 */
final class SlidingWindowJob {
    private SlidingWindowJob() {
    }

    /**
     * @param stateMap   the map the source reports its state into
     * @param observable the observable the measuring stage writes its partials to
     */
    static Pipeline pipeline(EventSchedule schedule, JobClock clock, String stateMap, String observable) {
        Pipeline p = Pipeline.create();
        counts(p, schedule, clock, stateMap)
                .<long[]>customTransform("lb-jet-measure", () -> new PartialTimingP(schedule, clock))
                .writeTo(Sinks.<long[]>observable(observable));
        return p;
    }

    /** The pipeline without the measuring stage, to show what the engine holds on its own. */
    static Pipeline unmeasured(EventSchedule schedule, JobClock clock, String stateMap) {
        Pipeline p = Pipeline.create();
        counts(p, schedule, clock, stateMap).writeTo(Sinks.noop());
        return p;
    }

    /** The study's own part: the source, the grouping, the sliding window and the count. */
    private static StreamStage<KeyedWindowResult<Long, Long>> counts(Pipeline p, EventSchedule schedule,
                                                                     JobClock clock, String stateMap) {
        long keys = schedule.keys();
        StreamSource<Long> source = SourceBuilder
                .timestampedStream("lb-jet-source", ctx -> new ScheduledSource(schedule, clock,
                        ctx.hazelcastInstance().<String, long[]>getMap(stateMap)))
                .<Long>fillBufferFn(ScheduledSource::fill)
                .build();
        return p.readFrom(source)
                .withNativeTimestamps(0)
                .rebalance()
                .groupingKey(n -> n % keys)
                .window(WindowDefinition.sliding(EventSchedule.toJobMs(schedule.windowNs()),
                        EventSchedule.toJobMs(schedule.slideNs())))
                .aggregate(AggregateOperations.counting());
    }

    /** The job's name and settings: no snapshots (the study measured none), the classes a remote cluster needs. */
    static JobConfig config(String name, Class<?>[] classes) {
        JobConfig c = new JobConfig().setName(name).setProcessingGuarantee(ProcessingGuarantee.NONE);
        if (classes.length > 0) {
            c.addClass(classes);
        }
        return c;
    }
}
