package dev.latencybench.jet;

import com.hazelcast.jet.Traverser;
import com.hazelcast.jet.Traversers;
import com.hazelcast.jet.core.AbstractProcessor;
import com.hazelcast.jet.core.Inbox;
import com.hazelcast.jet.core.Watermark;
import com.hazelcast.jet.datamodel.KeyedWindowResult;
import com.hazelcast.jet.impl.JetEvent;

/**
 * The Jet processor around {@link WindowPartials}, right after the aggregation where the published job's filter
 * stands, so both jobs receive the same result objects. Reads the clock once per inbox and emits the partials a
 * watermark closes before forwarding it. Items travel wrapped in Jet's {@code JetEvent}, in and out.
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
