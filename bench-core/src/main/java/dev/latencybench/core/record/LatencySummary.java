package dev.latencybench.core.record;

import java.math.BigDecimal;
import java.math.RoundingMode;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

import org.HdrHistogram.Histogram;

/** The reported percentiles of one merged histogram, in nanoseconds, named as in {@code result.json}. Immutable. */
public final class LatencySummary {
    /**
     * Fewer samples than this beyond a percentile make it the few worst samples, so it is not shown, charted, ranked
     * or judged. The suite's one such threshold.
     */
    public static final long SHOWN_BEYOND = 10;
    /** The percentiles a summary holds (the max aside), in the order of {@link #percentile(int)}. */
    public static final String[] NAMES = {"p50", "p90", "p99", "p99.9", "p99.99"};
    public static final double[] PCTS = {50, 90, 99, 99.9, 99.99};

    public final long p50;
    public final long p90;
    public final long p99;
    public final long p99_9;
    public final long p99_99;
    public final long max;
    public final long count;

    public LatencySummary(long p50, long p90, long p99, long p99_9, long p99_99, long max, long count) {
        this.p50 = p50;
        this.p90 = p90;
        this.p99 = p99;
        this.p99_9 = p99_9;
        this.p99_99 = p99_99;
        this.max = max;
        this.count = count;
    }

    /** Percentile {@code i} of {@link #NAMES}. */
    public long percentile(int i) {
        switch (i) {
            case 0:
                return p50;
            case 1:
                return p90;
            case 2:
                return p99;
            case 3:
                return p99_9;
            case 4:
                return p99_99;
            default:
                throw new IllegalArgumentException("percentile index " + i);
        }
    }

    /** Percentiles of {@code h}; all zero when it is empty. */
    public static LatencySummary of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(
                h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue(), h.getTotalCount());
    }

    /** How many of {@code count} samples lie above the {@code pct} percentile. */
    public static long beyond(long count, double pct) {
        return Math.round(count * (100 - pct) / 100);
    }

    /** Whether enough of {@code count} samples lie beyond the {@code pct} percentile to show or judge it. */
    public static boolean shown(long count, double pct) {
        return beyond(count, pct) >= SHOWN_BEYOND;
    }

    /**
     * The fewest samples that put {@link #SHOWN_BEYOND} beyond the {@code pct} percentile (below 100), in exact
     * decimal arithmetic so that a binary fraction does not add one.
     */
    public static long neededFor(double pct) {
        BigDecimal tail = BigDecimal.valueOf(100).subtract(new BigDecimal(Double.toString(pct)));
        if (tail.signum() <= 0) {
            throw new IllegalArgumentException("no sample count puts samples beyond p" + pct);
        }
        return BigDecimal.valueOf(SHOWN_BEYOND * 100).divide(tail, 0, RoundingMode.CEILING).longValueExact();
    }

    public JsonObject toJson() {
        return JsonCodec.toJsonObject(this);
    }

    /** Reads what {@link #toJson} wrote; a member that is not a whole number throws a {@code MemberProblem}. */
    public static LatencySummary fromJson(JsonObject o) {
        return JsonCodec.fromJson(o, LatencySummary.class);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof LatencySummary)) {
            return false;
        }
        LatencySummary o = (LatencySummary) other;
        return p50 == o.p50 && p90 == o.p90 && p99 == o.p99 && p99_9 == o.p99_9 && p99_99 == o.p99_99
                && max == o.max && count == o.count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(p50 * 31 + p99_99 * 17 + max + count);
    }

    @Override
    public String toString() {
        return "p50=" + p50 + " p90=" + p90 + " p99=" + p99 + " p99.9=" + p99_9 + " p99.99=" + p99_99
                + " max=" + max + " count=" + count;
    }
}
