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
 * The study's pipeline, with the suite's measuring stage at its end:
 * <pre>
 *   ScheduledSource (event n, timestamp from the schedule in epoch ms, native watermarks)
 *     -> rebalance() -> groupingKey(n % keys) -> sliding window (10 s, sliding every 10 ms) -> counting
 *     -> local edge -> PartialTimingP, one per processor (first / last arrival per window end, each
 *        key's count checked; one partial long[] per window end once the watermark passes it)
 *     -> an Observable the benchmark JVM listens to, where WindowTimer merges the partials
 *        (processors x members x 100 a second) into one timing per window end
 * </pre>
 * No result crosses a partitioned edge or funnels into one processor to be measured: each is timed
 * where the aggregation emitted it, for a counter or two and a clock read per inbox.
 * The events carry whole epoch milliseconds and the window is defined in ms, as the study's were (see
 * {@link EventSchedule#toJobMs} for why not ns); the measuring stage times results in ns against the
 * window's end. Up to the window it is the published pipeline's shape ({@link ReferencePipeline}):
 * {@code rebalance()} makes Jet aggregate in one stage behind the source's edge, where without it the
 * planner adds a per-frame accumulation and an edge carrying every key of every frame
 * ({@code PipelineShapeTest}). Stateless.
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

    /**
     * The pipeline without the measuring stage, its results discarded: what the engine holds on its own, to
     * show that the measuring stage is not what limits it (only the source's lag tells whether it keeps up).
     */
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
