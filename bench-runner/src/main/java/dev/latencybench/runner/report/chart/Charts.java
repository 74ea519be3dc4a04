package dev.latencybench.runner.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.regex.Pattern;

import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

import dev.latencybench.core.config.Units;

/**
 * The report's charts, drawn with XChart: each call writes {@code <dir>/<baseName>.png} (1000 x 560 px, white) and
 * {@code <dir>/<baseName>.svg}, the same drawing as a standalone {@code <svg>} element to paste into HTML, its text
 * as {@code <text>}. Bar charts pick the unit of their value axis from the data; line charts show microseconds. The
 * same input gives the same bytes.
 *
 * <p>Colours come from a fixed colour-blind-safe palette ({@link Bars#inColour}, {@link Spectrum#inColour},
 * {@link TimeSeries#inColour}): give a cell or a variant the same slot in every chart and it keeps its colour.
 *
 * <p>Stateless and thread-safe: every call builds its own chart. Loading this class sets {@code java.awt.headless} to
 * true unless it is set already. A chart takes 50 to 150 ms, most of it text layout; the first in a JVM about half a
 * second more, for AWT and font start-up.
 */
public final class Charts {
    public static final double NANOS_PER_MICRO = 1_000.0;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private static final Pattern BASE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /**
     * Why this JVM cannot lay out the charts' text, or null when it can: a Java runtime finds its fonts through the
     * machine's fontconfig (on Linux) unless it carries a {@code lib/fontconfig.properties}, and on a machine with
     * neither fontconfig nor fonts its font manager fails at the first text ("Fontconfig head is null"), once and for
     * the rest of the JVM's life.
     */
    public static String fontProblem() {
        try {
            ChartStyle.textBounds("0", ChartStyle.TITLE_FONT);
            ChartStyle.textBounds("0", ChartStyle.TICK_FONT);
            return null;
        } catch (RuntimeException | InternalError | LinkageError e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return root.getMessage() != null ? root.getMessage() : root.toString();
        }
    }

    /** Line widths in px: a spectrum has few lines, a timeline has many short zigzags. */
    private static final float SPECTRUM_LINE_PX = 2.0f;
    private static final float TIMELINE_LINE_PX = 1.4f;

    /** A timeline's x axis has at most this many steps between labelled ticks. */
    private static final int MAX_TIME_TICKS = 10;

    /** Share of the value axis kept free above the highest bar or whisker: enough for a flat label. */
    static final double HEADROOM = 0.10;

    /** About the plot's height in a bar chart, to turn a label's pixels into a share of the axis. */
    private static final double BAR_PLOT_PX = 360;

    private Charts() {
    }

    /**
     * A grouped bar chart: one group per category (a JVM x GC cell), one bar per series (a variant) in each group,
     * each with its value written above it as the tables print it, and a whisker from the lowest to the highest fork
     * where a series has one ({@link Bars#withForkRangeNs}). A {@code NaN} value draws no bar.
     *
     * <p>The value axis is in one unit, ns, us or ms, the one in which the highest bar is between 1 and 1,000; it
     * starts at 0 and ends about 10% above the highest bar or whisker (more where a turned label needs it). Category
     * names too wide for their group are wrapped onto two lines, then set smaller; never turned.
     *
     * @param yLabel    the value axis' title without a unit, e.g. {@code median latency}: the chart adds
     *                  {@code (us)}
     * @param logScale  a log value axis, for values that span decades; then every value must be above 0
     * @throws IllegalArgumentException when there is nothing to draw (no category, no series, only NaN), a series has
     *                                  not one value per category, or a name is given twice
     */
    public static ChartFiles bars(Path dir, String baseName, String title, String yLabel, List<String> categories,
            List<Bars> series, boolean logScale) throws IOException {
        LabelledBarChart c = barChart(baseName, title, yLabel, categories, series, logScale);
        List<String> names = new ArrayList<>();
        series.forEach(b -> names.add(b.name()));
        return ChartOutput.write(c, dir, baseName, title, names);
    }

    /** The chart {@link #bars} writes, for the tests to measure. */
    static LabelledBarChart barChart(String baseName, String title, String yLabel, List<String> categories,
            List<Bars> series, boolean logScale) {
        String chart = "bar chart '" + requireBaseName(baseName) + "'";
        requireText(title, chart + ": title");
        requireText(yLabel, chart + ": value axis title");
        if (categories.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no categories");
        }
        if (series.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no series");
        }
        requireUnique(categories, chart, "category");
        List<String> names = new ArrayList<>();
        for (Bars b : series) {
            names.add(b.name());
        }
        requireUnique(names, chart, "series");
        double minNs = Double.POSITIVE_INFINITY;
        double maxNs = Double.NEGATIVE_INFINITY;
        double topNs = Double.NEGATIVE_INFINITY;
        for (Bars b : series) {
            if (b.size() != categories.size()) {
                throw new IllegalArgumentException(chart + ": series '" + b.name() + "' has " + b.size()
                        + " values for " + categories.size() + " categories");
            }
            for (int c = 0; c < b.size(); c++) {
                double ns = b.valueNs(c);
                if (Double.isNaN(ns)) {
                    continue;
                }
                if (logScale && ns <= 0) {
                    throw new IllegalArgumentException(chart + ": series '" + b.name() + "' has "
                            + b.valueUs(c) + " us for '" + categories.get(c)
                            + "'; a log axis shows only latencies above 0");
                }
                minNs = Math.min(minNs, b.hasRange(c) && b.lowNs(c) > 0 ? Math.min(ns, b.lowNs(c)) : ns);
                maxNs = Math.max(maxNs, ns);
                topNs = Math.max(topNs, b.topNs(c));
            }
        }
        if (maxNs < minNs) {
            throw new IllegalArgumentException(chart + ": every value is NaN; nothing to draw");
        }

        if (topNs <= 0) { // every bar 0: an axis of 1 ns, so that the bars of no height and their labels 0 show
            topNs = 1;
        }
        AxisUnit unit = AxisUnit.of(topNs);
        List<Color> colours = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            colours.add(ChartStyle.colour(Palette.slotOf(series.get(i).paletteSlot(), i)));
        }
        double categoryPx = (ChartStyle.WIDTH_PX - 110.0) / categories.size();
        Font categoryFont = ChartStyle.TICK_FONT;
        List<List<String>> lines = wrapAll(categories, categoryFont, categoryPx);
        if (lines == null) {
            categoryFont = ChartStyle.SMALL_TICK_FONT;
            lines = wrapAll(categories, categoryFont, categoryPx);
            if (lines == null) { // too long even so: let it overlap its neighbours, the tables name it in full
                lines = new ArrayList<>();
                for (String category : categories) {
                    lines.add(wrap(category, categoryFont, Double.MAX_VALUE));
                }
            }
        }
        boolean labelsTurned = labelsTurned(series, categories.size());
        LabelledBarChart c = new LabelledBarChart(series, colours, unit, labelsTurned, categories, lines,
                categoryFont);
        c.setTitle(title);
        c.setYAxisTitle(yLabel + " (" + unit.name() + ")" + (logScale ? " (log scale)" : ""));
        CategoryStyler s = c.getStyler();
        ChartStyle.apply(s);
        s.setAvailableSpaceFill(0.8);
        // the axis' range (nearly) fills the plot: XChart's default 92% adds its own 4% above the headroom and lifts
        // 0 off the frame; at 100% XChart leaves out the tick at 0
        s.setPlotContentSize(0.99);
        s.setOverlapped(false);
        s.setLabelsVisible(false);
        s.setLegendVisible(false);
        s.setXAxisTitleVisible(false);
        s.setXAxisTicksVisible(false);
        s.setPlotGridVerticalLinesVisible(false);
        s.setYAxisLogarithmic(logScale);
        double headroom = Math.max(HEADROOM, labelShareOfPlot(series, labelsTurned));
        double top = topNs / unit.nsPerUnit();
        if (logScale) {
            double floor = decadeFloor(minNs / unit.nsPerUnit());
            s.setYAxisMin(floor);
            s.setYAxisMax(Math.pow(10, Math.log10(floor) + Math.log10(top / floor) / (1 - headroom)));
        } else {
            s.setYAxisMin(0.0);
            s.setYAxisMax(top / (1 - headroom));
        }
        for (int i = 0; i < series.size(); i++) {
            Bars b = series.get(i);
            List<Double> values = new ArrayList<>(categories.size());
            for (int k = 0; k < b.size(); k++) {
                double ns = b.valueNs(k);
                values.add(Double.isNaN(ns) ? null : ns / unit.nsPerUnit()); // XChart skips null, but would draw NaN
            }
            CategorySeries cs = c.addSeries(b.name(), categories, values);
            cs.setFillColor(colours.get(i));
            cs.setLineColor(colours.get(i));
        }
        return c;
    }

    /**
     * The unit of a value axis: the largest of ns, us, ms and s that is at most {@code maxNs}, so that the highest
     * tick reads between 1 and 1,000. Its name is the one the tables print ({@link Units#formatNs}).
     */
    record AxisUnit(double nsPerUnit, String name) {
        static AxisUnit of(double maxNs) {
            double ns = maxNs >= 1e9 ? 1e9 : maxNs >= 1e6 ? 1e6 : maxNs >= 1e3 ? 1e3 : 1;
            return new AxisUnit(ns, Units.formatNs(ns).replaceAll("^[0-9.]+", ""));
        }
    }

    /** Each category's lines when all fit {@code widthPx}; null when one does not. */
    private static List<List<String>> wrapAll(List<String> categories, Font font, double widthPx) {
        List<List<String>> all = new ArrayList<>();
        for (String category : categories) {
            List<String> lines = wrap(category, font, widthPx - 6);
            if (lines.size() > LabelledBarChart.MAX_CATEGORY_LINES) {
                return null;
            }
            for (String line : lines) {
                if (ChartStyle.textWidth(line, font) > widthPx - 6) {
                    return null;
                }
            }
            all.add(lines);
        }
        return all;
    }

    /**
     * {@code text} broken into lines no wider than {@code widthPx} where it can be: at a space, before a '+' (a JIT,
     * as in {@code openjdk-17.0.15+graal}) or after a '-'. A piece wider than that is a line of its own.
     */
    static List<String> wrap(String text, Font font, double widthPx) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == ' ' || ch == '+' || text.charAt(i - 1) == '-') {
                pieces.add(text.substring(from, i));
                from = ch == ' ' ? i + 1 : i;
            }
        }
        pieces.add(text.substring(from));
        List<String> lines = new ArrayList<>();
        String line = "";
        for (String piece : pieces) {
            if (piece.isEmpty()) {
                continue;
            }
            String joined = line.isEmpty() ? piece
                    : line.endsWith("-") || piece.startsWith("+") ? line + piece : line + " " + piece;
            if (line.isEmpty() || ChartStyle.textWidth(joined, font) <= widthPx) {
                line = joined;
            } else {
                lines.add(line);
                line = piece;
            }
        }
        lines.add(line);
        return lines;
    }

    /**
     * Latency against percentile, one line per spectrum, on a log latency axis fitted to the data
     * ({@link LatencyAxis}) and a "nines" percentile axis where 90%, 99%, 99.9%, ... lie one step apart
     * ({@link #nines(double)}). The x axis ends where the data end: at the highest percentile of any line, the highest
     * the samples support, not at a whole nine past it. More than {@value #SPECTRUM_OVERLAY_MAX_LINES} lines are drawn
     * as small multiples, one plot per colour, on shared axes.
     *
     * @throws IllegalArgumentException when there is no line, a name is given twice, or a latency is 0 (a log axis
     *                                  cannot show it)
     */
    public static ChartFiles percentileSpectrum(Path dir, String baseName, String title, List<Spectrum> lines)
            throws IOException {
        return percentileSpectrum(dir, baseName, title, lines, Double.NaN, null);
    }

    /**
     * {@link #percentileSpectrum(Path, String, String, List)} with a study's limit drawn as a red dashed rule at
     * {@code limitUs} (NaN: none), named {@code limitName} in the legend, e.g. {@code SLO: p99.9 under 100 ms}.
     */
    public static ChartFiles percentileSpectrum(Path dir, String baseName, String title, List<Spectrum> lines,
            double limitUs, String limitName) throws IOException {
        LineChart c = spectrumChart(baseName, title, lines, limitUs, limitName);
        List<String> names = new ArrayList<>();
        lines.forEach(line -> names.add(line.name()));
        return ChartOutput.write(c, dir, baseName, title, names);
    }

    /**
     * Spectra rise and seldom cross more than once or twice, so several read well in one plot; past this many the
     * colours repeat (the palette has 8) and the tails bunch up.
     */
    static final int SPECTRUM_OVERLAY_MAX_LINES = 6;

    /**
     * Timelines zigzag: past this many cells (colours) in one plot, spikes hide each other and no line can be
     * followed, so each cell gets its own plot.
     */
    static final int TIMELINE_OVERLAY_MAX_COLOURS = 3;

    /** Room on the nines axis right of the rightmost max's dot: about 12 px of a 5-nine plot. */
    static final double MAX_DOT_ROOM_NINES = 0.08;

    /** The chart {@link #percentileSpectrum} writes, for the tests to measure. */
    public static LineChart spectrumChart(String baseName, String title, List<Spectrum> lines) {
        return spectrumChart(baseName, title, lines, Double.NaN, null);
    }

    /** The chart {@link #percentileSpectrum(Path, String, String, List, double, String)} writes. */
    public static LineChart spectrumChart(String baseName, String title, List<Spectrum> lines, double limitUs,
            String limitName) {
        List<double[]> limits = Double.isNaN(limitUs) ? List.of() : List.<double[]>of(new double[] {limitUs});
        String chart = "percentile spectrum '" + requireBaseName(baseName) + "'";
        requireText(title, chart + ": title");
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no lines");
        }
        List<String> names = new ArrayList<>();
        LatencyRange range = new LatencyRange();
        double maxNines = 0;
        for (Spectrum line : lines) {
            names.add(line.name());
            double[] percentiles = line.percentiles();
            range.add(chart, line.name(), line.latenciesUs(), i -> "p" + percentiles[i]);
            maxNines = Math.max(maxNines, nines(percentiles[percentiles.length - 1]));
            if (!Double.isNaN(line.maxUs()) && line.maxUs() > 0) { // the max's dot is part of what the chart shows
                range.add(chart, line.name(), new double[] {line.maxUs()}, i -> "its max");
                maxNines = Math.max(maxNines, nines(line.maxPercentile()));
            }
        }
        requireUnique(names, chart, "line");

        // the axis ends at the last point, and a little past a max's dot so that the dot is whole; at least at 90%
        boolean anyMax = lines.stream().anyMatch(l -> l.maxUs() > 0);
        double xMax = Math.max(1, maxNines) + (anyMax ? MAX_DOT_ROOM_NINES : 0);
        int wholeNines = (int) Math.floor(xMax + 1e-9);
        double[] ticks = new double[wholeNines + 1];
        List<String> labels = new ArrayList<>(wholeNines + 1);
        ticks[0] = nines(50);
        labels.add("50%");
        for (int k = 1; k <= wholeNines; k++) {
            ticks[k] = k;
            labels.add(percentileLabel(k));
        }
        for (double[] limit : limits) {
            range.add(chart, limitName, limit, i -> "the limit");
        }
        LatencyAxis y = LatencyAxis.fit(range.minUs, range.maxUs);
        List<Integer> slots = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            slots.add(Palette.slotOf(lines.get(i).paletteSlot(), i));
        }
        List<Integer> panelOf = panels(slots, lines.size() > SPECTRUM_OVERLAY_MAX_LINES);
        LineChart c = new LineChart(title, "percentile", 0, xMax, ticks, labels, y, panelCount(panelOf))
                .xScale(LineChart.XScale.NINES);
        for (int i = 0; i < lines.size(); i++) {
            Spectrum line = lines.get(i);
            c.addLine(line.name(), line.nines(), y.of(line.latenciesUs()), slots.get(i), SPECTRUM_LINE_PX,
                    panelOf.get(i));
            if (!Double.isNaN(line.maxUs()) && line.maxUs() > 0) {
                c.addMaximum(nines(line.maxPercentile()), y.of(line.maxUs()), slots.get(i), panelOf.get(i));
            }
        }
        for (double[] limit : limits) { // a study's limit: a rule across the plot, the line must stay under it
            c.addLevel(y.of(limit[0]), limitName);
        }
        c.fitHeight();
        return c;
    }

    /**
     * Latency against time, one line per series, on a log latency axis fitted to the data: e.g. each interval's max
     * and p99 per cell, with each line's fork starts and pauses ({@link TimeSeries#withMarks}). More than
     * {@value #TIMELINE_OVERLAY_MAX_COLOURS} colours are drawn as small multiples, one plot per colour, on shared axes.
     *
     * @throws IllegalArgumentException when there is no line, a name is given twice, every latency is NaN, or a
     *                                  latency is 0 (a log axis cannot show it)
     */
    public static ChartFiles timeline(Path dir, String baseName, String title, List<TimeSeries> lines)
            throws IOException {
        LineChart c = timelineChart(baseName, title, lines);
        List<String> names = new ArrayList<>();
        lines.forEach(line -> names.add(line.name()));
        return ChartOutput.write(c, dir, baseName, title, names);
    }

    /** The chart {@link #timeline} writes, for the tests to measure. */
    public static LineChart timelineChart(String baseName, String title, List<TimeSeries> lines) {
        String chart = "timeline '" + requireBaseName(baseName) + "'";
        requireText(title, chart + ": title");
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
        requireUnique(names, chart, "line");
        if (range.maxUs < range.minUs) {
            throw new IllegalArgumentException(chart + ": every latency is NaN; nothing to draw");
        }
        double xMaxSec = endSec > 0 ? endSec : 1;
        for (TimeSeries line : lines) { // a pause is part of what the chart shows: the axis holds it
            double[] at = line.pauseSec();
            double[] us = line.pauseUs();
            for (int k = 0; k < at.length; k++) {
                if (at[k] >= 0 && at[k] <= xMaxSec) {
                    range.minUs = Math.min(range.minUs, us[k]);
                    range.maxUs = Math.max(range.maxUs, us[k]);
                }
            }
        }
        if (pausesOnTop(lines, range.maxUs, xMaxSec)) {
            // a pause's triangle stands above its length: lift the axis' top by about the triangle's height, a
            // twentieth of the plot, so that the longest pause is not cut off at the frame
            range.maxUs *= Math.pow(Math.max(range.maxUs / range.minUs, 10), 1.0 / 20);
        }

        double stepSec = niceStep(xMaxSec / MAX_TIME_TICKS);
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
        List<Integer> panelOf = panels(slots, new HashSet<>(slots).size() > TIMELINE_OVERLAY_MAX_COLOURS);
        LineChart c = new LineChart(title, "seconds since the start of the measurement", 0, xMaxSec, ticks, labels,
                y, panelCount(panelOf));
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
        }
        c.fitHeight();
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

    /**
     * The panel of each line: all 0 for one plot; else one panel per colour, in order of first appearance, so a
     * cell's lines (its max solid, its p99 dashed) share a plot.
     */
    private static List<Integer> panels(List<Integer> slots, boolean smallMultiples) {
        List<Integer> panelOf = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        for (int slot : slots) {
            if (!smallMultiples) {
                panelOf.add(0);
                continue;
            }
            if (!seen.contains(slot)) {
                seen.add(slot);
            }
            panelOf.add(seen.indexOf(slot));
        }
        return panelOf;
    }

    private static int panelCount(List<Integer> panelOf) {
        int max = 0;
        for (int p : panelOf) {
            max = Math.max(max, p);
        }
        return max + 1;
    }

    /** The lowest and highest latency drawn; each is checked for the log axis (above 0; NaN is a gap in a line). */
    private static final class LatencyRange {
        double minUs = Double.POSITIVE_INFINITY;
        double maxUs = 0;

        void add(String chart, String line, double[] us, IntFunction<String> where) {
            for (int i = 0; i < us.length; i++) {
                if (us[i] <= 0) {
                    throw new IllegalArgumentException(chart + ": line '" + line + "' is at " + us[i] + " us at "
                            + where.apply(i) + "; a log axis shows only latencies above 0");
                }
                if (!Double.isNaN(us[i])) {
                    minUs = Math.min(minUs, us[i]);
                    maxUs = Math.max(maxUs, us[i]);
                }
            }
        }
    }

    /**
     * Where {@code percentile} lies on the nines axis: {@code -log10(1 - percentile/100)}, so 90% is 1, 99% is 2,
     * 99.9% is 3, and 50% is log10(2), about 0.301. Computed as {@code 2 - log10(100 - percentile)}, which is exact
     * for 90 and 99.
     */
    public static double nines(double percentile) {
        if (!(percentile >= 0 && percentile < 100)) {
            throw new IllegalArgumentException("percentile is " + percentile + "; the nines axis holds [0, 100)");
        }
        return 2 - Math.log10(100 - percentile);
    }

    /** The percentile with {@code nines} nines: 90 for 1, 99 for 2, 99.9 for 3, the double nearest the decimal. */
    static double percentileOfNines(int nines) {
        return BigDecimal.valueOf(100).subtract(BigDecimal.ONE.scaleByPowerOfTen(2 - nines)).doubleValue();
    }

    /** The tick label of {@code nines} nines: {@code 90%}, {@code 99%}, {@code 99.9%}, {@code 99.99%}, ... */
    static String percentileLabel(int nines) {
        if (nines < 1) {
            throw new IllegalArgumentException("nines is " + nines + "; labels start at 1 (90%)");
        }
        return nines == 1 ? "90%" : nines == 2 ? "99%" : "99." + "9".repeat(nines - 2) + "%";
    }

    private static boolean labelsTurned(List<Bars> series, int categories) {
        // the plot is the chart less the value axis and paddings: about 110 px
        double barPx = (ChartStyle.WIDTH_PX - 110.0) / categories / series.size() * 0.8;
        double widestPx = 0;
        for (Bars b : series) {
            for (int c = 0; c < b.size(); c++) {
                if (!Double.isNaN(b.valueNs(c))) {
                    widestPx = Math.max(widestPx, labelPx(b.valueNs(c)));
                }
            }
        }
        return widestPx + 2 > barPx;
    }

    private static double labelPx(double ns) {
        return ChartStyle.textWidth(Units.formatNs(ns), ChartStyle.VALUE_LABEL_FONT);
    }

    /** The share of the plot's height the labels above the bars need, gap included. */
    private static double labelShareOfPlot(List<Bars> series, boolean labelsTurned) {
        double labelPx = ChartStyle.textBounds("0", ChartStyle.VALUE_LABEL_FONT).getHeight();
        if (labelsTurned) {
            for (Bars b : series) {
                for (int c = 0; c < b.size(); c++) {
                    if (!Double.isNaN(b.valueNs(c))) {
                        labelPx = Math.max(labelPx, labelPx(b.valueNs(c)));
                    }
                }
            }
        }
        return (labelPx + LabelledBarChart.LABEL_GAP_PX + 2) / BAR_PLOT_PX;
    }

    /** The power of ten at or below {@code us}. */
    static double decadeFloor(double us) {
        return Math.pow(10, Math.floor(Math.log10(us)));
    }

    /** The smallest of 1, 2, 5 times a power of ten at or above {@code v}: a step of round ticks. */
    static double niceStep(double v) {
        double decade = decadeFloor(v);
        return v <= decade ? decade : v <= 2 * decade ? 2 * decade : v <= 5 * decade ? 5 * decade : 10 * decade;
    }

    static String requireText(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(what + " is " + (text == null ? "missing" : "blank"));
        }
        return text;
    }

    private static String requireBaseName(String baseName) {
        Objects.requireNonNull(baseName, "baseName");
        if (!BASE_NAME.matcher(baseName).matches()) {
            throw new IllegalArgumentException("chart base name '" + baseName
                    + "' must start with a letter or digit and hold only letters, digits, '.', '_' and '-'");
        }
        return baseName;
    }

    private static void requireUnique(List<String> names, String chart, String what) {
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!seen.add(name)) {
                throw new IllegalArgumentException(chart + ": " + what + " '" + name + "' is given twice");
            }
        }
    }
}
