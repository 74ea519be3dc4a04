package dev.latencybench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The order-statistic interval and the cliff check on histograms whose ranks are known exactly. */
class BoundsTest {

    /** 1, 2, ..., 1,000 ns once each: the value at rank k is k (exact below 2,048 at 3 digits). */
    private static Histogram oneToAThousand() {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int v = 1; v <= 1_000; v++) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void theMediansIntervalIsTheRanksNpPlusOrMinus196SqrtNpq() {
        // n 1,000, p 0.5: 500 ± 1.96 × √250 = 500 ± 30.99: ranks 469 to 531
        Bounds.Interval i = Bounds.orderStatistics(oneToAThousand(), 50);
        assertEquals(469, i.lowNs());
        assertEquals(531, i.highNs());
        assertEquals("95% 469ns–531ns, order statistics of 1,000", i.describe());
        assertEquals("order statistics of 1,000", i.how());
    }

    @Test
    void aTailIntervalIsClampedToTheSamples() {
        // p99: 990 ± 1.96 × √9.9 = 990 ± 6.17: ranks 983 to 997
        Bounds.Interval p99 = Bounds.orderStatistics(oneToAThousand(), 99);
        assertEquals(983, p99.lowNs());
        assertEquals(997, p99.highNs());
        // p99.9: 999 ± 1.96 × √0.999 = 999 ± 1.96: ranks 997 to 1,000 (1,000.96 clamped to n)
        Bounds.Interval p999 = Bounds.orderStatistics(oneToAThousand(), 99.9);
        assertEquals(997, p999.lowNs());
        assertEquals(1_000, p999.highNs());
    }

    @Test
    void aMedianOnACliffIsUnstable() {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        h.recordValueWithCount(1_000, 520); // ranks 1 to 520
        h.recordValueWithCount(3_000, 480); // ranks 521 to 1,000: p55 (rank 550) lies past the cliff
        assertEquals("unstable: the distribution jumps near it (p45 1.00us, p55 3.00us)", Bounds.unstable(h, 50)
                .replace("µs", "us"));
        assertNull(Bounds.unstable(oneToAThousand(), 50), "p45 450ns against p55 550ns: no cliff");
    }

    @Test
    void twoEndsThatReadAlikeAtThreeFiguresGetAFourth() {
        org.junit.jupiter.api.Assertions.assertEquals("95% 1.018µs–1.021µs, order statistics of 3,000,000".replace("µ",
                "u"), new Bounds.Interval(1_018, 1_021, 0, 3_000_000).describe());
        org.junit.jupiter.api.Assertions.assertEquals("95% 1.00us–1.10us, order statistics of 10",
                new Bounds.Interval(1_000, 1_100, 0, 10).describe(), "ends that differ at three figures stay so");
        org.junit.jupiter.api.Assertions.assertEquals("95% 680.1us–680.4us, order statistics of 10",
                new Bounds.Interval(680_100, 680_400, 0, 10).describe());
    }
}
