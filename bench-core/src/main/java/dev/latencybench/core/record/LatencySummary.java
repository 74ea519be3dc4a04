package dev.latencybench.core.record;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

/**
 * The percentiles the suite reports, read from one (merged) histogram, in nanoseconds. Immutable.
 * The field names are those of {@code result.json}: p50, p90, p99, p99_9, p99_99, max, count.
 */
public final class LatencySummary {
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

    /** Percentiles of {@code h}; all zero when it is empty. */
    public static LatencySummary of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(
                h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue(), h.getTotalCount());
    }

    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("p50", p50);
        o.addProperty("p90", p90);
        o.addProperty("p99", p99);
        o.addProperty("p99_9", p99_9);
        o.addProperty("p99_99", p99_99);
        o.addProperty("max", max);
        o.addProperty("count", count);
        return o;
    }

    public static LatencySummary fromJson(JsonObject o) {
        return new LatencySummary(o.get("p50").getAsLong(), o.get("p90").getAsLong(), o.get("p99").getAsLong(),
                o.get("p99_9").getAsLong(), o.get("p99_99").getAsLong(), o.get("max").getAsLong(),
                o.get("count").getAsLong());
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
