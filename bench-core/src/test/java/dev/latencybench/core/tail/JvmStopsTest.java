package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * Real log lines, captured with {@code -Xlog:gc*,safepoint:file=...:uptime,timemillis,timenanos,level,tags} on
 * OpenJDK 17.0.15 and Temurin 25.0.3 with G1, ZGC and Shenandoah (a program that calls System.gc(), allocates
 * into a 64 MB heap and dumps its threads' stacks), cut to a few lines each.
 */
class JvmStopsTest {
    private static JvmStops log(String name) throws IOException {
        try (InputStream in = JvmStopsTest.class.getResourceAsStream("/gc-logs/" + name + ".log")) {
            return JvmStops.parse(Arrays.asList(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")));
        }
    }

    private static List<String> described(JvmStops stops) {
        return stops.stops.stream().map(Stop::toString).collect(Collectors.toList());
    }

    @Test
    void g1OnJdk17SpansEachPauseWithItsSafepointNamedByPhase() throws IOException {
        assertEquals(List.of(
                "gc Pause Young (Normal) (G1 Evacuation Pause) [" + (3376974382993L - 8004935) + ", 3376974382993] ns",
                "gc Pause Young (Normal) (G1 Evacuation Pause) [" + (3377080073486L - 7095940) + ", 3377080073486] ns",
                "gc Pause Full (System.gc()) [" + (3377331343850L - 27278818) + ", 3377331343850] ns",
                "gc Pause Full (G1 Compaction Pause) [" + (3377675359439L - 9591436) + ", 3377675359439] ns",
                "gc Pause Full (G1 Compaction Pause) [" + (3377727057336L - 9105895) + ", 3377727057336] ns",
                "gc Pause Full (G1 Compaction Pause) [" + (3377829500696L - 9343943) + ", 3377829500696] ns",
                "safepoint ThreadDump [" + (3378838780216L - 97555) + ", 3378838780216] ns"),
                described(log("jdk17-g1")));
    }

    @Test
    void g1OnJdk25() throws IOException {
        assertEquals(List.of(
                "gc Pause Young (Normal) (G1 Evacuation Pause) [" + (3384711509287L - 12625332) + ", 3384711509287] ns",
                "gc Pause Full (System.gc()) [" + (3385228040786L - 114383645) + ", 3385228040786] ns",
                "safepoint ThreadDump [" + (3386735324867L - 53750) + ", 3386735324867] ns"),
                described(log("jdk25-g1")));
    }

    @Test
    void zgcOnJdk17HasItsPausesItsStallsAndOtherSafepoints() throws IOException {
        List<Stop> stops = log("jdk17-zgc").stops;
        assertEquals(List.of("Pause Mark Start", "Pause Mark End", "CleanClassLoaderDataMetaspaces", "Pause Relocate Start",
                "Pause Mark Start", "Allocation Stall (main)", "Allocation Stall (main)", "ThreadDump"),
                stops.stream().map(s -> s.name).collect(Collectors.toList()));
        Stop stall = stops.get(5);
        assertEquals(Cause.GC, stall.cause);
        assertEquals(3379997059318L - 39_950_000L, stall.startNs);
        assertEquals(3379997059318L, stall.endNs);
        assertEquals(Cause.SAFEPOINT, stops.get(2).cause);
        assertEquals(167729, stops.get(0).lengthNs(), "the safepoint's total, not the pause's 0.006ms");
    }

    @Test
    void zgcOnJdk25NamesYoungAndOldPhases() throws IOException {
        List<Stop> stops = log("jdk25-zgc").stops;
        assertEquals(List.of("gc Pause Mark Start (Major)", "gc Pause Mark End", "gc Pause Relocate Start",
                "gc Pause Mark End", "safepoint CleanClassLoaderDataMetaspaces", "gc Allocation Stall (main)",
                "gc Allocation Stall (main)", "safepoint ThreadDump"),
                stops.stream().map(s -> s.cause.label() + " " + s.name).collect(Collectors.toList()));
        assertEquals(737_000, stops.get(5).lengthNs());
    }

    @Test
    void shenandoahPausesAndItsPacingPerThread() throws IOException {
        JvmStops j17 = log("jdk17-shenandoah");
        assertEquals(List.of("gc Pause Init Mark (unload classes)", "gc Pause Final Mark (unload classes)",
                "safepoint CleanClassLoaderDataMetaspaces", "gc Pause Degenerated GC (Outside of Cycle)",
                "gc Pause Degenerated GC (Outside of Cycle)", "safepoint ThreadDump"),
                j17.stops.stream().map(s -> s.cause.label() + " " + s.name).collect(Collectors.toList()));
        assertEquals(1, j17.pacing.size());
        assertEquals("main", j17.pacing.get(0).thread);
        assertEquals(84, j17.pacing.get(0).pacedMs);
        assertEquals(105, j17.pacing.get(0).windowMs);
        assertEquals(3382445637776L, j17.pacing.get(0).endNs);

        JvmStops j25 = log("jdk25-shenandoah");
        assertEquals(List.of("main", "Reference Handler"),
                j25.pacing.stream().map(p -> p.thread).collect(Collectors.toList()));
        assertEquals(List.of(33L, 2L), j25.pacing.stream().map(p -> p.pacedMs).collect(Collectors.toList()));
        assertTrue(j25.stops.stream().anyMatch(s -> s.name.startsWith("Pause Degenerated")),
                described(j25).toString());
    }

    @Test
    void aLogWithoutTheNanosecondStampYieldsNothing() {
        JvmStops old = JvmStops.parse(List.of("[40.820s][1795411969862ms][info][safepoint] Safepoint \"G1CollectForAllocation\","
                + " Time since last: 1 ns, Reaching safepoint: 7511 ns, Total: 8004935 ns"));
        assertFalse(old.onNanoClock());
        assertEquals(List.of(), old.stops);
    }

    @Test
    void aPauseWithNoSafepointLineStandsAlone() {
        JvmStops jdk11 = JvmStops.parse(List.of(
                "[0.5s][1ms][5000000000ns][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 4.000ms"));
        assertEquals(List.of(new Stop(Cause.GC, "Pause Young (Normal) (G1 Evacuation Pause)", 4_996_000_000L,
                5_000_000_000L)), jdk11.stops);
    }
}
