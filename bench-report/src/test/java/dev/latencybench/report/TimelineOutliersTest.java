package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;



import dev.latencybench.chart.SvgDom;
import dev.latencybench.chart.Charts;
import dev.latencybench.chart.LineChart;
import dev.latencybench.chart.TimeSeries;
import dev.latencybench.report.data.GcPauses;

/** The timeline's outlier marks: placed by the GC log's two clocks, coloured by cause, in the page's data. */
class TimelineOutliersTest {
    private static final long T0_MS = 1_700_000_000_000L;
    /** System.nanoTime() when the wall clock read T0: the GC log's lines carry both. */
    private static final long N0_NS = 5_000_000_000_000L;

    private static long nanosAt(long epochMs) {
        return N0_NS + (epochMs - T0_MS) * 1_000_000;
    }

    @Test
    void eachKeptOutlierIsADiamondAtItsEndInItsCausesColour() throws Exception {
        GcPauses clocks = GcPauses.parse(List.of(
                "[0.005s][" + (T0_MS - 9_000) + "ms][" + nanosAt(T0_MS - 9_000) + "ns][info][gc] Using G1",
                // a line whose wall clock was cut down by 0.6 ms: the other line's difference is the true one
                "[9.005s][" + T0_MS + "ms][" + (nanosAt(T0_MS) + 600_000) + "ns][info][gc] GC(0) Pause Young"));
        Map<String, List<long[]>> marks = Map.of(
                "gc", List.of(new long[] {nanosAt(T0_MS + 20_000), 3_000_000}),
                "code", List.of(new long[] {nanosAt(T0_MS + 25_500), 2_000_000},
                        new long[] {nanosAt(T0_MS + 45_000), 9_000_000})); // after the measurement: left out
        TimeSeries line = SpectrumTimeline.timeline("cell", thirtySeconds(), List.of(new SpectrumTimeline.Fork(30,
                clocks, marks)));
        TimeSeries.Outliers o = line.outliers();
        assertArrayEquals(new String[] {"gc", "code"}, o.causes(), "in the causes' order");
        assertArrayEquals(new double[] {20, 25.5}, o.sec(), 1e-6);
        assertArrayEquals(new double[] {3_000, 2_000}, o.us(), 1e-9);

        LineChart chart = Charts.timelineChart("timeline", "Timeline", List.of(line));
        assertEquals("µs", chart.yAxis().unit);
        List<String> diamonds = SvgDom.marks(SvgDom.parse(chart.svg()), "polygon", "outlier: ");
        assertEquals(List.of("outlier: gc, 3,000 µs at 20 s", "outlier: code, 2,000 µs at 25.5 s"), diamonds,
                "in the axis' unit");
        assertTrue(chart.svg().contains("fill=\"#d55e00\" stroke=\"white\" stroke-width=\"1\"><title>outlier: gc"),
                "in its cause's colour");
    }

    @Test
    void aLogWithoutTheNanosecondClockPlacesNoOutlier() {
        GcPauses clocks = GcPauses.parse(List.of("[0.005s][" + T0_MS + "ms][info][gc] Using G1"));
        TimeSeries line = SpectrumTimeline.timeline("cell", thirtySeconds(), List.of(new SpectrumTimeline.Fork(30,
                clocks, Map.of("gc", List.<long[]>of(new long[] {nanosAt(T0_MS + 20_000), 3_000_000})))));
        assertEquals(0, line.outliers().size());
    }

    private static List<Histogram> thirtySeconds() {
        List<Histogram> intervals = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Histogram h = new Histogram(3);
            h.recordValue(100_000);
            h.setStartTimeStamp(T0_MS + i * 1_000L);
            h.setEndTimeStamp(T0_MS + i * 1_000L + 1_000);
            intervals.add(h);
        }
        return intervals;
    }

}
