package dev.latencybench.report.doc;

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
    void aColumnTakesAUnitThatKeepsItsSmallestValueAtATenthAndItsLargestUnderAHundredThousand() {
        // ns and µs both fit; µs is the middle value's own
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(1_350.0, 372.0, 1_190.0, 441.0)));
        // 89 µs to 2.4 ms: ms would print 0.0890, so µs (89.0 to 2,417)
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(984e3, 2_417e3, 89e3, 690e3)));
        // the queue's p50: 383 ns to 3.06 ms reads 0.383 to 3,062 µs, never 0.000383 ms
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(1_990.0, 3_062e3, 383.0)));
        // a chain's p50, 92.4 µs to 99.7 ms: 92.4 to 99,680 µs
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(92.4e3, 673e3, 99.68e6)));
        // tails of 4.01 to 53.3 ms stay in ms, round trips of 158 to 468 ns in ns
        assertEquals(LatencyUnit.MS, LatencyUnit.forColumn(List.of(4.01e6, 53.3e6, 10.1e6)));
        assertEquals(LatencyUnit.NS, LatencyUnit.forColumn(List.of(158.0, 468.0, 301.0)));
        // 50 ns to 12 ms fits no unit: the largest keeps under 100,000 (12,000 µs), the smallest reads 0.0500
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(50.0, 800.0, 900.0, 3e6, 12e6)));
        assertEquals(LatencyUnit.US, LatencyUnit.forColumn(List.of(50.0, 80.0, 90.0, 12e6)));
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

    @Test
    void aPercentileWithTooFewSamplesBeyondItReadsADashAndItsCountIsNeverBoldAndDoesNotChooseTheUnit() {
        Doc doc = new Doc();
        doc.table(new Table().text("cell").lowest("p99.9").lowest("max")
                .row(List.of("a", Table.Time.percentile(500, 2_000, 99.9), Table.Time.of(16_100_000)))
                .row(List.of("b", Table.Time.percentile(3_000_000, 50_000, 99.9), Table.Time.of(13_500_000)))
                .row(List.of("c", Table.Time.percentile(4_500_000, 200_000, 99.9), Table.Time.of(0))));
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(List.of("cell", "p99.9 (ms)", "max (ms)"), t.header(), "a's 500 ns is not shown: ms");
        assertEquals(List.of("a", "— (2)", "16.1"), t.rows().get(0), "2 beyond: not shown, never bold");
        assertEquals(List.of("b", "**3.00** †", "**13.5**"), t.rows().get(1), "50 beyond: marked, lowest shown");
        assertEquals(List.of("c", "4.50", "0"), t.rows().get(2), "200 beyond: as it is; a zero is never bold");
        assertEquals("— (n): a percentile with n samples beyond it, fewer than 10, is not shown: it would be the few"
                + " worst samples, not a percentile (the max is the worst of them); a longer run puts more samples"
                + " beyond it. †: fewer than 100 beyond it.", ((Doc.Para) doc.blocks.get(1)).text());
        doc.table(new Table().text("cell").lowest("p99.9").row(List.of("a", Table.Time.percentile(1, 3, 99.9))));
        assertEquals(3, doc.blocks.size(), "said once per section");
        assertEquals(List.of("cell", "p99.9"), ((Doc.Grid) doc.blocks.get(2)).header(), "no figures, no unit");
        doc.h(2, "next study");
        doc.table(new Table().text("cell").lowest("p99.9").row(List.of("a", Table.Time.percentile(1, 3, 99.9))));
        assertEquals(6, doc.blocks.size(), "said again in the next section");
    }

    @Test
    void aValueAndItsYardstickShareTheirUnitAndAPercentileInMibReadsLikeATime() {
        Doc doc = new Doc();
        doc.table(new Table().text("cell").lowest("p50").time("baseline p50").sameUnitAs("p50").number("RSS p50")
                .row(List.of("a", Table.Time.of(1_990), Table.Time.of(383), Table.Figure.percentile("106.9 MiB", 3, 50)))
                .row(List.of("b", Table.Time.of(3_062_000), Table.Time.of(383),
                        Table.Figure.percentile("47.8 MiB", 1_000, 50))));
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(List.of("cell", "p50 (µs)", "baseline p50 (µs)", "RSS p50"), t.header());
        assertEquals(List.of("a", "**1.99**", "0.383", "— (2)"), t.rows().get(0));
        assertEquals(List.of("b", "3,062", "0.383", "47.8 MiB"), t.rows().get(1));
    }

    @Test
    void microsecondsReadMicroInTheReportButNotInsideCode() {
        assertEquals("p50 1.35µs, polled every 200 µs; the status of `-Dbench.x=5us` users",
                Doc.micros("p50 1.35us, polled every 200 us; the status of `-Dbench.x=5us` users"));
        Doc doc = new Doc().p("4.21us").bullets(List.of("811us / 2.78ms"));
        assertEquals("4.21µs", ((Doc.Para) doc.blocks.get(0)).text());
        assertEquals(List.of("811µs / 2.78ms"), ((Doc.Bullets) doc.blocks.get(1)).items());
    }
}
