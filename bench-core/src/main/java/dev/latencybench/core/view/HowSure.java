package dev.latencybench.core.view;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The suite's one rule for "how sure": whether one figure is lower or higher than another, judged from the spread
 * between forks, not the sampling within one run.
 *
 * <p>A percentile bootstrap of the ratio of geometric means over forks gives a 95% interval, widened by a wider
 * within-run interval (a run's own sampling can only add doubt) and to hold the point ratio. A difference is called
 * only when the interval excludes 1 by more than {@value #NOISE_PERCENT}%; a side with one fork ranks nothing.
 *
 * <p>Deterministic (seeded from the values), stateless and thread-safe; off the hot path.
 */
public final class HowSure {
    /** The forks per cell run by default: the fewest whose spread says something. */
    public static final int FORKS_FOR_A_RANKING = 3;
    public static final int RESAMPLES = 4000;
    /** A ratio whose interval reaches within this share of 1 is noise, not a difference. */
    public static final double NOISE = 0.02;
    static final int NOISE_PERCENT = 2;

    public enum Call {
        /** Its figure is lower, and the interval lies below 1 − the noise threshold. */
        LOWER,
        /** Its figure is higher, and the interval lies above 1 + the noise threshold. */
        HIGHER,
        /** The interval reaches within the noise threshold of 1: no difference to name. */
        TIE,
        /** A side has one fork: no spread between forks, nothing ranked. */
        ONE_FORK;

        public boolean differs() {
            return this == LOWER || this == HIGHER;
        }
    }

    /** One side: its figure, each fork's value of it, and the within-run 95% interval (-1 ends where unknown). */
    public static final class Side {
        public final long value;
        private final long[] forks;
        public final long withinLow;
        public final long withinHigh;

        public Side(long value, long[] forks, long withinLow, long withinHigh) {
            this.value = value;
            this.forks = forks.clone();
            this.withinLow = withinLow;
            this.withinHigh = withinHigh;
        }

        /** A side known from its forks' values alone, its figure their median. */
        public static Side ofForks(long... forks) {
            long[] s = forks.clone();
            Arrays.sort(s);
            long median = s.length == 0 ? 0 : s.length % 2 == 1 ? s[s.length / 2]
                    : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
            return new Side(median, forks, -1, -1);
        }

        public static Side of(long value, long... forks) {
            return new Side(value, forks, -1, -1);
        }

    /** This side with a within-run interval from its merged histogram's order statistics. */
        public Side within(long low, long high) {
            return new Side(value, forks, low, high);
        }

        public int forks() {
            return forks.length;
        }

        boolean hasWithin() {
            return withinLow > 0 && withinHigh > 0;
        }
    }

    /**
     * The ratio of a's figure over b's, its 95% interval (NaN ends without one), the call, and whether the within-run
     * interval set an end. Immutable.
     */
    public static final class Ratio {
        public final double ratio;
        public final double low;
        public final double high;
        public final Call call;
        public final int forksA;
        public final int forksB;
        public final boolean withinRunWider;

        Ratio(double ratio, double low, double high, Call call, int forksA, int forksB, boolean withinRunWider) {
            this.ratio = ratio;
            this.low = low;
            this.high = high;
            this.call = call;
            this.forksA = forksA;
            this.forksB = forksB;
            this.withinRunWider = withinRunWider;
        }

        public boolean hasInterval() {
            return !Double.isNaN(low);
        }

        /** {@code 1.42× (1.10–1.81)}; a ratio without an interval as {@code 1.42×}. */
        public String describe() {
            return hasInterval() ? Answer.ratio(ratio) + " (" + interval() + ")" : Answer.ratio(ratio);
        }

        /** {@code 1.10–1.81}, or an empty string without an interval. */
        public String interval() {
            return hasInterval() ? Answer.ratioInterval(ratio, low, high) : "";
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Ratio)) {
                return false;
            }
            Ratio r = (Ratio) o;
            return Double.compare(ratio, r.ratio) == 0 && Double.compare(low, r.low) == 0
                    && Double.compare(high, r.high) == 0 && call == r.call && forksA == r.forksA
                    && forksB == r.forksB && withinRunWider == r.withinRunWider;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(ratio, low, high, call, forksA, forksB, withinRunWider);
        }

        @Override
        public String toString() {
            return call + " " + describe();
        }
    }

    private HowSure() {
    }

    /** How {@code a} compares with {@code b}: the ratio a / b with its 95% interval and the call. */
    public static Ratio compare(Side a, Side b) {
        return compare(a, b, 0.95);
    }

    /**
     * As {@link #compare(Side, Side)} at {@code confidence}; a caller judging m ratios at once asks each at
     * {@code 1 - 0.05 / m} (Bonferroni) so the family is wrong at most 5% of the time.
     */
    public static Ratio compare(Side a, Side b, double confidence) {
        double ratio = b.value <= 0 ? Double.NaN : (double) a.value / b.value;
        if (a.forks.length < 2 || b.forks.length < 2) {
            return new Ratio(ratio, Double.NaN, Double.NaN, Call.ONE_FORK, a.forks.length, b.forks.length, false);
        }
        double[] in = bootstrap(a.forks, b.forks, confidence);
        double low = in[0];
        double high = in[1];
        boolean wider = false;
        if (a.hasWithin() && b.hasWithin()) {
            double wLow = (double) a.withinLow / b.withinHigh;
            double wHigh = (double) a.withinHigh / b.withinLow;
            wider = wLow < low || wHigh > high;
            low = Math.min(low, wLow);
            high = Math.max(high, wHigh);
        }
        if (!Double.isNaN(ratio)) {
            low = Math.min(low, ratio);
            high = Math.max(high, ratio);
        }
        Call call = high < 1 - NOISE ? Call.LOWER : low > 1 + NOISE ? Call.HIGHER : Call.TIE;
        return new Ratio(ratio, low, high, call, a.forks.length, b.forks.length, wider);
    }

    /** The central interval of the bootstrapped ratio of geometric means, a over b, holding {@code confidence}. */
    static double[] bootstrap(long[] a, long[] b, double confidence) {
        double[] la = logs(a);
        double[] lb = logs(b);
        SplittableRandom random = new SplittableRandom(31L * Arrays.hashCode(a) + Arrays.hashCode(b));
        double[] ratios = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            ratios[r] = meanOfDraw(la, random) - meanOfDraw(lb, random);
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2;
        int lowIndex = (int) Math.floor(tail * (RESAMPLES - 1));
        int highIndex = (int) Math.ceil((1 - tail) * (RESAMPLES - 1));
        return new double[] {Math.exp(ratios[lowIndex]), Math.exp(ratios[highIndex])};
    }

    private static double meanOfDraw(double[] logs, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < logs.length; i++) {
            sum += logs[random.nextInt(logs.length)];
        }
        return sum / logs.length;
    }

    private static double[] logs(long[] values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Math.log(Math.max(1, values[i])); // no log of 0
        }
        return out;
    }
}
