package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;

/**
 * The study's own members are written and read through {@link JetResult}: the {@code jet} object keeps
 * the members, order and number forms it always had, a fork's file reads back whatever else it holds,
 * and results written before {@code keys} and {@code sourceMaxLagAtNs} existed read them as null.
 */
class JetResultTest {
    private static JetTally tally() {
        JetTally t = new JetTally();
        t.keys = 1_000;
        t.periods = 2;
        t.periodNs = 4_000_000_000L;
        t.windows = 400;
        t.results = 400_000;
        t.inputItems = 40_000;
        t.inputNs = 4_000_000_000L;
        t.sourceMaxLagNs = 3_000_000;
        t.sourceMaxLagAtNs = 1_500_000_000L;
        t.heapUsedMaxBytes = 512L << 20;
        t.cpuNs = 5_000_000_000L;
        t.gcCpuNs = -1;
        return t;
    }

    @Test
    void theJetObjectKeepsItsMembersOrderAndNumberForms() {
        JsonObject fork = new JsonObject();
        tally().writeTo(fork);
        assertEquals("{\"jet\":{\"keys\":1000,\"periods\":2,\"periodNs\":4000000000,\"windows\":400,\"results\":400000,"
                + "\"wrongCounts\":0,\"incompleteWindows\":0,\"missingWindowEnds\":0,\"lateResults\":0,"
                + "\"inputItems\":40000,\"inputNs\":4000000000,\"inputPerSec\":10000,\"outputPerSec\":100000,"
                + "\"itemsPerSec\":110000,\"sourceMaxLagNs\":3000000,\"sourceMaxLagAtNs\":1500000000,"
                + "\"sourceFinalLagNs\":0,\"heapUsedMaxBytes\":536870912,\"cpuNs\":5000000000,\"gcCpuNs\":-1,"
                + "\"cpuCores\":1.25,\"gcCpuCores\":-1.0}}", fork.toString());
    }

    @Test
    void aForksFileReadsBackWhateverElseItHolds() {
        JsonObject fork = new JsonObject();
        JsonObject cluster = new JsonObject();
        cluster.addProperty("members", 1);
        fork.add("cluster", cluster); // an object in a fork's file, the addresses in a result
        tally().writeTo(fork);
        JetTally back = JetTally.readFrom(fork);
        assertEquals(1_500_000_000L, back.sourceMaxLagAtNs);
        assertEquals(400_000, back.results);
        assertEquals(-1, back.gcCpuNs);
    }

    @Test
    void aResultReadsItsSettingsAndAnOldResultLacksWhatItLacked() {
        JsonObject result = new JsonObject();
        JetResult.PART.write(new JetResult(10_000L, 10_000_000_000L, 10_000_000L, 2_000_000_000L, List.of(10L, 100L),
                "", null), result);
        assertEquals("{\"ratePerSec\":10000,\"windowNs\":10000000000,\"slideNs\":10000000,\"maxLagNs\":2000000000,"
                + "\"keySweep\":[10,100],\"cluster\":\"\"}", result.toString());
        JsonObject old = JsonParser.parseString("{\"slideNs\":10000000,\"jet\":{\"itemsPerSec\":5}}").getAsJsonObject();
        JetResult r = JetResult.PART.read(old);
        assertEquals(10_000_000L, r.slideNs());
        assertNull(r.jet().keys());
        assertNull(r.jet().sourceMaxLagAtNs());
        assertEquals(5, r.jet().itemsPerSec());
        assertEquals(0, JetTally.readFrom(old).sourceMaxLagAtNs);
    }
}
