package dev.latencybench.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;

/**
 * Lays latency timelines out as a {@link LineChart}: a seconds axis with round ticks, a latency axis fitted to lines,
 * pauses and outliers, and small multiples past {@value #TIMELINE_OVERLAY_MAX_COLOURS} colours. Stateless.
 */
final class TimelineLayout {
    /** Line width in px: a timeline has many short zigzags, drawn thinner than a spectrum's lines. */
    private static final float TIMELINE_LINE_PX = 1.4f;

    /** A timeline's x axis has at most this many steps between labelled ticks. */
    private static final int MAX_TIME_TICKS = 10;

    /** Past this many cells in one plot, zigzagging spikes hide each other, so each cell gets its own plot. */
    static final int TIMELINE_OVERLAY_MAX_COLOURS = 3;

    private TimelineLayout() {
    }

    /** The chart {@link Charts#timeline} writes: arguments as there. */
    static LineChart chart(String baseName, String title, List<TimeSeries> lines) {
        String chart = "timeline '" + Charts.requireBaseName(baseName) + "'";
        Charts.requireText(title, chart + ": title");
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no lines");
        }
        List<String> names = new ArrayList<>();
        LatencyRange range = new LatencyRange();
        double endSec = 0;
        for (TimeSeries line : lines) {
            names.add(line.name());
            double[] sec = line.secondsSinceStart();
            range.add(chart, line.name(), line.latenciesUs(), i -> sec[i] + " s");
            endSec = Math.max(endSec, sec[sec.length - 1]);
        }
        Charts.requireUnique(names, chart, "line");
        if (range.maxUs < range.minUs) {
            throw new IllegalArgumentException(chart + ": every latency is NaN; nothing to draw");
        }
        double xMaxSec = endSec > 0 ? endSec : 1;
        for (TimeSeries line : lines) { // a pause or an outlier is part of what the chart shows: the axis holds it
            double[] at = line.pauseSec();
            double[] us = line.pauseUs();
            for (int k = 0; k < at.length; k++) {
                if (at[k] >= 0 && at[k] <= xMaxSec) {
                    range.minUs = Math.min(range.minUs, us[k]);
                    range.maxUs = Math.max(range.maxUs, us[k]);
                }
            }
            TimeSeries.Outliers o = line.outliers();
            for (int k = 0; k < o.size(); k++) {
                if (o.sec()[k] >= 0 && o.sec()[k] <= xMaxSec) {
                    range.minUs = Math.min(range.minUs, o.us()[k]);
                    range.maxUs = Math.max(range.maxUs, o.us()[k]);
                }
            }
        }
        if (pausesOnTop(lines, range.maxUs, xMaxSec)) {
            // lift the axis' top by a pause triangle's height (a twentieth of the plot) so the longest is not cut off
            range.maxUs *= Math.pow(Math.max(range.maxUs / range.minUs, 10), 1.0 / 20);
        }

        double stepSec = Charts.niceStep(xMaxSec / MAX_TIME_TICKS);
        int tickCount = (int) Math.floor(xMaxSec / stepSec + 1e-9) + 1;
        double[] ticks = new double[tickCount];
        List<String> labels = new ArrayList<>(tickCount);
        DecimalFormat seconds = new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        for (int k = 0; k < tickCount; k++) {
            ticks[k] = k * stepSec;
            labels.add(seconds.format(ticks[k]));
        }
        LatencyAxis y = LatencyAxis.fit(range.minUs, range.maxUs);
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            slots.add(Palette.slotOf(lines.get(i).paletteSlot(), i));
        }
        List<Integer> panelOf = SmallMultiples.panels(slots,
                new HashSet<>(slots).size() > TIMELINE_OVERLAY_MAX_COLOURS);
        LineChart c = new LineChart(title, "seconds since the start of the measurement", 0, xMaxSec, ticks, labels,
                y, SmallMultiples.panelCount(panelOf));
        for (int i = 0; i < lines.size(); i++) {
            TimeSeries line = lines.get(i);
            int panel = panelOf.get(i);
            c.addLine(line.name(), line.secondsSinceStart(), y.of(line.latenciesUs()), slots.get(i),
                    TIMELINE_LINE_PX, panel);
            for (double x : line.forkStartsSec()) {
                c.addForkStart(x, panel);
            }
            double[] at = line.pauseSec();
            double[] us = line.pauseUs();
            for (int k = 0; k < at.length; k++) {
                if (at[k] >= 0 && at[k] <= xMaxSec) {
                    c.addPause(at[k], y.of(us[k]), slots.get(i), panel);
                }
            }
            TimeSeries.Outliers o = line.outliers();
            for (int k = 0; k < o.size(); k++) {
                if (o.sec()[k] >= 0 && o.sec()[k] <= xMaxSec) {
                    c.addOutlier(o.sec()[k], y.of(o.us()[k]), o.slots()[k], o.causes()[k], panel);
                }
            }
        }
        return c;
    }

    /** Whether the longest pause drawn is the highest thing in the chart, within a factor of 2. */
    private static boolean pausesOnTop(List<TimeSeries> lines, double maxUs, double xMaxSec) {
        for (TimeSeries line : lines) {
            double[] at = line.pauseSec();
            double[] us = line.pauseUs();
            for (int k = 0; k < at.length; k++) {
                if (at[k] >= 0 && at[k] <= xMaxSec && us[k] * 2 >= maxUs) {
                    return true;
                }
            }
        }
        return false;
    }
}
