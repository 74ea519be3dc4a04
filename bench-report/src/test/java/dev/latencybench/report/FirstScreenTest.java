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
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.report.doc.Doc;
import dev.latencybench.report.doc.DocRenderer;

/** The report's first screen: the smoke banner, one answer line per study, the rest folded or left to the page. */
class FirstScreenTest {
    @TempDir
    Path tmp;

    private String[] report(FixtureRun fixture) throws IOException {
        fixture.write();
        Report.write(fixture.dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return new String[] {Files.readString(fixture.dir.resolve("REPORT.md")),
            Files.readString(fixture.dir.resolve("report.html"))};
    }

    @Test
    void aSmokeRunOpensWithItsBannerThenOneAnswerLinePerStudy() throws IOException {
        String[] r = report(new FixtureRun(tmp.resolve("run"))
                .named(Metrics.of(Metric.nanos("latency", "from the intended send")), "baseline", "reference")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 300_000)
                .cell("reference", "openjdk-17.0.15__g1", "OK", 800, 4_000_000, 1, 300_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 1, 300_000));
        List<String> lines = r[0].lines().toList();
        assertEquals("# latency-bench report: run", lines.get(0));
        assertTrue(lines.get(2).startsWith("**A smoke run: it checks that the suite runs here; it is not a measurement"
                + " to decide on.**"), lines.get(2));
        assertEquals("## The answers", lines.get(4));
        // one JVM x GC: the variant's median against the yardstick's on the same cell, and the floor beside it
        assertEquals("- **[queue](#scenario-queue)**: `openjdk-17.0.15 g1` median, 1.00µs, 1.25× that"
                + " of `reference`; floor 100ns, +900ns over it.", lines.get(6)); // one fork: the ratio, no interval
        // the answers come before the page's contents, which are folded
        String html = r[1];
        assertTrue(html.indexOf("The answers") < html.indexOf("<nav class=\"toc\">"), html);
        assertTrue(html.contains("<nav class=\"toc\"><details><summary>Contents</summary>"), html);
    }

    @Test
    void aYardstickSlowerThanTheVariantThatDoesMoreWorkGivesNoHarnessCost() throws IOException {
        String[] r = report(new FixtureRun(tmp.resolve("slower"))
                .named(Metrics.of(Metric.nanos("latency", "from the intended send")), "baseline", "reference")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 300_000)
                .cell("reference", "openjdk-17.0.15__g1", "OK", 1_200, 4_000_000, 1, 300_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 1, 300_000));
        assertEquals("- **[queue](#scenario-queue)**: `openjdk-17.0.15 g1` median, 1.00µs; `reference` 1.20µs, slower"
                + " though it does less: conditions differed, no harness cost; floor 100ns, +900ns over it.",
                r[0].lines().toList().get(6), "as the floor table says: no ratio of a yardstick run under other"
                + " conditions");
    }

    @Test
    void aPercentileWithFewerThanTenSamplesBeyondItIsNotGiven() throws IOException {
        String[] r = report(new FixtureRun(tmp.resolve("thin"))
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 2_000));
        String answer = r[0].lines().filter(l -> l.startsWith("- **[queue]")).findFirst().orElseThrow();
        // 2,000 samples: 0 beyond p99.99, so no p99.99 is given; the median (1,000 beyond) is
        assertTrue(answer.contains("median, 1.00µs"), answer);
        assertFalse(answer.contains("p99.99"), answer);
    }

    @Test
    void aStandardRunHasNoBanner() throws IOException {
        FixtureRun f = new FixtureRun(tmp.resolve("std")).scale("standard").cell("chronicle", "openjdk-17.0.15__g1",
                "OK", 1_000, 5_000_000, 1, 300_000);
        String md = report(f)[0];
        assertFalse(md.contains("A smoke run"), md);
        assertTrue(md.contains("## The answers"), md);
    }

    @Test
    void partsFoldInTheHtmlTheFirstOpenAndAPartForThePageOnlyIsNamedInTheMarkdown() throws IOException {
        Doc doc = new Doc().h(1, "r").h(2, "Scenario a").p("facts").h(3, "Verdict").p("v").h(3, "Tables")
                .htmlOnly("The tables are in report.html.").h(3, "More").p("m").endHtmlOnly().h(2, "Environment");
        Doc nested = new Doc().htmlOnly("outer").p("a").htmlOnly("inner").p("b").endHtmlOnly().p("c").endHtmlOnly()
                .p("d");
        assertEquals("outer\n\nd\n\n", DocRenderer.markdown(nested), "a part inside a part: the outer pointer only");
        assertEquals("a\n\nb\n\nc\n\nd\n\n", DocRenderer.markdown(nested, true));
        String md = DocRenderer.markdown(doc);
        assertEquals("# r\n\n## Scenario a\n\nfacts\n\n### Verdict\n\nv\n\n### Tables\n\nThe tables are in report.html."
                + "\n\n## Environment\n\n", md);
        String html = DocRenderer.html(doc, "t", tmp);
        assertTrue(html.contains("<details class=\"part\" open><summary><h3 id=\"verdict\">Verdict</h3></summary>\n"
                + "<p>v</p>\n</details>\n<details class=\"part\"><summary><h3 id=\"tables\">Tables</h3></summary>\n"
                + "</details>\n<details class=\"part\"><summary><h3 id=\"more\">More</h3></summary>\n<p>m</p>\n"
                + "</details>\n<h2 id=\"environment\">Environment</h2>"), html);
    }
}
