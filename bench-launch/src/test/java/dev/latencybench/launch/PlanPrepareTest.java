package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.study.Study;

/** A plan reads only; its preparation runs once, and what it removed becomes the plan's last fact. */
class PlanPrepareTest {
    private final List<String> calls = new ArrayList<>();

    private Study.Plan plan(List<String> removed) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("load", "1,000 msg/s");
        return Study.Plan.builder(List.of("a"), new Periods(Scale.SMOKE, 1, 1, 1, 1), Metrics.ONE_WAY)
                .facts(facts)
                .prepare(() -> {
                    calls.add("prepare");
                    return removed;
                })
                .build();
    }

    @Test
    void preparationRunsOnceAndSaysWhatItRemovedAsTheLastFact() {
        Study.Plan p = plan(List.of("removed /dev/shm/x", "removed /dev/shm/y"));
        assertEquals(Map.of("load", "1,000 msg/s"), p.facts(), "nothing is removed before prepare");
        assertEquals(List.of(), calls);
        assertEquals(List.of("removed /dev/shm/x", "removed /dev/shm/y"), p.prepare());
        assertEquals(List.of("removed /dev/shm/x", "removed /dev/shm/y"), p.prepare());
        assertEquals(List.of("prepare"), calls, "once");
        assertEquals(List.of("load", Study.Plan.CLEANED), new ArrayList<>(p.facts().keySet()));
        assertEquals("removed /dev/shm/x; removed /dev/shm/y", p.facts().get(Study.Plan.CLEANED));
        assertEquals("load: 1,000 msg/s; cleaned: removed /dev/shm/x; removed /dev/shm/y", p.description());
    }

    @Test
    void aPreparationThatRemovedNothingAddsNoFact() {
        Study.Plan p = plan(List.of());
        p.prepare();
        assertEquals(Map.of("load", "1,000 msg/s"), p.facts());
    }
}
