package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/** The start-up view's answer in words: each mode against plain java -jar of the same service and cell. */
class StartupViewTest {
    private static final Metrics METRICS = new Metrics(List.of(Metric.nanos("first-response", "to the first 200"),
            Metric.nanos("cpu", "CPU time"), new Metric("rss", "RSS", "KiB", Metric.Writers.ONE),
            Metric.nanos("warm", "warm batch")));

    private static LatencySummary s(long p50, long p99) {
        return new LatencySummary(p50, p50, p99, p99, p99, p99, 20);
    }

    /** A cell whose launches took {@code launchesMs} to their first 200, the median {@code firstNs}. */
    private static ViewRow row(String variant, String cell, long firstNs, long rssKiB, long cpuNs, long warmP99Ns,
                               long... launchesMs) {
        List<Long> first = new ArrayList<>();
        for (long ms : launchesMs) {
            first.add(ms * 1_000_000);
        }
        JsonObject result = new JsonObject();
        StartupResult.PART.write(StartupResult.gathered(launchesMs.length, new LaunchValues(first, null, null, null,
                null, null), null, null, null), result);
        int sep = cell.lastIndexOf("__");
        return new ViewRow(variant, cell, cell.substring(0, sep), cell.substring(sep + 2), "OK",
                METRICS.primary().name(), Map.of("first-response", s(firstNs, firstNs), "rss", s(rssKiB, rssKiB), "cpu",
                s(cpuNs, cpuNs), "warm", s(warmP99Ns / 2, warmP99Ns)), CellResult.read(result));
    }

    @Test
    void eachModeIsSetAgainstPlainJavaJarOfTheSameServiceAndCell() {
        List<ViewRow> rows = List.of(
                row("minimal-jvm", "temurin-25.0.3__g1", 227_000_000, 58_778, 290_000_000, 6_230_000, 220, 227, 240),
                row("minimal-aot", "temurin-25.0.3__g1", 146_000_000, 49_664, 190_000_000, 5_890_000, 140, 146, 150),
                row("minimal-cds", "temurin-25.0.3__g1", 249_000_000, 57_651, 200_000_000, 4_270_000, 241, 249, 260),
                row("minimal-cds", "openjdk-17.0.15__g1", 100_000_000, 40_000, 100_000_000, 1_000_000, 100, 100));
        assertEquals(List.of(
                "**temurin-25.0.3 g1**, minimal: `aot` starts 1.55x faster than `jvm`, first 200 p50 146ms against"
                        + " 227ms: their launches lie apart (140ms to 150ms against 220ms to 240ms); uses 16% less"
                        + " memory (RSS 48.5 MiB against 57.4 MiB), CPU time to first 200 190ms against 290ms; warm p99"
                        + " 5.89ms against 6.23ms.",
                "**temurin-25.0.3 g1**, minimal: `cds` starts 1.10x slower than `jvm`, first 200 p50 249ms against"
                        + " 227ms: their launches lie apart (241ms to 260ms against 220ms to 240ms); uses 2% less memory"
                        + " (RSS 56.3 MiB against 57.4 MiB), CPU time to first 200 200ms against 290ms; warm p99 4.27ms"
                        + " against 6.23ms."),
                StartupView.sentences(rows), "17's cds has no jvm row to be set against: no sentence");
    }

    /** Issue 21's smoke run: 3 launches each, cds 167-175 ms against jvm 153-179 ms, was "1.09x slower". */
    @Test
    void aDifferenceInsideTheLaunchesSpreadIsATie() {
        ViewRow jvm = row("minimal-jvm", "temurin-25.0.3__g1", 153_000_000, 58_000, 290_000_000, 6_000_000, 153, 179,
                160);
        ViewRow cds = row("minimal-cds", "temurin-25.0.3__g1", 167_000_000, 58_000, 290_000_000, 6_000_000, 167, 175,
                170);
        assertEquals("`cds` ties with `jvm`, first 200 p50 167ms against 153ms (1.09x slower): their launches overlap"
                + " (167ms to 175ms against 153ms to 179ms)", StartupView.startsAgainst("cds", cds, jvm));
        assertEquals("**temurin-25.0.3 g1**, minimal: `cds` ties with `jvm`, first 200 p50 167ms against 153ms"
                + " (1.09x slower): their launches overlap (167ms to 175ms against 153ms to 179ms); uses 0%"
                + " less memory (RSS 56.6 MiB against 56.6 MiB), CPU time to first 200 290ms against 290ms; warm p99"
                + " 6.00ms against 6.00ms.", StartupView.sentences(List.of(jvm, cds)).get(0));
    }

    @Test
    void oneLaunchGivesNoRanking() {
        ViewRow jvm = row("minimal-jvm", "temurin-25.0.3__g1", 227_000_000, 58_778, 290_000_000, 6_230_000, 227);
        ViewRow aot = row("minimal-aot", "temurin-25.0.3__g1", 146_000_000, 49_664, 190_000_000, 5_890_000, 146);
        assertEquals("`aot` cannot be ranked against `jvm`, first 200 p50 146ms against 227ms (1.55x faster): a single"
                + " launch each, no spread to tell a difference of 81.0ms from run-to-run noise (one launch, 146ms"
                + " against one launch, 227ms)", StartupView.startsAgainst("aot", aot, jvm));
    }

    @Test
    void withoutAPlainRowItSaysHowToGetTheComparison() {
        assertEquals(List.of("No start mode could be set against plain `java -jar` of the same service in the same JVM"
                + " and collector (run `jvm` beside the others to get the comparison)."), StartupView.sentences(List.of(
                row("minimal-aot", "temurin-25.0.3__g1", 146_000_000, 49_664, 190_000_000, 5_890_000))));
    }

    @Test
    void theFirstScreensLineNamesAFlaggedVariant() {
        ViewRow plain = row("minimal-jvm", "temurin-25.0.3__g1", 227_000_000, 58_778, 290_000_000, 6_230_000, 220,
                230, 240);
        ViewRow cds = row("minimal-cds", "temurin-25.0.3__g1", 146_000_000, 49_664, 190_000_000, 5_890_000, 140, 145,
                150);
        cds.result.flags.add("busy machine: other processes used 0.56 cores, more than the 0.10 allowed");
        String line = StartupAnswer.of(List.of(plain, cds)).line(200);
        assertEquals("`minimal-cds` fastest median first response, 146ms, 1.55× (1.47–1.71) below `minimal-jvm`."
                + " Caution: busy machine.", line, "the ratio's interval runs from the launches' ends: 220/150 to"
                + " 240/140; the flag cautions, it does not silence");
    }

    @Test
    void theLineRanksEveryModeOfEveryServiceTogether() {
        // micronaut-cds was named fastest above a minimal-cds and a responder-jvm that were faster
        ViewRow micronaut = row("micronaut-cds", "temurin-25.0.3__g1", 600_000_000, 1, 1, 1, 580, 600, 640);
        ViewRow minimal = row("minimal-cds", "temurin-25.0.3__g1", 350_000_000, 1, 1, 1, 320, 350, 407);
        ViewRow responder = row("responder-jvm", "temurin-25.0.3__g1", 320_000_000, 1, 1, 1, 297, 320, 366);
        String line = StartupAnswer.of(List.of(micronaut, minimal, responder)).line(200);
        // the two fastest overlap (297-366 ms and 320-407 ms): a tie, led by the faster median
        assertTrue(line.startsWith("`responder-jvm` and `minimal-cds` tie at the median first response (320ms and"
                + " 350ms)"), line);
        assertTrue(line.contains("`micronaut-cds` fastest of micronaut, 600ms"), line);
    }

    /** The best mode's launches, attributed (never to this JVM's stops: they time the service), name their cause. */
    @Test
    void theAnswerNamesTheCauseOfTheBestModesLaunches() {
        ViewRow plain = row("minimal-jvm", "temurin-25.0.3__g1", 137_000_000, 1, 1, 1, 137, 157);
        ViewRow cds = row("minimal-cds", "temurin-25.0.3__g1", 254_000_000, 1, 1, 1, 254, 276);
        dev.latencybench.core.tail.TailPart t = new dev.latencybench.core.tail.TailPart();
        t.aboveThreshold.attributed = 2;
        t.aboveThreshold.code = 1;
        t.aboveThreshold.platform = 1;
        JsonObject result = plain.result.toJson();
        result.add("tail", t.toJson());
        ViewRow withTail = new ViewRow(plain.variant, plain.cell, plain.jvm, plain.gc, "OK", METRICS.primary().name(),
                Map.of("first-response", plain.primary()), CellResult.read(result));
        String line = StartupAnswer.of(List.of(withTail, cds)).line(300);
        assertTrue(line.contains("; of the 2 worst: 1 platform"), line);
    }

    @Test
    void withTooFewLaunchesForAMedianTheAnswerGivesEachLaunchRangeAsTheTablesDo() {
        ViewRow plain = thin(row("minimal-jvm", "temurin-25.0.3__g1", 137_000_000, 1, 1, 1, 137, 157));
        ViewRow cds = thin(row("minimal-cds", "temurin-25.0.3__g1", 254_000_000, 1, 1, 1, 254, 276));
        assertEquals("`minimal-jvm` fastest first response, 137ms–157ms, apart from `minimal-cds`; `minimal-cds`"
                + " 254ms–276ms; 2 launches a mode.", StartupAnswer.of(List.of(plain, cds)).line(200),
                "2 launches: no median (the tables give none), the launches' ends instead, which the tables do give");
        assertEquals("`cds` starts slower than `jvm`, first 200 in 254ms–276ms against 137ms–157ms: their launches lie"
                + " apart (254ms to 276ms against 137ms to 157ms)", StartupView.startsAgainst("cds", cds, plain),
                "the section says it alike: no ratio of two medians it does not give");
    }

    /** The row with its first response resting on 2 launches. */
    private static ViewRow thin(ViewRow r) {
        LatencySummary two = new LatencySummary(r.primary().p50, r.primary().p50, r.primary().p50, r.primary().p50,
                r.primary().p50, r.primary().p50, 2);
        return new ViewRow(r.variant, r.cell, r.jvm, r.gc, "OK", METRICS.primary().name(),
                Map.of("first-response", two), r.result);
    }

    @Test
    void theReportFindsTheViewAsItFindsTheStudyAndGetsItsAnswerAsPlainBlocks() throws IOException {
        StudyView view = ServiceLoader.load(StudyView.class).stream().map(ServiceLoader.Provider::get)
                .filter(v -> v.study().equals(new StartupStudy().name())).findFirst().orElseThrow();
        View v = view.answer(List.of(row("minimal-jvm", "temurin-25.0.3__g1", 227_000_000, 58_778, 290_000_000,
                6_230_000), row("minimal-aot", "temurin-25.0.3__g1", 146_000_000, 49_664, 190_000_000, 5_890_000)));
        assertEquals(List.of(View.Kind.HEADING, View.Kind.BULLETS, View.Kind.PARAGRAPH,
                View.Kind.TABLE, View.Kind.PARAGRAPH, View.Kind.TABLE), v.blocks().stream().map(b -> b.kind).toList(),
                "the first screen's line, the answer, then the start-up and the response-time tables (no load batches,"
                        + " no log: no curve, no spectra)");
        assertEquals("minimal-aot", v.answers().get("").best, "the answer is handed over as data");
        assertEquals(2, v.blocks().get(3).table().rows().size(), "a row per cell");
        assertEquals("Start-up, footprint and response time per start mode", v.blocks().get(0).text);
        assertEquals(1, v.blocks().get(1).items.size(), "one mode against plain java -jar; nothing skipped");
        assertTrue(view.answer(List.of()).isEmpty(), "cells that are not the study's show nothing");
    }
}
