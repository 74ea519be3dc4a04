package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;

/** fork.json is written and read through one type, its members in the order the session always wrote them. */
class ForkResultTest {
    @Test
    void aForkReadsBackAsItWasWrittenWithTheWorkloadsMembersAfterItsTime() {
        ForkResult f = new ForkResult();
        f.status = "FAILED";
        f.reasons.add("messages lost: 4 of 400");
        f.pid = 4242;
        f.measuredNs = 300_000_000L;
        f.described.addProperty("sent", 400);
        f.metrics = Metrics.of(Metric.nanos("latency", "intended send to receive"));
        f.summaries.put("latency", new LatencySummary(1, 2, 3, 4, 5, 6, 396));
        f.pinning.addProperty("pinned", false);
        f.machineLoad.addProperty("busy", true);
        JsonObject json = f.toJson();
        assertEquals(List.of("status", "reasons", "pid", "measuredNs", "sent", "primary", "metrics", "pinning",
                "machineLoad"), new ArrayList<>(json.keySet()));
        ForkResult back = ForkResult.read(json);
        assertEquals("FAILED", back.status);
        assertEquals(List.of("messages lost: 4 of 400"), back.reasons);
        assertEquals(396, back.summaries.get("latency").count);
        assertEquals(false, EnvironmentFile.Pinning.read(back.pinning).pinned);
        assertEquals(true, EnvironmentFile.MachineLoad.read(back.machineLoad).busy);
        assertEquals(400, back.json().get("sent").getAsInt(), "the workload's members, for the study's accounting");
    }

    @Test
    void anEmptyFileReadsEmptyAndAMemberOfTheWrongKindIsNamed() {
        ForkResult f = ForkResult.read(new JsonObject());
        assertEquals(0, f.pinning.size());
        assertEquals(0, f.described.size());
        JsonObject bad = new JsonObject();
        bad.addProperty("pid", "x");
        assertEquals("member pid is not a whole number (it is \"x\")",
                assertThrows(MemberProblem.class, () -> ForkResult.read(bad)).getMessage());
    }
}
