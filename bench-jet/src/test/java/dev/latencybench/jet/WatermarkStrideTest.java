package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.hazelcast.jet.aggregate.AggregateOperations;
import com.hazelcast.jet.impl.pipeline.PipelineImpl;
import com.hazelcast.jet.impl.pipeline.transform.StreamSourceTransform;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.Sinks;
import com.hazelcast.jet.pipeline.WindowDefinition;
import com.hazelcast.jet.pipeline.test.TestSources;

/**
 * How often the job's source emits a watermark, as Jet's planner settles it: once per slide. A job
 * whose timestamps were nanoseconds got one per microsecond (the planner caps the stride at 1,000
 * units, assuming milliseconds), a watermark per event at 100,000 events/s, and spent its CPU on
 * them: this is what turned ZGC's tail from milliseconds into seconds on two cores.
 */
class WatermarkStrideTest {
    private static final long SLIDE_MS = 10;

    @Test
    void theSuitesJobEmitsOneWatermarkPerSlide() throws Exception {
        EventSchedule schedule = new EventSchedule(0, 100_000, 10_000, 10_000_000_000L, SLIDE_MS * 1_000_000);
        Pipeline p = SlidingWindowJob.pipeline(schedule, JobClock.SYSTEM, "state", "observable");
        assertEquals(SLIDE_MS, sourceStride(p));
    }

    @Test
    void thePublishedJobEmitsOneWatermarkPerSlide() throws Exception {
        Pipeline p = ReferencePipeline.pipeline(100_000, 10_000, 10_000, SLIDE_MS, "state", "observable");
        assertEquals(SLIDE_MS, sourceStride(p));
    }

    @Test
    void aWindowInNanosecondsWouldGetAWatermarkPerMicrosecond() throws Exception {
        Pipeline p = Pipeline.create();
        p.readFrom(TestSources.itemStream(10)).withNativeTimestamps(0)
                .window(WindowDefinition.sliding(10_000_000_000L, SLIDE_MS * 1_000_000))
                .aggregate(AggregateOperations.counting())
                .writeTo(Sinks.noop());
        assertEquals(1_000, sourceStride(p), "the planner's cap, in the timestamps' unit");
    }

    /** Plans the pipeline and reads the watermark stride the planner gave its stream source. */
    private static long sourceStride(Pipeline p) throws ReflectiveOperationException {
        p.toDag();
        Field f = PipelineImpl.class.getDeclaredField("adjacencyMap");
        f.setAccessible(true);
        for (Object t : ((Map<?, ?>) f.get(p)).keySet()) {
            if (t instanceof StreamSourceTransform<?> s) {
                return s.getEventTimePolicy().watermarkThrottlingFrameSize();
            }
        }
        throw new AssertionError("no stream source in " + p);
    }
}
