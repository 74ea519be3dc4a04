package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

/** A cell's accounting adds its forks' tallies, each written to and read from its fork.json. */
class TaskTallyTest {
    private static JsonObject fork(long runs, long samples, long strays) {
        TaskTally t = new TaskTally();
        t.periods = 1;
        t.runs = runs;
        t.samples = samples;
        t.missing = Math.max(0, runs - samples);
        t.strays = strays;
        JsonObject o = new JsonObject();
        t.writeTo(o);
        return o;
    }

    @Test
    void theForksCountsAddUpStraysIncluded() {
        TaskTally cell = new TaskTally();
        cell.add(fork(1_000, 1_000, 1));
        cell.add(fork(1_000, 990, 2));
        cell.add(new JsonObject()); // a fork that died before it wrote its tally
        JsonObject result = new JsonObject();
        cell.writeTo(result);
        assertEquals(2, result.get("periods").getAsLong());
        assertEquals(2_000, result.get("runs").getAsLong());
        assertEquals(1_990, result.get("samples").getAsLong());
        assertEquals(10, result.get("samplesMissing").getAsLong());
        assertEquals(3, result.get("strays").getAsLong());
        assertEquals(1_990, cell.expectedSamples());
        assertEquals(List.of("3 sample(s) arrived while no period ran (late, or without a run): not recorded"),
                cell.flags());
    }
}
