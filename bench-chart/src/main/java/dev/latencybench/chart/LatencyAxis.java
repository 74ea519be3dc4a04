package dev.latencybench.chart;

/**
 * The log latency axis of a line chart, from 10% below the lowest latency to 10% above the highest, in whichever unit
 * puts its middle between 1 and 1,000. Not whole decades, which could leave much of the axis empty and flatten the
 * data. Immutable.
 */
public final class LatencyAxis {
    /** The axis ends this factor above the highest latency and below the lowest. */
    static final double HEADROOM = 1.1;

    /** An axis spans at least this many decades, so it has two labelled ticks and a few percent do not fill it. */
    static final double MIN_DECADES = 1.3;

    private static final String[] UNITS = {"ns", "µs", "ms"};
    private static final double[] US_PER_UNIT = {1e-3, 1, 1e3};

    public final String unit;
    /** Microseconds in one {@link #unit}. */
    final double usPerUnit;
    /** The axis' ends, in {@link #unit}. */
    public final double min;
    public final double max;

    private LatencyAxis(String unit, double usPerUnit, double min, double max) {
        this.unit = unit;
        this.usPerUnit = usPerUnit;
        this.min = min;
        this.max = max;
    }

    /** The axis for latencies from {@code minUs} to {@code maxUs}, both above 0. */
    public static LatencyAxis fit(double minUs, double maxUs) {
        if (!(minUs > 0 && maxUs >= minUs) || Double.isInfinite(maxUs)) {
            throw new IllegalArgumentException("latency range " + minUs + " to " + maxUs
                    + " us; a log axis needs 0 < min <= max");
        }
        double bottom = Math.log10(minUs / HEADROOM);
        double top = Math.log10(maxUs * HEADROOM);
        if (top - bottom < MIN_DECADES) { // widen about the data's middle
            double mid = (bottom + top) / 2;
            bottom = mid - MIN_DECADES / 2;
            top = mid + MIN_DECADES / 2;
        }
        double middle = (bottom + top) / 2; // log10 of microseconds
        int u = middle < 0 ? 0 : middle >= 3 ? 2 : 1;
        return new LatencyAxis(UNITS[u], US_PER_UNIT[u], Math.pow(10, bottom) / US_PER_UNIT[u],
                Math.pow(10, top) / US_PER_UNIT[u]);
    }

    /** {@code us} microseconds in this axis' unit. */
    public double of(double us) {
        return us / usPerUnit;
    }

    /** Each of {@code us} in this axis' unit; NaN stays NaN. */
    public double[] of(double[] us) {
        double[] v = new double[us.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = us[i] / usPerUnit;
        }
        return v;
    }

    /** {@code latency (µs) (log scale)}: every latency axis is logarithmic, and says so. */
    public String title() {
        return "latency (" + unit + ") (log scale)";
    }

    @Override
    public String toString() {
        return "LatencyAxis[" + min + " to " + max + " " + unit + "]";
    }
}
