package dev.latencybench.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays percentile spectra out as a {@link LineChart}: a nines axis that ends where the data end, a latency axis fitted
 * to the lines, max dots and limit, and small multiples past {@value #SPECTRUM_OVERLAY_MAX_LINES} lines. Stateless.
 */
final class SpectrumLayout {
    /** Line width in px: a spectrum has few lines, drawn a little wider than a timeline's zigzags. */
    private static final float SPECTRUM_LINE_PX = 2.0f;

    /** Spectra seldom cross, so several share a plot; past this many the colours repeat and the tails bunch. */
    static final int SPECTRUM_OVERLAY_MAX_LINES = 6;

    /** Room on the nines axis right of the rightmost max's dot: about 12 px of a 5-nine plot. */
    static final double MAX_DOT_ROOM_NINES = 0.08;

    private SpectrumLayout() {
    }

    /** The chart {@link Charts#percentileSpectrum} writes: arguments as there. */
    static LineChart chart(String baseName, String title, List<Spectrum> lines, double limitUs, String limitName) {
        List<double[]> limits = Double.isNaN(limitUs) ? List.of() : List.<double[]>of(new double[] {limitUs});
        String chart = "percentile spectrum '" + Charts.requireBaseName(baseName) + "'";
        Charts.requireText(title, chart + ": title");
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no lines");
        }
        List<String> names = new ArrayList<>();
        LatencyRange range = new LatencyRange();
        double maxNines = 0;
        double minNines = Double.MAX_VALUE;
        for (Spectrum line : lines) {
            minNines = Math.min(minNines, Charts.nines(line.firstPercentile()));
            names.add(line.name());
            double[] percentiles = line.percentiles();
            range.add(chart, line.name(), line.latenciesUs(), i -> "p" + percentiles[i]);
            maxNines = Math.max(maxNines, Charts.nines(percentiles[percentiles.length - 1]));
            if (!Double.isNaN(line.maxUs()) && line.maxUs() > 0) { // the max's dot is part of what the chart shows
                range.add(chart, line.name(), new double[] {line.maxUs()}, i -> "its max");
                maxNines = Math.max(maxNines, Charts.nines(line.maxPercentile()));
            }
        }
        Charts.requireUnique(names, chart, "line");

        // the axis ends at the last point, and a little past a max's dot so that the dot is whole; at least at 90%
        boolean anyMax = lines.stream().anyMatch(l -> l.maxUs() > 0);
        double xMax = Math.max(1, maxNines) + (anyMax ? MAX_DOT_ROOM_NINES : 0);
        // and starts at the first point: the median, or a line's first percentile above 0
        double xMin = minNines;
        int wholeNines = (int) Math.floor(xMax + 1e-9);
        List<Double> tickList = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int k = 0; k <= wholeNines; k++) {
            double at = k == 0 ? Charts.nines(50) : k;
            if (at >= xMin - 1e-9) {
                tickList.add(at);
                labels.add(k == 0 ? "50%" : Charts.percentileLabel(k));
            }
        }
        double[] ticks = tickList.stream().mapToDouble(Double::doubleValue).toArray();
        for (double[] limit : limits) {
            range.add(chart, limitName, limit, i -> "the limit");
        }
        LatencyAxis y = LatencyAxis.fit(range.minUs, range.maxUs);
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            slots.add(Palette.slotOf(lines.get(i).paletteSlot(), i));
        }
        List<Integer> panelOf = SmallMultiples.panels(slots, lines.size() > SPECTRUM_OVERLAY_MAX_LINES);
        LineChart c = new LineChart(title, "percentile", xMin, xMax, ticks, labels, y,
                SmallMultiples.panelCount(panelOf)).xScale(LineChart.XScale.NINES);
        for (int i = 0; i < lines.size(); i++) {
            Spectrum line = lines.get(i);
            c.addLine(line.name(), line.nines(), y.of(line.latenciesUs()), slots.get(i), SPECTRUM_LINE_PX,
                    panelOf.get(i));
            if (!Double.isNaN(line.maxUs()) && line.maxUs() > 0) {
                c.addMaximum(Charts.nines(line.maxPercentile()), y.of(line.maxUs()), slots.get(i), panelOf.get(i));
            }
        }
        for (double[] limit : limits) { // a study's limit: a rule across the plot, the line must stay under it
            c.addLevel(y.of(limit[0]), limitName);
        }
        return c;
    }
}
