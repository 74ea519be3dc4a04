package dev.latencybench.report.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a series by E-Divisive means (Matteson and James, "A Nonparametric Approach for Multiple Change
 * Point Analysis of Multivariate Data", JASA 2014): the energy distance between the values before and after a split,
 * scaled by {@code m·n/(m+n)}, is largest at the split where the distributions differ most; a permutation test says
 * whether that largest value is more than the order of the values gives by chance. Found changes split the series
 * into segments, and each segment is searched again (hierarchical bisection) until the next best split is not
 * significant.
 *
 * <pre>
 *   x0 x1 ... x(τ-1) | xτ ... x(κ-1)        Q(τ,κ) = m·n/(m+n) · ( 2/(m·n)·Σ|xi−yj|
 *   ------ m ------    ---- n ----                              − Σ|xi−xk| / C(m,2) − Σ|yj−yk| / C(n,2) )
 * </pre>
 *
 * <p>Choices, each the paper's where it gives one: exponent α = 1 on the distances; the second part's end κ is
 * searched with τ, so a burst in the middle of a segment (a regression later fixed) is found, and the segment is
 * divided at τ alone; {@value #PERMUTATIONS}
 * permutations of the segment's values, significant at p ≤ {@value #SIGNIFICANCE}, p = (exceeding + 1) /
 * (permutations + 1). A side needs {@value #MIN_SEGMENT} values at least: a lone slow run is not a change.
 *
 * <p>Deterministic: the permutations are seeded from the values. Stateless and thread-safe; O(L²) time and an L×L
 * table per split searched and per permutation. A permutation test stops as soon as it cannot be significant,
 * so a flat series costs a few permutations, not all of them.
 */
public final class EDivisive {
    /** Permutations of a segment's values that test its best split. */
    public static final int PERMUTATIONS = 199;
    /** The largest permutation p-value of a split that is kept. */
    public static final double SIGNIFICANCE = 0.05;
    /** The fewest values on either side of a split. */
    public static final int MIN_SEGMENT = 2;

    private EDivisive() {
    }

    /** The best split of a segment: where the second part starts ({@code τ}) and ends ({@code κ}), its statistic. */
    record Split(int at, int end, double q) {
    }

    /**
     * The change points of a series: the indices where a new segment starts, ascending; empty when none is
     * significant.
     */
    public static List<Integer> changePoints(double[] series) {
        List<int[]> segments = new ArrayList<>();
        segments.add(new int[] {0, series.length});
        List<Integer> changes = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(Arrays.hashCode(series));
        while (true) {
            int[] bestSegment = null;
            Split best = null;
            for (int[] s : segments) {
                Split split = bestSplit(Arrays.copyOfRange(series, s[0], s[1]));
                if (split != null && (best == null || split.q > best.q)) {
                    best = split;
                    bestSegment = s;
                }
            }
            if (best == null || best.q <= 0
                    || !significant(Arrays.copyOfRange(series, bestSegment[0], bestSegment[1]), best.q, random)) {
                break;
            }
            int at = bestSegment[0] + best.at;
            changes.add(at);
            segments.remove(bestSegment);
            segments.add(new int[] {bestSegment[0], at});
            segments.add(new int[] {at, bestSegment[1]});
        }
        changes.sort(null);
        return changes;
    }

    /**
     * The split of {@code x} with the largest statistic over every first part {@code [0, τ)} and second part
     * {@code [τ, κ)}; null when {@code x} is too short to split. The three sums of distances come from one table of
     * prefix sums, so each (τ, κ) costs the same few additions.
     */
    static Split bestSplit(double[] x) {
        int length = x.length;
        if (length < 2 * MIN_SEGMENT) {
            return null;
        }
        // sums[a][b] = Σ |x_i − x_k| over i < a, k < b
        double[][] sums = new double[length + 1][length + 1];
        for (int a = 1; a <= length; a++) {
            double row = 0;
            for (int b = 1; b <= length; b++) {
                row += Math.abs(x[a - 1] - x[b - 1]);
                sums[a][b] = sums[a - 1][b] + row;
            }
        }
        Split best = null;
        for (int tau = MIN_SEGMENT; tau <= length - MIN_SEGMENT; tau++) {
            double m = tau;
            double withinFirst = sums[tau][tau] / 2; // each pair counted twice in the square
            for (int kappa = tau + MIN_SEGMENT; kappa <= length; kappa++) {
                double n = kappa - tau;
                double between = sums[tau][kappa] - sums[tau][tau];
                double withinSecond = (sums[kappa][kappa] - 2 * sums[tau][kappa] + sums[tau][tau]) / 2;
                double energy = 2 * between / (m * n) - withinFirst / (m * (m - 1) / 2)
                        - withinSecond / (n * (n - 1) / 2);
                double q = m * n / (m + n) * energy;
                if (best == null || q > best.q) {
                    best = new Split(tau, kappa, q);
                }
            }
        }
        return best;
    }

    /**
     * Whether a split's statistic {@code q} stands out among those of {@link #PERMUTATIONS} orderings of the same
     * values; stops once more permutations have reached it than a significant p allows.
     */
    static boolean significant(double[] segment, double q, SplittableRandom random) {
        int allowed = (int) Math.floor(SIGNIFICANCE * (PERMUTATIONS + 1)) - 1; // reaching q: p = (count + 1) / 200
        double[] shuffled = segment.clone();
        int reached = 0;
        for (int p = 0; p < PERMUTATIONS; p++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int k = random.nextInt(i + 1);
                double t = shuffled[i];
                shuffled[i] = shuffled[k];
                shuffled[k] = t;
            }
            Split s = bestSplit(shuffled);
            if (s != null && s.q >= q && ++reached > allowed) {
                return false;
            }
        }
        return true;
    }
}
