package dev.latencybench.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Comparison;
import dev.latencybench.core.view.HowSure;
import dev.latencybench.report.data.Bounds;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;

/**
 * One percentile of one metric of one cell, candidate over base, judged by {@link HowSure}. A side without spread
 * between forks is {@link HowSure.Call#ONE_FORK} and not judged, unless the caller asks; then the within-run interval
 * is used alone. Immutable.
 *
 * @param ratio  the candidate's merged percentile over the base's; NaN where the base's is 0
 * @param low    the 95% interval's low end; NaN without one
 * @param high   its high end; NaN without one
 * @param call   {@link HowSure.Call#HIGHER}: slower beyond noise, {@link HowSure.Call#LOWER}: faster beyond noise
 * @param within judged from the within-run interval alone (one fork, judged anyway)
 */
record Judgement(double ratio, double low, double high, HowSure.Call call, boolean within) {

    /** Percentile {@code i} of {@code metric}, candidate row {@code c} over base row {@code b}, at {@code confidence}. */
    static Judgement of(RunData.Row b, RunData.Row c, String metric, int i, boolean judgeOneFork, double confidence) {
        HowSure.Side base = side(b, metric, i);
        HowSure.Side cand = side(c, metric, i);
        HowSure.Ratio r = HowSure.compare(cand, base, confidence);
        if (r.call != HowSure.Call.ONE_FORK || !judgeOneFork || Double.isNaN(r.ratio)) {
            return new Judgement(r.ratio, r.low, r.high, r.call, false);
        }
        if (base.withinLow <= 0 || cand.withinLow <= 0) { // no histogram to read: the ratio is all there is
            HowSure.Call call = r.ratio > 1 + HowSure.NOISE ? HowSure.Call.HIGHER
                    : r.ratio < 1 - HowSure.NOISE ? HowSure.Call.LOWER : HowSure.Call.TIE;
            return new Judgement(r.ratio, Double.NaN, Double.NaN, call, true);
        }
        double low = Math.min(r.ratio, (double) cand.withinLow / base.withinHigh);
        double high = Math.max(r.ratio, (double) cand.withinHigh / base.withinLow);
        HowSure.Call call = high < 1 - HowSure.NOISE ? HowSure.Call.LOWER
                : low > 1 + HowSure.NOISE ? HowSure.Call.HIGHER : HowSure.Call.TIE;
        return new Judgement(r.ratio, low, high, call, true);
    }

    /** A row's side of percentile {@code i}: its merged value, each fork's, and the within-run interval where known. */
    private static HowSure.Side side(RunData.Row row, String metric, int i) {
        List<LatencySummary> forks = row.forks(metric);
        long[] values = new long[forks.size()];
        for (int k = 0; k < values.length; k++) {
            values[k] = Percentiles.percentile(forks.get(k), i);
        }
        HowSure.Side side = HowSure.Side.of(Percentiles.percentile(row.summary(metric), i), values);
        Bounds.Interval within = Bounds.withinRun(row, metric, i);
        return within == null ? side : side.within(within.lowNs(), within.highNs());
    }

    boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /** {@code 1.04x (0.98–1.10)}, or {@code 1.04x} without an interval. */
    String describe() {
        if (!hasInterval()) {
            return Comparison.ratio(ratio);
        }
        String lo = end(low, 2);
        String hi = end(high, 2);
        if (lo.equals(hi) && low != high) {
            lo = end(low, 3);
            hi = end(high, 3);
        }
        return Comparison.ratio(ratio) + " (" + lo + "–" + hi + ")";
    }

    private static String end(double v, int digits) {
        if (v >= 10 || Double.isInfinite(v)) { // a percentile on a cliff of its distribution: no decimals to read
            return String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
        }
        if (v >= 0.1 || v == 0) {
            return String.format(Locale.ROOT, "%." + digits + "f", v);
        }
        return BigDecimal.valueOf(v).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
    }
}
