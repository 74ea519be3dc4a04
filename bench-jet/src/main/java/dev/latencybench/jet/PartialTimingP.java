package dev.latencybench.jet;

import com.hazelcast.jet.Traverser;
import com.hazelcast.jet.Traversers;
import com.hazelcast.jet.core.AbstractProcessor;
import com.hazelcast.jet.core.Inbox;
import com.hazelcast.jet.core.Watermark;
import com.hazelcast.jet.datamodel.KeyedWindowResult;
import com.hazelcast.jet.impl.JetEvent;

/**
 * The Jet processor around {@link WindowPartials}, attached right after the aggregation with
 * {@code customTransform} (a local edge: each processor times what the aggregating processors of
 * its own member emit). It reads the clock once per inbox, the time those results reached it, and
 * emits a window end's partial when the watermark passes the end, before it forwards the watermark.
 *
 * <p>It stands where the published job's filter stands ({@link ReferencePipeline}): both receive every
 * result through a local edge from the window's processors, so the jobs differ by what is done per
 * result, here a few comparisons and counters, there a division by 10,000. Measuring inside the
 * window's processors instead (no edge, no result objects) was tried and left out: it cut the job's
 * CPU to 0.64x the published job's by not making the result objects the published job makes (its heap
 * peaked at 0.87 GB against 3.4 GB at 20,000 keys), so the collectors no longer had the study's work.
 *
 * <p>A stream stage's items travel between Jet's processors wrapped in Jet's {@code JetEvent} (an
 * internal class, with the event's timestamp), and the sink after this stage unwraps them: so the
 * results come in wrapped and the partials go out wrapped, with the window end as their timestamp.
 * The job's times are epoch ms ({@link EventSchedule#toJobMs}); the partials' are ns.
 */
final class PartialTimingP extends AbstractProcessor {
    private final WindowPartials partials;
    private final JobClock clock;
    private Traverser<JetEvent<long[]>> pending;

    PartialTimingP(EventSchedule schedule, JobClock clock) {
        this.partials = new WindowPartials(schedule);
        this.clock = clock;
    }

    @Override
    public void process(int ordinal, Inbox inbox) {
        long now = clock.nowNs();
        long endMs = Long.MIN_VALUE;
        long endNs = 0;
        for (Object item; (item = inbox.poll()) != null; ) {
            KeyedWindowResult<?, ?> r = (KeyedWindowResult<?, ?>) (item instanceof JetEvent
                    ? ((JetEvent<?>) item).payload() : item);
            if (r.end() != endMs) { // results come in runs of one window end: convert its end once a run
                endMs = r.end();
                endNs = EventSchedule.fromJobMs(endMs);
            }
            partials.accept(((Number) r.key()).longValue(), endNs, ((Number) r.result()).longValue(), now);
        }
    }

    @Override
    public boolean tryProcessWatermark(Watermark watermark) {
        if (pending == null) {
            pending = Traversers.traverseIterable(partials.flush(EventSchedule.fromJobMs(watermark.timestamp())))
                    .map(t -> JetEvent.jetEvent(EventSchedule.toJobMs(t[WindowTiming.END]) - 1, t));
        }
        if (!emitFromTraverser(pending)) {
            return false;
        }
        if (!tryEmit(watermark)) {
            return false;
        }
        pending = null;
        return true;
    }
}
