package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.testing.Folders;
import dev.latencybench.report.data.Percentiles;

/**
 * The report of a study of another shape (named metrics beyond latency and service, a floor that is
 * not called {@code baseline}), and of the committed reference runs, written before metrics were named.
 */
class ReportShapesTest {
    static final Metrics WINDOW = Metrics.of(
            Metric.nanos("first", "first result of a window minus the window's end"),
            Metric.nanos("last", "last result of a window minus the window's end"),
            Metric.nanos("spread", "last result minus first result of a window"));

    @TempDir
    Path tmp;

    private static String write(Path run) throws IOException {
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return FixtureRun.wholeMarkdown(run); // every table, those only report.html shows too
    }

    @Test
    void aStudyOfAnotherShapeGetsATablePerMetricAndTheFloorItDeclares() throws IOException {
        Path run = tmp.resolve("jet");
        new FixtureRun(run)
                .shape("jet", "window: 10 s sliding by 1 s over 1,000 keys; CPUs: 2,4")
                .named(WINDOW, "direct", null)
                .spreadMetrics()
                .cell("direct", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 1, 30_000)
                .cell("pipeline", "openjdk-17.0.15__g1", "OK", 1_000, 3_000_000, 1, 30_000)
                .cell("direct", "openjdk-17.0.15__zgc", "OK", 100, 2_000_000, 1, 30_000)
                .cell("pipeline", "openjdk-17.0.15__zgc", "OK", 500, 3_000_000, 1, 30_000)
                .write();
        String md = write(run);

        assertTrue(md.contains("window: 10 s sliding by 1 s over 1,000 keys; CPUs: 2,4. Scale `smoke`: warm-up"), md);
        assertFalse(md.contains("msg/s"), "no rate in a study without one");
        // one table per metric, primary first, each with its own figures: metric k records k + 1 times the latencies
        int first = md.indexOf("### `first`: first result of a window minus the window's end\n");
        int last = md.indexOf("### `last`: last result of a window minus the window's end\n");
        int spread = md.indexOf("### `spread`: last result minus first result of a window\n");
        assertTrue(first > 0 && first < last && last < spread, md);
        assertTrue(md.indexOf("| openjdk-17.0.15 | g1 | pipeline | OK | 1.00 |", first) < last, md);
        assertTrue(md.indexOf("| openjdk-17.0.15 | g1 | pipeline | OK | 2.00 |", last) < spread, md);
        assertTrue(md.indexOf("| openjdk-17.0.15 | g1 | pipeline | OK | 3.00 |", spread) > spread, md);
        // the floor goes last in every table
        assertTrue(md.indexOf("| openjdk-17.0.15 | zgc | direct | OK |", first)
                > md.indexOf("| openjdk-17.0.15 | zgc | pipeline | OK |", first), md);
        // the floor the study declares, by the primary metric; no yardstick declared, no harness table
        assertTrue(md.contains("### Against the machine's floor\n\nThe `direct` variant is the study's floor"), md);
        assertTrue(md.contains("| JVM | GC | variant | p50 (ns) | direct p50 (ns) | own cost (ns) | ratio | p99.9 (ms)"
                + " | direct p99.9 (ms) |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | pipeline | 1,000 | 100 | 900 | 10.00x |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | zgc | pipeline | **500** | 100 | **400** | 5.00x |"), md);
        assertFalse(md.contains("The harness's own cost"), md);
        // the floor is not judged in the verdict, nor pivoted
        assertTrue(md.contains("- **pipeline, median `first`: not ranked, one fork per cell.** Lowest"
                + " `openjdk-17.0.15 zgc` 500ns (95% 500ns–500ns, order statistics of 30,000)."), md);
        assertFalse(md.contains("- **direct,"), md);
        // another metric is judged too, but repeated only where its lowest cell is not the primary metric's
        assertFalse(md.contains("- **pipeline, median `last`"), "the same cell is lowest by `last`: " + md);
        assertTrue(md.contains("Median and p99.99 first of `pipeline`, JVM down, collector across:"), md);
        assertTrue(md.contains("### Percentile spectra per JVM and collector and first over time"), md);
        assertTrue(md.contains("`first` untagged, `last` tagged `last`, `spread` tagged `spread`"), md);
        // words of the queue study have no place here
        assertFalse(md.contains("baseline"), md);
        assertFalse(md.contains("transport"), md);
        assertFalse(md.contains("latency (us)"), md);
        // a spectrum per JVM x GC; no timeline from a log of 3 intervals
        assertFalse(Files.exists(run.resolve("charts/jet-pipeline-timeline.svg")));
        for (String chart : List.of("jet-median", "jet-openjdk-17.0.15__g1-spectrum",
                "jet-openjdk-17.0.15__zgc-spectrum")) {
            assertTrue(Files.isRegularFile(run.resolve("charts").resolve(chart + ".svg")), chart);
        }
        assertTrue(Files.readString(run.resolve("charts/jet-median.svg"))
                .contains("<title>jet: median first (p50) per JVM and collector</title>"));
    }

    @Test
    void aStudyThatDeclaresNoFloorHasNoFloorTableEvenWithAVariantCalledBaseline() throws IOException {
        Path run = tmp.resolve("nofloor");
        new FixtureRun(run)
                .named(Metrics.ONE_WAY, null, null)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 3_000_000, 1, 30_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 1, 30_000)
                .write();
        String md = write(run);
        assertFalse(md.contains("Against the machine's floor"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | OK | 1.00 |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | baseline | OK | **0.100** |"), "no floor, so ranked: " + md);
        assertTrue(md.contains("256-byte payload"), md);
    }

    /**
     * The committed reference runs render with the figures they had: every row of the study tables of
     * their committed REPORT.md (written before metrics were named, and before a column had one unit)
     * holds the same figures within the rounding to three figures, and every chart is drawn.
     */
    @Test
    void theCommittedReferenceRunsStillRender() throws IOException {
        Path results = Path.of("..", "results").toAbsolutePath().normalize();
        for (String name : List.of("device-16core", "device-c2-vs-graal")) {
            Path committed = results.resolve(name);
            assertTrue(Files.isRegularFile(committed.resolve("REPORT.md")), committed + " is committed");
            Path copy = tmp.resolve(name);
            Folders.copyTree(committed, copy);
            Files.delete(copy.resolve("REPORT.md"));
            String md = write(copy);
            List<Map<String, List<Double>>> was = studyTables(Files.readString(committed.resolve("REPORT.md")));
            List<Map<String, List<Double>>> now = studyTables(md);
            // the committed REPORT.md keeps the primary metric's table (latency); the whole report has service too
            assertEquals(1, was.size(), name + ": latency in REPORT.md");
            assertEquals(2, now.size(), name + ": latency and service: " + md);
            for (int t = 0; t < was.size(); t++) {
                assertEquals(was.get(t).keySet(), now.get(t).keySet(), md);
                for (String row : was.get(t).keySet()) {
                    List<Double> a = was.get(t).get(row);
                    List<Double> b = now.get(t).get(row);
                    for (int i = 0; i < a.size(); i++) {
                        assertTrue(Math.abs(a.get(i) - b.get(i)) <= 0.01 * Math.max(a.get(i), b.get(i)),
                                name + ": " + row + " column " + i + ": " + a + " against " + b);
                    }
                }
            }
            // every chart the report names is drawn (its pixels depend on the JDK's fonts: drawn, not compared)
            java.util.regex.Matcher named = java.util.regex.Pattern.compile("\\(charts/([^)]+\\.svg)\\)").matcher(md);
            int drawn = 0;
            while (named.find()) {
                assertTrue(Files.size(copy.resolve("charts").resolve(named.group(1))) > 0, name + ": " + named.group(1));
                drawn++;
            }
            assertTrue(drawn > 0, name + ": its report draws charts");
        }
    }

    /**
     * The study tables of a REPORT.md (headed {@code | JVM | GC | variant | status |}): per table, each
     * row's JVM, GC, variant and status with its figures in ns (counts as they are), from cells that
     * name their unit ({@code 1.35us}) or a header that does ({@code p50 (µs)}); bold and marks dropped.
     */
    static List<Map<String, List<Double>>> studyTables(String md) {
        List<Map<String, List<Double>>> tables = new ArrayList<>();
        for (String table : md.split("\n\n")) {
            if (!table.startsWith("| JVM | GC | variant | status |")) {
                continue;
            }
            String[] lines = table.split("\n");
            String[] header = lines[0].substring(2, lines[0].length() - 2).split(" \\| ");
            Map<String, List<Double>> rows = new LinkedHashMap<>();
            for (int l = 2; l < lines.length; l++) {
                String[] c = lines[l].substring(2, lines[l].length() - 2).split(" \\| ");
                List<Double> figures = new ArrayList<>();
                for (int i = 4; i < c.length; i++) {
                    figures.add(ns(c[i], header[i]));
                }
                rows.put(String.join(" ", List.of(c).subList(0, 4)), figures);
            }
            tables.add(rows);
        }
        return tables;
    }

    private static double ns(String cell, String header) {
        String v = cell.replace("**", "").replace(Percentiles.LOW, "").replace(",", "").trim();
        Matcher unitInHeader = Pattern.compile("\\((ns|µs|ms|s)\\)$").matcher(header);
        Matcher unitInCell = Pattern.compile("([0-9.]+)(ns|us|ms|s)").matcher(v);
        if (unitInCell.matches()) {
            return Double.parseDouble(unitInCell.group(1)) * factor(unitInCell.group(2));
        }
        return Double.parseDouble(v) * (unitInHeader.find() ? factor(unitInHeader.group(1)) : 1);
    }

    private static double factor(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
    }
}
