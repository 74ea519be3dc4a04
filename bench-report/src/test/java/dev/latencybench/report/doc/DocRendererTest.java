package dev.latencybench.report.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocRendererTest {
    @TempDir
    Path tmp;
    private static Doc twoScenarios() {
        return new Doc().h(1, "latency-bench report").p("intro").contents()
                .h(2, "queue").h(3, "Verdict").p("a").h(3, "How much to trust each percentile").p("b")
                .h(2, "chain").h(3, "Verdict").p("c").h(3, "How much to trust each percentile").p("d")
                .h(2, "Environment");
    }

    @Test
    void aHeadingRepeatedInAnotherSectionTakesThatSectionsNameSoEveryIdIsUnique() {
        assertEquals(List.of("latency-bench-report", "queue", "verdict", "how-much-to-trust-each-percentile", "chain",
                "chain-verdict", "chain-how-much-to-trust-each-percentile", "environment"),
                DocRenderer.headingIds(twoScenarios()));
        Doc same = new Doc().h(2, "a").h(3, "x").h(3, "x").h(3, "x");
        assertEquals(List.of("a", "x", "a-x", "x-2"), DocRenderer.headingIds(same));
    }

    @Test
    void thePageHasContentsLinkingEverySectionAndItsPartsBeforeTheFirstSection() throws IOException {
        String html = DocRenderer.html(twoScenarios(), "t", Path.of("no-charts"));
        int nav = html.indexOf("<nav class=\"toc\">");
        assertTrue(nav > html.indexOf("<p>intro</p>") && nav < html.indexOf("<h2 id=\"queue\">"), html);
        String toc = html.substring(nav, html.indexOf("</nav>"));
        for (String id : List.of("queue", "verdict", "chain", "chain-verdict", "chain-how-much-to-trust-each-percentile",
                "environment")) {
            assertTrue(toc.contains("<a href=\"#" + id + "\">"), id + " in " + toc);
            assertTrue(html.contains(" id=\"" + id + "\">"), id);
        }
        assertTrue(toc.contains("<li><a href=\"#environment\">Environment</a></li>"), "no empty list: " + toc);
    }

    /**
     * A chart with data is drawn in the page from it, its data made safe inside its script element, with uPlot and
     * the chart script once at the end; a chart with only an SVG is inlined as before, and a page without charts
     * carries no script at all.
     */
    /**
     * A name in a code span stays on one line; a span longer than a name (the chain's schedule, 300 characters in a
     * smoke run) wraps, where it had widened the page past the window.
     */
    @Test
    void aLongCodeSpanWrapsWhereANameStaysWhole() throws IOException {
        String schedule = "capacity search of chronicle: 1, 2 chains, then bisect to within 10%; pass: p99.9 < 100ms";
        String html = DocRenderer.html(new Doc().h(1, "r").p("Why (`" + schedule + "`), `micronaut-jvm`"), "t",
                Path.of("no-charts"));
        assertTrue(html.contains("<code class=\"long\">" + schedule.replace("<", "&lt;") + "</code>"), html);
        assertTrue(html.contains("<code>micronaut-jvm</code>"), html);
        assertTrue(html.contains("p > code.long { white-space: normal;"), html);
    }

    @Test
    void aChartIsItsSvgInlinedWithALinkToItsFileAndThePageGetsTheLegendScriptOnce() throws IOException {
        Files.writeString(tmp.resolve("b.svg"), "<svg width=\"10\"></svg>");
        String html = DocRenderer.html(new Doc().h(1, "r").chart("b", "chart <b>").chart("b", "again"), "t", tmp);
        assertTrue(html.contains("<figure><svg class=\"chart\" width=\"10\"></svg><figcaption>chart &lt;b&gt; (<a"
                + " href=\"charts/b.svg\">SVG</a>)</figcaption></figure>"), html);
        assertEquals(1, html.split("\\[data-l\\]", -1).length - 1, "the legend's script once");
        assertTrue(html.indexOf("[data-l]") > html.indexOf("</main>"), "the script runs after the figures");
        assertFalse(DocRenderer.html(new Doc().h(1, "r").p("x"), "t", tmp).contains("<script"), "no chart, no script");
        assertTrue(DocRenderer.markdown(new Doc().chart("b", "chart b")).contains("![chart b](charts/b.svg)"));
    }
}
