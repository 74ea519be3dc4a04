package dev.latencybench.runner.report.doc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.view.Table;

/** One unit per column, printed with {@link Units#formatNs}'s rounding, and the lowest value in bold. */
class TableTest {
    @Test
    void aValueInItsOwnUnitReadsAsFormatNsPrintsIt() {
        for (double ns : new double[] {0, 7, 812, 999, 1_000, 1_354, 9_996, 28_400, 525_000, 999_400, 1_070_000,
            12_878_000, 2_500_000_000.0}) {
            LatencyUnit u = LatencyUnit.of(ns);
            assertEquals(Units.formatNs(ns), u.format(ns) + (u == LatencyUnit.US ? "us" : u.symbol), "ns " + ns);
        }
        assertEquals("-982", LatencyUnit.NS.format(-982), "a difference of two latencies");
    }

    @Test
    void aSmallerValueKeepsThreeFiguresAsDecimalsALargerOneItsWholeDigits() {
        assertEquals("0.372", LatencyUnit.US.format(372));
        assertEquals("0.0890", LatencyUnit.MS.format(89_000));
        assertEquals("0.000300", LatencyUnit.MS.format(300));
        assertEquals("1.00", LatencyUnit.US.format(999.6), "rounded up to the next power of ten");
        assertEquals("1,354", LatencyUnit.NS.format(1_354));
        assertEquals("12,878", LatencyUnit.US.format(12_878_000));
        assertEquals("0", LatencyUnit.MS.format(0));
    }

    @Test
    void aColumnTakesTheUnitOfItsLargestValueUnlessItsMiddleValueWouldReadBelowATenth() {
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(1_350.0, 372.0, 1_190.0, 441.0)));
        assertEquals(LatencyUnit.MS, LatencyUnit.forColumn(List.of(984e3, 2_417e3, 89e3, 690e3)));
        // 50 ns to 12 ms: ms would print the middle value as 0.000800, so µs
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(50.0, 800.0, 900.0, 3e6, 12e6)));
        assertEquals(LatencyUnit.NS, LatencyUnit.forColumn(List.of(50.0, 80.0, 90.0, 12e6)));
        assertEquals(LatencyUnit.NS, LatencyUnit.forColumn(List.of()), "no values");
        assertEquals(LatencyUnit.NS, LatencyUnit.forColumn(List.of(0.0, Double.NaN)), "nothing to go by");
    }

    @Test
    void aColumnSpanningNanosecondsAndMillisecondsGetsOneUnitAndItsLowestRankedValueInBold() {
        Doc doc = new Doc();
        doc.table(new Table().text("cell").lowest("p50").time("floor p50").number("count")
                .row(List.of("a", Table.Time.of(50), Table.Time.of(40).ranked(false), "1"))
                .row(List.of("b", Table.Time.of(800), Table.Time.of(40), "2"))
                .row(List.of("c", Table.Time.of(3_000_000).suffix(" †"), Table.Time.of(40), "3"))
                .row(List.of("d", Table.Time.of(12_000_000), "-", "4"))
                .row(List.of("e", Table.Time.of(10).ranked(false), Table.Time.of(40), "5")));
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(List.of("cell", "p50 (µs)", "floor p50 (ns)", "count"), t.header());
        assertEquals(List.of(false, true, true, true), t.numeric());
        assertEquals(List.of("a", "**0.0500**", "40", "1"), t.rows().get(0), "the lowest ranked cell in bold");
        assertEquals(List.of("b", "0.800", "40", "2"), t.rows().get(1));
        assertEquals(List.of("c", "3,000 †", "40", "3"), t.rows().get(2), "the mark after the value");
        assertEquals(List.of("d", "12,000", "-", "4"), t.rows().get(3));
        assertEquals(List.of("e", "0.0100", "40", "5"), t.rows().get(4), "an unranked cell is never bold");
        String md = DocRenderer.markdown(doc);
        assertEquals("| cell | p50 (µs) | floor p50 (ns) | count |\n|---|---:|---:|---:|\n| a | **0.0500** | 40 | 1 |",
                md.substring(0, md.indexOf(" |\n| b") + 2));
    }

    @Test
    void cellsThatAllPrintAlikeAreNoRankingAndARangeIsPrintedInTheColumnsUnit() {
        Doc doc = new Doc();
        doc.table(new Table().text("cell").lowest("longest").time("round trip")
                .row(List.of("a", Table.Time.of(4_051_000), Table.Time.range(160, 540)))
                .row(List.of("b", Table.Time.of(4_049_000), Table.Time.range(1_700, 1_750))));
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(List.of("cell", "longest (ms)", "round trip (µs)"), t.header());
        assertEquals(List.of("a", "4.05", "0.160 - 0.540"), t.rows().get(0));
        assertEquals(List.of("b", "4.05", "1.70 - 1.75"), t.rows().get(1));
    }

    @Test
    void aRowMustFillEveryColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Table().text("a").time("b").row(List.of("x")));
        assertEquals("1 cells for 2 columns: [x]", e.getMessage());
    }
}
