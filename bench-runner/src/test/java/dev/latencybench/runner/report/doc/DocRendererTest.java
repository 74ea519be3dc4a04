package dev.latencybench.runner.report.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class DocRendererTest {
    private static Doc twoScenarios() {
        return new Doc().h(1, "latency-bench report").p("intro")
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
}
