package dev.latencybench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.gson.Gson;

/** The stacked share bars: parts in order and size, the total over the bar, a missing bar's reason, bad input. */
class ShareBarChartTest {
    private static final List<String> PARTS = List.of("gc", "safepoint", "platform", "code");
    private static final List<Integer> SLOTS = List.of(3, 5, 4, 2);

    @Test
    void eachPartIsAsTallAsItsShareInItsColourAndAMissingBarLeavesItsPlaceEmpty() {
        ShareBarChart c = Charts.shareChart("tail", "Tail", "share (%)", PARTS, SLOTS,
                List.of(ShareBars.of("a", 15, 0, 0, 5), ShareBars.missing("b", "no attribution")));
        BufferedImage png = ChartOutput.png(c);
        int x = (int) Math.round(c.barCentreX(0)) + 12; // off the labels written in the middle
        assertEquals(0xD55E00, rgb(png, x, c.screenY(10)), "gc, the first part, from 0 to 75%");
        assertEquals(0xD55E00, rgb(png, x, c.screenY(70)));
        assertEquals(0x009E73, rgb(png, x, c.screenY(80)), "code, from 75% to 100%");
        assertEquals(0xFFFFFF, rgb(png, x, c.screenY(101)), "nothing above 100%");
        assertEquals("20", c.totalLabel(0));
        assertEquals(null, c.totalLabel(1));
        int bx = (int) Math.round(c.barCentreX(1)) + 40;
        for (double p = 1; p < 100; p += 7) {
            int rgb = rgb(png, bx, c.screenY(p));
            assertTrue(rgb == 0xFFFFFF || rgb == 0xE3E3E3, "no bar of 0 where there is none: " + Integer.toHexString(rgb));
        }
        String svg = ChartOutput.svg(c, "tail", "Tail", PARTS);
        assertTrue(svg.contains(">no attribution</text>") && svg.contains(">75%</text>") && svg.contains(">25%</text>"),
                svg);
    }

    /** The chart's JSON, member by member as report-charts.js reads it: a missing bar's total and counts null. */
    @Test
    void itsDataIsTheSharesFormat() {
        ShareBarChart c = Charts.shareChart("tail", "Tail", "share (%)", PARTS, SLOTS,
                List.of(ShareBars.of("a", 15, 0, 0, 5), ShareBars.missing("b", "no attribution")));
        assertEquals("{'type':'shares','title':'Tail','y':{'title':'share (%)','unit':'%','min':0,'max':108},"
                + "'categories':['a','b'],'totals':[20,null],'missing':[null,'no attribution'],'series':["
                + "{'name':'gc','colour':'#d55e00','values':[75,null],'counts':[15,null]},"
                + "{'name':'safepoint','colour':'#cc79a7','values':[0,null],'counts':[0,null]},"
                + "{'name':'platform','colour':'#3391cc','values':[0,null],'counts':[0,null]},"
                + "{'name':'code','colour':'#009e73','values':[25,null],'counts':[5,null]}]}",
                new Gson().toJson(c.data()).replace('"', '\''));
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

    private static int rgb(BufferedImage png, int x, double y) {
        return png.getRGB(x, (int) Math.round(y)) & 0xFFFFFF;
    }
}
