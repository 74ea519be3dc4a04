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
 * <p>Choices: as the paper and its R package (ecp's {@code e.divisive}), exponent α = 1 on the distances,
 * {@value #PERMUTATIONS} permutations, significant at p ≤ {@value #SIGNIFICANCE} with p = (reaching + 1) /
 * (permutations + 1), and the second part's end κ searched with τ, so that a burst in the middle of a segment (a
 * regression later fixed) is found; the segment is divided at τ alone. Ours, not theirs: a side needs
 * {@value #MIN_SEGMENT} values at least (ecp's default is 30; a history is a few dozen runs, and a lone slow run is
 * still no change), and the permutations shuffle the candidate's own segment, where ecp shuffles every segment and
 * takes the largest statistic of them all.
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
        Table table = new Table(series.length);
        while (true) {
            int[] bestSegment = null;
            Split best = null;
            for (int[] s : segments) {
                Split split = table.bestSplit(Arrays.copyOfRange(series, s[0], s[1]));
                if (split != null && (best == null || split.q > best.q)) {
                    best = split;
                    bestSegment = s;
                }
            }
            if (best == null || best.q <= 0
                    || !significant(Arrays.copyOfRange(series, bestSegment[0], bestSegment[1]), best.q, random, table)) {
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
     * {@code [τ, κ)}; null when {@code x} is too short to split.
     */
    static Split bestSplit(double[] x) {
        return new Table(x.length).bestSplit(x);
    }

    /**
     * The prefix sums of the distances, {@code sums[a][b] = Σ |x_i − x_k|} over {@code i < a, k < b}, so each (τ, κ)
     * costs the same few operations: one table per series searched, refilled for each permutation, so the
     * permutation test allocates nothing. Not thread-safe.
     */
    static final class Table {
        private final int stride;
        private final double[] sums;
        /** {@code sums[k][k]}: the sum over all pairs of the first k values, twice. */
        private final double[] diagonal;
        /** {@code 1 / k}, and {@code 1 / C(k, 2)}: the means' divisors, computed once. */
        private final double[] inverse;
        private final double[] inversePairs;

        Table(int capacity) {
            stride = capacity + 1;
            sums = new double[stride * stride];
            diagonal = new double[stride];
            inverse = new double[2 * stride];
            inversePairs = new double[stride];
            for (int k = 1; k < inverse.length; k++) {
                inverse[k] = 1.0 / k;
            }
            for (int k = 2; k < stride; k++) {
                inversePairs[k] = 2.0 / ((double) k * (k - 1));
            }
        }

        /** {@link EDivisive#bestSplit}, in this table. */
        Split bestSplit(double[] x) {
            return search(x, Double.POSITIVE_INFINITY);
        }

        /** Whether some split of {@code x} reaches {@code q}: the search stops at the first that does. */
        boolean reaches(double[] x, double q) {
            Split s = search(x, q);
            return s != null && s.q >= q;
        }

        /** The best split of {@code x}, or the first whose statistic reaches {@code enough}; null when too short. */
        private Split search(double[] x, double enough) {
            int length = x.length;
            if (length < 2 * MIN_SEGMENT) {
                return null;
            }
            int w = stride;
            for (int a = 1; a <= length; a++) {
                double row = 0;
                double xa = x[a - 1];
                int at = a * w;
                int above = at - w;
                for (int b = 1; b <= length; b++) {
                    row += Math.abs(xa - x[b - 1]);
                    sums[at + b] = sums[above + b] + row;
                }
                diagonal[a] = sums[at + a];
            }
            int bestTau = -1;
            int bestKappa = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int tau = MIN_SEGMENT; tau <= length - MIN_SEGMENT; tau++) {
                double m = tau;
                double sTauTau = diagonal[tau];
                double firstMean = sTauTau / 2 * inversePairs[tau]; // each pair counted twice in the square
                int rowTau = tau * w;
                for (int kappa = tau + MIN_SEGMENT; kappa <= length; kappa++) {
                    int n = kappa - tau;
                    double sTauKappa = sums[rowTau + kappa];
                    double between = sTauKappa - sTauTau;
                    double secondMean = (diagonal[kappa] - 2 * sTauKappa + sTauTau) / 2 * inversePairs[n];
                    // m·n/(m+n) · (2·between/(m·n) − firstMean − secondMean)
                    double q = (2 * between - m * n * (firstMean + secondMean)) * inverse[tau + n];
                    if (q > bestQ) {
                        bestQ = q;
                        bestTau = tau;
                        bestKappa = kappa;
                        if (q >= enough) {
                            return new Split(bestTau, bestKappa, bestQ);
                        }
                    }
                }
            }
            return new Split(bestTau, bestKappa, bestQ);
        }
    }

    /**
     * Whether a split's statistic {@code q} stands out among those of {@link #PERMUTATIONS} orderings of the same
     * values; stops once more permutations have reached it than a significant p allows.
     */
    static boolean significant(double[] segment, double q, SplittableRandom random, Table table) {
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
            if (table.reaches(shuffled, q) && ++reached > allowed) {
                return false;
            }
        }
        return true;
    }
}
