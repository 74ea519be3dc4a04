package dev.latencybench.chart;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The report's charts, each written as {@code <dir>/<baseName>.svg} ({@link ChartOutput}) by one renderer
 * ({@link Svg}, {@link Plot}); the same input gives the same bytes. A cell or variant given the same palette slot in
 * every chart keeps its colour. Stateless and thread-safe.
 */
public final class Charts {
    public static final double NANOS_PER_MICRO = 1_000.0;

    private static final Pattern BASE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private Charts() {
    }

    /**
     * A grouped bar chart: a group per category (a JVM x GC cell), a bar per series (a variant) with its value above
     * it and its fork range as a whisker. A {@code NaN} value draws no bar.
     *
     * @param yLabel the value axis' title without a unit, e.g. {@code median latency}: the chart adds {@code (µs)}
     * @throws IllegalArgumentException when there is nothing to draw, a count is off, or a name is given twice
     */
    public static ChartFiles bars(Path dir, String baseName, String title, String yLabel, List<String> categories,
            List<Bars> series) throws IOException {
        return ChartOutput.write(barChart(baseName, title, yLabel, categories, series), dir, baseName);
    }

    /** The chart {@link #bars} writes. */
    static BarChart barChart(String baseName, String title, String yLabel, List<String> categories,
            List<Bars> series) {
        String chart = "bar chart '" + requireBaseName(baseName) + "'";
        requireText(title, chart + ": title");
        requireText(yLabel, chart + ": value axis title");
        if (categories.isEmpty() || series.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no " + (categories.isEmpty() ? "categories" : "series"));
        }
        requireUnique(categories, chart, "category");
        List<String> names = new ArrayList<>();
        series.forEach(b -> names.add(b.name()));
        requireUnique(names, chart, "series");
        boolean any = false;
        for (Bars b : series) {
            if (b.size() != categories.size()) {
                throw new IllegalArgumentException(chart + ": series '" + b.name() + "' has " + b.size()
                        + " values for " + categories.size() + " categories");
            }
            for (int c = 0; c < b.size(); c++) {
                any |= !Double.isNaN(b.valueNs(c));
            }
        }
        if (!any) {
            throw new IllegalArgumentException(chart + ": every value is NaN; nothing to draw");
        }
        return new BarChart(title, yLabel, categories, series);
    }
    /**
     * Stacked bars of shares: a bar per category, cut into {@code parts}, part {@code i} in palette slot
     * {@code slots.get(i)}; a category without a bar has its reason written in its place.
     *
     * @param yTitle the share axis' title, e.g. {@code share of the samples beyond p99.9 (%)}
     * @throws IllegalArgumentException when there is no bar or part, a name is given twice, or a count is off
     */
    public static ChartFiles shares(Path dir, String baseName, String title, String yTitle, List<String> parts,
            List<Integer> slots, List<ShareBars> bars) throws IOException {
        return ChartOutput.write(shareChart(baseName, title, yTitle, parts, slots, bars), dir, baseName);
    }

    /** The chart {@link #shares} writes, for the tests to measure. */
    static ShareBarChart shareChart(String baseName, String title, String yTitle, List<String> parts,
            List<Integer> slots, List<ShareBars> bars) {
        String chart = "share chart '" + requireBaseName(baseName) + "'";
        requireText(title, chart + ": title");
        requireText(yTitle, chart + ": share axis title");
        if (bars.isEmpty() || parts.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no " + (bars.isEmpty() ? "bars" : "parts"));
        }
        if (slots.size() != parts.size()) {
            throw new IllegalArgumentException(chart + ": " + parts.size() + " parts but " + slots.size() + " colours");
        }
        requireUnique(parts, chart, "part");
        List<String> categories = new ArrayList<>();
        bars.forEach(b -> categories.add(b.category()));
        requireUnique(categories, chart, "category");
        ShareBars.requireParts(bars, parts.size(), chart);
        return new ShareBarChart(title, yTitle, parts, slots, bars);
    }

    /**
     * Latency against percentile, a line per spectrum, on a log latency axis and a nines axis ({@link #nines(double)});
     * more than {@value SpectrumLayout#SPECTRUM_OVERLAY_MAX_LINES} lines are drawn as small multiples.
     *
     * @throws IllegalArgumentException when there is no line, a name is given twice, or a latency is 0
     */
    public static ChartFiles percentileSpectrum(Path dir, String baseName, String title, List<Spectrum> lines)
            throws IOException {
        return percentileSpectrum(dir, baseName, title, lines, Double.NaN, null);
    }

    /** As {@link #percentileSpectrum(Path, String, String, List)}, with a limit rule at {@code limitUs} (NaN: none). */
    public static ChartFiles percentileSpectrum(Path dir, String baseName, String title, List<Spectrum> lines,
            double limitUs, String limitName) throws IOException {
        return ChartOutput.write(spectrumChart(baseName, title, lines, limitUs, limitName), dir, baseName);
    }

    /** The chart {@link #percentileSpectrum} writes, for the tests to measure. */
    public static LineChart spectrumChart(String baseName, String title, List<Spectrum> lines) {
        return spectrumChart(baseName, title, lines, Double.NaN, null);
    }

    /** The chart {@link #percentileSpectrum(Path, String, String, List, double, String)} writes. */
    public static LineChart spectrumChart(String baseName, String title, List<Spectrum> lines, double limitUs,
            String limitName) {
        return SpectrumLayout.chart(baseName, title, lines, limitUs, limitName);
    }

    /**
     * Latency against time, a line per series, on a log latency axis; more than
     * {@value TimelineLayout#TIMELINE_OVERLAY_MAX_COLOURS} colours are drawn as small multiples.
     *
     * @throws IllegalArgumentException when there is no line, a name is given twice, or no latency can be drawn
     */
    public static ChartFiles timeline(Path dir, String baseName, String title, List<TimeSeries> lines)
            throws IOException {
        return ChartOutput.write(timelineChart(baseName, title, lines), dir, baseName);
    }

    /** The chart {@link #timeline} writes, for the tests to measure. */
    public static LineChart timelineChart(String baseName, String title, List<TimeSeries> lines) {
        return TimelineLayout.chart(baseName, title, lines);
    }

    /** Where {@code percentile} lies on the nines axis, {@code -log10(1 - percentile/100)}: 90% is 1, 99% is 2. */
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

    static String requireBaseName(String baseName) {
        Objects.requireNonNull(baseName, "baseName");
        if (!BASE_NAME.matcher(baseName).matches()) {
            throw new IllegalArgumentException("chart base name '" + baseName
                    + "' must start with a letter or digit and hold only letters, digits, '.', '_' and '-'");
        }
        return baseName;
    }

    static void requireUnique(List<String> names, String chart, String what) {
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!seen.add(name)) {
                throw new IllegalArgumentException(chart + ": " + what + " '" + name + "' is given twice");
            }
        }
    }
}
