package dev.latencybench.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.w3c.dom.Element;

/** The stacked share bars: parts in order and size, the total over the bar, a missing bar's reason, bad input. */
class ShareBarChartTest {
    private static final List<String> PARTS = List.of("gc", "safepoint", "platform", "code");
    private static final List<Integer> SLOTS = List.of(3, 5, 4, 2);

    @Test
    void eachPartIsAsTallAsItsShareInItsColourAndAMissingBarHasItsReasonInItsPlace() throws Exception {
        ShareBarChart c = Charts.shareChart("tail", "Tail", "share (%)", PARTS, SLOTS,
                List.of(ShareBars.of("a", 15, 0, 0, 5), ShareBars.missing("b", "no attribution")));
        String svg = c.svg();
        Element root = SvgDom.parse(svg);
        List<double[]> gc = SvgDom.rects(root, "#d55e00");
        List<double[]> code = SvgDom.rects(root, "#009e73");
        assertEquals(1, gc.size(), "gc in bar a only");
        assertEquals(1, code.size());
        assertEquals(3.0, gc.get(0)[3] / code.get(0)[3], 0.01, "75% against 25%");
        assertEquals(gc.get(0)[1], code.get(0)[1] + code.get(0)[3], 0.11, "code stacked on gc");
        assertEquals(0, SvgDom.rects(root, "#cc79a7").size(), "no part of 0");
        assertTrue(svg.contains(">no attribution</text>") && svg.contains(">75%</text>") && svg.contains(">25%</text>")
                && svg.contains(">20</text>"), svg);
        assertTrue(svg.contains("<title>a: gc 15 of 20 (75%)</title>"), svg);
    }

    @Test
    void reasonsInNarrowPlacesAreCutNotOverprinted() {
        List<ShareBars> bars = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            bars.add(i % 3 == 0 ? ShareBars.of("temurin-25.0.3 cell " + i, 15, 0, 0, 5)
                    : ShareBars.missing("openjdk-17.0.15+graal cell " + i, "none kept: fewer than 10 samples"));
        }
        ChartRulesTest.assertNoTextOverprintsAnother(Charts.shareChart("tail", "Tail", "share (%)", PARTS, SLOTS, bars)
                .draw());
    }

    @Test
    void badInputIsRefusedWithWhatIsWrong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Charts.shareChart("tail",
                "Tail", "share (%)", PARTS, SLOTS, List.of(ShareBars.of("a", 1, 2))));
        assertEquals("share chart 'tail': bar 'a' has 2 counts for 4 parts", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ShareBars.of("a", 0, 0));
        assertEquals("share bar 'a': its counts add up to 0, not to its total 0 (above 0)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Charts.shareChart("tail", "Tail", "share (%)",
                PARTS, List.of(3), List.of(ShareBars.of("a", 1, 0, 0, 0))));
        assertEquals("share chart 'tail': 4 parts but 1 colours", e.getMessage());
    }

}
