package dev.latencybench.jet;

import java.util.concurrent.TimeUnit;

import com.hazelcast.jet.aggregate.AggregateOperations;
import com.hazelcast.jet.datamodel.KeyedWindowResult;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.Sinks;
import com.hazelcast.jet.pipeline.SourceBuilder;
import com.hazelcast.jet.pipeline.StreamSource;
import com.hazelcast.jet.pipeline.WindowDefinition;
import com.hazelcast.map.IMap;

/**
 * The {@code reference} variant's job: the published study's pipeline, with none of the suite's code inside, so the
 * {@code jet} variant's figures can be held against it. Only how its figures leave the job differs: a
 * {@link SourceState} map and an Observable. Stateless.
 */
final class ReferencePipeline {
    /** The study's down-sampling of the keyset: one key in this many has its result timed. */
    static final long SAMPLED_ONE_IN = 10_000;
    /** Events per call, as the study's source. */
    static final int MAX_BATCH = 256;

    private ReferencePipeline() {
    }

    /**
     * @param ratePerSec events per second
     * @param keys       distinct keys, {@code n % keys}
     * @param windowMs   the window, whole milliseconds
     * @param slideMs    the slide, whole milliseconds
     * @param stateMap   the map the source reports into, every 50 ms
     * @param observable where the latencies go
     */
    static Pipeline pipeline(long ratePerSec, long keys, long windowMs, long slideMs, String stateMap,
                             String observable) {
        StreamSource<Long> source = SourceBuilder
                .timestampedStream("reference-source", ctx -> new PublishedSource(ratePerSec,
                        ctx.hazelcastInstance().<String, long[]>getMap(stateMap)))
                .<Long>fillBufferFn(PublishedSource::fill)
                .build();
        Pipeline p = Pipeline.create();
        p.readFrom(source)
                .withNativeTimestamps(0)
                .rebalance()
                .groupingKey(n -> n % keys)
                .window(WindowDefinition.sliding(windowMs, slideMs))
                .aggregate(AggregateOperations.counting())
                .filter(r -> r.getKey() % SAMPLED_ONE_IN == 0)
                .mapStateful(FirstResultLatency::new, FirstResultLatency::map)
                .setLocalParallelism(1)
                .writeTo(Sinks.observable(observable));
        return p;
    }

    /**
     * The study's source: events on a fixed schedule stamped in epoch ms, up to {@link #MAX_BATCH} per call,
     * reporting in {@link SourceState}'s layout every 50 ms. Not thread-safe: Jet calls it from one thread.
     */
    static final class PublishedSource {
        /** How often it reports; the study printed once a second. */
        private static final long REPORT_NS = TimeUnit.MILLISECONDS.toNanos(50);
        private static final long LAG_SPAN_NS = TimeUnit.SECONDS.toNanos(1);
        private final IMap<String, long[]> state;
        private final long periodNs;
        /** Monotonic ms minus epoch ms, taken once. */
        private final long offsetMs;
        private long schedule = System.nanoTime();
        private long counter;
        private long nextReport = schedule + REPORT_NS;
        /** The greatest lag of this second and of the one before, so a report covers at least a second. */
        private long maxLagNs;
        private long maxLagBeforeNs;
        private long nextSpan = schedule + LAG_SPAN_NS;

        PublishedSource(long ratePerSec, IMap<String, long[]> state) {
            this.periodNs = TimeUnit.SECONDS.toNanos(1) / ratePerSec;
            this.state = state;
            this.offsetMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime()) - System.currentTimeMillis();
        }

        void fill(SourceBuilder.TimestampedSourceBuffer<Long> buffer) {
            long now = System.nanoTime();
            long limit = counter + MAX_BATCH;
            for (; schedule <= now && counter < limit; schedule += periodNs, counter++) {
                buffer.add(counter, TimeUnit.NANOSECONDS.toMillis(schedule) - offsetMs);
            }
            long lag = Math.max(0, now - schedule);
            maxLagNs = Math.max(maxLagNs, lag);
            if (now < nextReport) {
                return;
            }
            if (now >= nextSpan) {
                maxLagBeforeNs = maxLagNs;
                maxLagNs = 0;
                nextSpan = now + LAG_SPAN_NS;
            }
            state.setAsync(SourceState.KEY, new long[] {counter, lag, Math.max(maxLagNs, maxLagBeforeNs), now});
            nextReport = now + REPORT_NS;
        }
    }

    /** The study's latency map: each window end's first result, wall clock minus the end in whole ms, at least 0. */
    static final class FirstResultLatency {
        private long lastEnd = Long.MIN_VALUE;

        long[] map(KeyedWindowResult<Long, Long> r) {
            long end = r.end();
            if (end <= lastEnd) {
                return null;
            }
            lastEnd = end;
            return new long[] {end, Math.max(0, System.currentTimeMillis() - end)};
        }
    }
}
