package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;

/**
 * result.json is written and read through one type: a result reads back as it was written, its members
 * stand in the order the merger always wrote them, the study's own members go where they always went,
 * and results written before metrics were named or roles declared still read.
 */
class CellResultTest {
    private static final Metrics METRICS = Metrics.of(Metric.nanos("end-to-end", "source to sink"),
            Metric.nanos("hop-1", "first hop"));

    private static CellResult written() {
        CellResult r = new CellResult();
        r.status = "OK";
        r.flags.add("busy machine");
        r.study = "chain";
        r.variant = "in-memory";
        r.cell = "openjdk-17.0.15__g1";
        r.runId = "20261124T180000Z-host";
        r.scale = "smoke";
        r.recorded.addProperty("ratePerSec", 1000);
        r.warmupNs = 1_000_000_000L;
        r.measureNs = 2_000_000_000L;
        r.forks = 2;
        r.forksWithData = 2;
        r.description = "1,000 msg/s through 3 hops";
        r.roles.put("floor", "in-memory");
        r.accounted.addProperty("sent", 4000);
        r.metrics = METRICS;
        LatencySummary s = new LatencySummary(100, 200, 300, 400, 500, 600, 4000);
        r.summaries.put("end-to-end", s);
        r.summaries.put("hop-1", s);
        r.forkSummaries.put("end-to-end", List.of(new CellResult.ForkFigures("41", s), new CellResult.ForkFigures("42", s)));
        r.forkSummaries.put("hop-1", List.of());
        r.command = "scripts/bench run --scenarios chain";
        return r;
    }

    @Test
    void theMembersStandInTheOrderTheMergerWritesThemWithTheStudysOwnWhereTheyAlwaysWere() {
        assertEquals(List.of("status", "reasons", "flags", "study", "variant", "cell", "runId", "scale", "ratePerSec",
                "warmupNs", "measureNs", "forks", "forksWithData", "description", "roles", "sent", "primary", "metrics",
                "forkMetrics", "pinning", "machineLoad", "command"), new ArrayList<>(written().toJson().keySet()));
        assertEquals("{\"what\":\"source to sink\",\"unit\":\"ns\",\"p50\":100,\"p90\":200,\"p99\":300,\"p99_9\":400,"
                + "\"p99_99\":500,\"max\":600,\"count\":4000}",
                written().toJson().getAsJsonObject("metrics").get("end-to-end").toString());
        assertEquals("41", written().toJson().getAsJsonObject("forkMetrics").getAsJsonArray("end-to-end").get(0)
                .getAsJsonObject().get("fork").getAsString());
    }

    @Test
    void aResultReadsBackAsItWasWritten() {
        JsonObject json = written().toJson();
        CellResult r = CellResult.read(json);
        assertEquals("OK", r.status);
        assertEquals(List.of("busy machine"), r.flags);
        assertEquals(METRICS.all().get(0).name(), r.metrics.primary().name());
        assertEquals(500, r.summaries.get("end-to-end").p99_99);
        assertEquals(List.of("41", "42"), r.forkSummaries.get("end-to-end").stream().map(f -> f.fork).collect(Collectors.toList()));
        assertEquals("in-memory", r.roles.get("floor"));
        assertTrue(r.declaresRoles());
        assertEquals(2_000_000_000L, r.measureNs);
        assertEquals(json, r.json());
    }

    @Test
    void aResultWrittenBeforeMetricsWereNamedAndRolesDeclaredStillReads() {
        JsonObject old = JsonParser.parseString("{\"status\":\"OK\",\"reasons\":[],\"scale\":\"paper\","
                + "\"latencyNs\":{\"p50\":1,\"p90\":2,\"p99\":3,\"p99_9\":4,\"p99_99\":5,\"max\":6,\"count\":7},"
                + "\"forkLatencyNs\":[{\"p50\":1,\"p90\":2,\"p99\":3,\"p99_9\":4,\"p99_99\":5,\"max\":6,\"count\":7,"
                + "\"fork\":\"9\"}]}").getAsJsonObject();
        CellResult r = CellResult.read(old);
        assertEquals(Metrics.ONE_WAY.primary().name(), r.metrics.primary().name());
        assertEquals(5, r.summaries.get(Metrics.ONE_WAY.primary().name()).p99_99);
        assertEquals("9", r.forkSummaries.get(Metrics.ONE_WAY.primary().name()).get(0).fork);
        assertFalse(r.declaresRoles());
        assertNull(r.command);
        assertEquals(List.of(), r.flags);
    }

    /** A study's own members, as a small type: written in field order, read back, absent ones null. */
    static final class Sample {
        Long sent;
        String note;
    }

    @Test
    void aStudysPartIsWrittenAndReadThroughItsType() {
        ResultPart<Sample> part = ResultPart.of(Sample.class);
        Sample s = new Sample();
        s.sent = 12_345_678_901L;
        JsonObject json = new JsonObject();
        part.write(s, json);
        assertEquals("{\"sent\":12345678901}", json.toString(), "a null field is left out");
        CellResult r = written();
        assertNull(r.part(part).note);
        assertEquals(4000L, r.part(part).sent, "read from the accounting's members");
    }
}
