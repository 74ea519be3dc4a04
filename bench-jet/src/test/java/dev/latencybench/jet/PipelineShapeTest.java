package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.hazelcast.jet.core.DAG;
import com.hazelcast.jet.core.Edge;
import com.hazelcast.jet.core.Vertex;
import com.hazelcast.jet.pipeline.Pipeline;

/**
 * The suite's job does the study's work in the same shape as the published one, so that the
 * difference between them is the measuring stage and nothing else. Without {@code rebalance()} before
 * the grouping, Jet's planner aggregates in two stages (a per-frame accumulation, then a combine
 * behind a partitioned edge that carries every key of every frame: two million items a second at
 * 20,000 keys), which the published pipeline does not do; on two cores that cost the suite's job
 * 0.09 cores at 10,000 keys. Both jobs: source, one sliding-window vertex behind the source's
 * distributed partitioned edge, then a local edge to the next stage.
 */
class PipelineShapeTest {
    private static final EventSchedule SCHEDULE = new EventSchedule(0, 100_000, 20_000, 10_000_000_000L, 10_000_000L);

    @Test
    void theSuitesJobAggregatesInOneStageLikeThePublishedOne() {
        DAG dag = SlidingWindowJob.pipeline(SCHEDULE, JobClock.SYSTEM, "state", "observable").toDag();
        assertEquals(List.of("lb-jet-source -distributed-partitioned-> sliding-window",
                "sliding-window -local-> lb-jet-measure", "lb-jet-measure -local-> observableSink(observable)"),
                edges(dag));
    }

    @Test
    void thePublishedJobAggregatesInOneStage() {
        DAG dag = ReferencePipeline.pipeline(100_000, 20_000, 10_000, 10, "state", "observable").toDag();
        assertEquals("reference-source -distributed-partitioned-> sliding-window", edges(dag).get(0));
        assertEquals("sliding-window -local-> filter", edges(dag).get(1));
    }

    @Test
    void theDiscardingJobHasTheSameShapeUpToTheWindow() {
        DAG dag = SlidingWindowJob.unmeasured(SCHEDULE, JobClock.SYSTEM, "state").toDag();
        assertEquals("lb-jet-source -distributed-partitioned-> sliding-window", edges(dag).get(0));
    }

    /** Every edge as "from -kind-> to", in the DAG's order of its vertices. */
    private static List<String> edges(DAG dag) {
        List<String> out = new ArrayList<>();
        for (Vertex v : dag) {
            for (Edge e : dag.getOutboundEdges(v.getName())) {
                String kind = (e.isDistributed() ? "distributed-" : "") + (e.getRoutingPolicy() == Edge.RoutingPolicy.PARTITIONED
                        ? "partitioned" : "local");
                out.add(e.getSourceName() + " -" + kind + "-> " + e.getDestName());
            }
        }
        return out;
    }
}
