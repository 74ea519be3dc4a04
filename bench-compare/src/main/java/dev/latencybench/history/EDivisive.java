package dev.latencybench.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a series by E-Divisive means (Matteson and James, JASA 2014): the scaled energy distance between
 * the values before and after a split is largest where the distributions differ most, and a permutation test says
 * whether it beats chance. Each segment found is searched again until its best split is not significant.
 *
 * <p>As ecp's {@code e.divisive}: α = 1, {@value #PERMUTATIONS} permutations, significant at p ≤
 * {@value #SIGNIFICANCE}, and κ searched with τ so that a burst mid-segment is found. Unlike ecp, a side needs only
 * {@value #MIN_SEGMENT} values, since a history is a few dozen runs, and only the candidate's segment is shuffled.
 * Deterministic (seeded from the values), stateless and thread-safe.
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

    /** The indices where a new segment starts, ascending; empty when no change is significant. */
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

    /** The split {@code [0, τ)}, {@code [τ, κ)} of {@code x} with the largest statistic; null when too short. */
    static Split bestSplit(double[] x) {
        return new Table(x.length).bestSplit(x);
    }

    /**
     * Prefix sums of the distances, {@code sums[a][b] = Σ |x_i − x_k|} over {@code i < a, k < b}, so each (τ, κ) costs
     * a few operations; refilled for each permutation so the test allocates nothing. Not thread-safe.
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

    /** Whether {@code q} stands out among {@link #PERMUTATIONS} shufflings; stops once it no longer can. */
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
