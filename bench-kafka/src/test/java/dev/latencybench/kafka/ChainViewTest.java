package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.schedule.ScheduleFile;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/**
 * What the chain search held per transport with its CPU per chain ({@link ChainCapacity}), read from a schedule file
 * as the launcher writes it and the steps' results; and the chain's own part of the report ({@link ChainView}).
 */
class ChainViewTest {
    private static final String CELL = "openjdk-17.0.15__g1";

    @Test
    void eachTransportsCountComesFromTheDecisionAndItsCpuFromTheStepThatHeldIt() {
        Map<String, ChainCapacity.Held> held = ChainCapacity.of(schedule(), rows());
        assertEquals(List.of("chronicle", "kafka-as-published", "kafka"), new ArrayList<>(held.keySet()),
                "in the search's order; the failed loop part has no count");
        ChainCapacity.Held chronicle = held.get("chronicle");
        assertEquals(8, chronicle.chains);
        assertTrue(chronicle.lowerBound, "at the limit: at least");
        assertEquals(0.1, chronicle.coresPerChain, 1e-9);
        assertNull(chronicle.brokerCores);
        ChainCapacity.Held published = held.get("kafka-as-published");
        assertEquals(0, published.chains);
        assertFalse(published.lowerBound);
        assertEquals(1, published.cpuAtChains, "none held: the first step's CPU");
        assertEquals(1.9, published.coresPerChain, 1e-9);
        ChainCapacity.Held kafka = held.get("kafka");
        assertEquals(3, kafka.chains);
        assertFalse(kafka.lowerBound);
        assertEquals(3, kafka.cpuAtChains);
        assertEquals(0.5, kafka.coresPerChain, 1e-9, "(0.9 + 0.6) / 3, from the 3-chain step, not the 4-chain one");
        assertEquals(0.6, kafka.brokerCores, 1e-9);
    }

    @Test
    void theSectionExplainsTheTruncationWithTheFiguresAndTablesEachTransportsCpuPerChain() {
        View v = new ChainView().answer(rows(), List.of(schedule()));
        // the first screen's line: the most chains with their CPU, against the next, each Kafka consumer with its own
        // and where the ≥ comes from: the search stopped at its limit
        assertEquals("`chronicle` most chains held, ≥8 (0.10 cores a chain), over `kafka` (3, 0.50); the search's"
                + " limit, 8 chains; `kafka-as-published` 0 (1 chain: 1.90).", v.answers().get("").line(200));
        List<View.Block> b = v.blocks();
        assertEquals("Kafka's consumers as published and as meant", b.get(0).text);
        assertEquals("The published study's consumers call `poll(Duration.ofNanos(125000))`, 1/8 of the 1.00ms"
                + " between messages, and Kafka's client truncates a `Duration` to whole milliseconds"
                + " (`Time.timer(Duration)` calls `toMillis()`), so each poll waited 0 ms and every consumer spun"
                + " through the client: run that way, `kafka-as-published` held no chain (1 chain broke the SLO at"
                + " 1.90 cores a chain). Waiting what the study meant, rounded up to `poll(1 ms)`, which returns as"
                + " soon as a record arrives, `kafka` held 3 chains at 0.50 cores a chain.", b.get(1).text);
        assertEquals("Capacity and CPU per chain", b.get(2).text);
        assertEquals(View.Kind.TABLE, b.get(4).kind);
        assertTrue(new ChainView().answer(rows()).isEmpty(), "no schedule, nothing to show");
    }

    private static ScheduleFile schedule() {
        JsonObject parts = new JsonObject();
        parts.add("chronicle", decision("AT_LIMIT", 8));
        parts.add("kafka-as-published", decision("NONE_PASSED", 0));
        parts.add("kafka", decision("BOUNDARY", 3));
        parts.add("kafka-loop", decision("FAILED", 0));
        return schedule(decision("FAILED", 8), parts, step("chronicle", 8), step("kafka-as-published", 1),
                step("kafka", 1), step("kafka", 2), step("kafka", 4), step("kafka", 3));
    }

    /** A capacity search's schedule file on {@link #CELL}: its steps, and its decision with a part per transport. */
    private static ScheduleFile schedule(JsonObject decision, JsonObject parts, JsonObject... steps) {
        JsonObject o = new JsonObject();
        o.addProperty("schedule", "capacity search of chronicle: ...");
        o.addProperty("cell", CELL);
        o.addProperty("primary", "latency");
        JsonArray s = new JsonArray();
        for (JsonObject step : steps) {
            s.add(step);
        }
        o.add("steps", s);
        decision.add("parts", parts);
        o.add("decision", decision);
        return ScheduleFile.fromJson(o);
    }

    private static List<ViewRow> rows() {
        return List.of(row("chronicle", 8, 0.8, null), row("kafka-as-published", 1, 1.3, 0.6),
                row("kafka", 3, 0.9, 0.6), row("kafka", 4, 1.6, 0.8), otherCell());
    }

    /** Two transports that held the same chains: the tie says the count once and each one's cores a chain. */
    @Test
    void aTieSaysItsCountOnceAndEachTransportsCoresAChain() {
        JsonObject parts = new JsonObject();
        parts.add("chronicle", decision("AT_LIMIT", 2));
        parts.add("kafka", decision("AT_LIMIT", 2));
        ScheduleFile tie = schedule(decision("AT_LIMIT", 2), parts, step("chronicle", 2), step("kafka", 2));
        View v = new ChainView().answer(List.of(row("chronicle", 2, 0.44, null), row("kafka", 2, 1.0, 0.66)),
                List.of(tie));
        assertEquals("`chronicle` and `kafka` tie at the chains held (≥2, 0.22 and 0.83 cores a chain); the search's"
                + " limit, 2 chains.",
                v.answers().get("").line(200));
    }

    /** The same step on another JVM × GC: not this schedule's. */
    private static ViewRow otherCell() {
        JsonObject r = result(9.0, 9.0, 3);
        return new ViewRow("kafka-instances-3", "temurin-25.0.3__g1", "temurin-25.0.3", "g1", "OK", "latency",
                Map.of(), CellResult.read(r));
    }

    private static ViewRow row(String transport, int chains, double jvm, Double broker) {
        return new ViewRow(transport + "-instances-" + chains, CELL, "openjdk-17.0.15", "g1", "OK", "latency",
                Map.of(), CellResult.read(result(jvm, broker, chains)));
    }

    private static JsonObject result(double jvm, Double broker, int chains) {
        JsonObject r = new JsonObject();
        r.addProperty("status", "OK");
        JsonObject pacing = new JsonObject();
        pacing.addProperty("askedRatePerSec", 1_000);
        r.add("pacing", pacing);
        ChainResult.Cpu cpu = new ChainResult.Cpu(jvm, broker, chains);
        JsonObject c = new JsonObject();
        c.addProperty("benchmarkJvmCores", cpu.benchmarkJvmCores);
        if (broker != null) {
            c.addProperty("brokerCores", broker);
        }
        c.addProperty("chains", chains);
        c.addProperty("coresPerChain", cpu.coresPerChain);
        r.add("cpu", c);
        return r;
    }

    private static JsonObject step(String variant, int chains) {
        JsonObject s = new JsonObject();
        s.addProperty("name", variant + "-instances-" + chains);
        s.addProperty("variant", variant);
        JsonObject p = new JsonObject();
        p.addProperty("bench.chain.instances", Integer.toString(chains));
        s.add("properties", p);
        s.addProperty("status", "OK");
        return s;
    }

    private static JsonObject decision(String kind, long value) {
        JsonObject d = new JsonObject();
        d.addProperty("kind", kind);
        d.addProperty("value", value);
        d.addProperty("answer", value + " chains");
        d.add("decidedBy", new JsonArray());
        d.addProperty("why", "");
        return d;
    }
}
