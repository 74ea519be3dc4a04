package dev.latencybench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link EDivisive} on synthetic series of log latencies whose change points are known. */
class HistoryChangePointTest {
    /** {@code count} values around {@code ns}, each times 1 + noise × a standard normal draw, as logs. */
    private static double[] level(SplittableRandom random, int count, double ns, double noise) {
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            v[i] = Math.log(ns * (1 + noise * random.nextGaussian()));
        }
        return v;
    }

    private static double[] join(double[]... parts) {
        int n = 0;
        for (double[] p : parts) {
            n += p.length;
        }
        double[] out = new double[n];
        int at = 0;
        for (double[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /**
     * A series of {@code runs} runs of 3 forks each, fork values around {@code ns} (noise 3%) before {@code at} and
     * {@code ns × step} from it on, the run's figure the median of its forks.
     */
    private static Series series(SplittableRandom random, int runs, int at, double ns, double step) {
        Series s = new Series(null);
        HistoryRun run = new HistoryRun(java.nio.file.Path.of("r"), "r", null, "c", null);
        for (int i = 0; i < runs; i++) {
            double level = i < at ? ns : ns * step;
            long[] forks = new long[3];
            for (int f = 0; f < 3; f++) {
                forks[f] = Math.round(level * (1 + 0.03 * random.nextGaussian()));
            }
            long[] sorted = forks.clone();
            java.util.Arrays.sort(sorted);
            s.points.add(new Series.Point(run, sorted[1], forks));
        }
        return s;
    }

    @Test
    void eightRunsAtOneLevelThenFourHigherGiveOneChangeAtIndexEight() {
        for (int seed = 0; seed < 20; seed++) {
            Series s = series(new SplittableRandom(seed), 12, 8, 1000, 1.3);
            assertEquals(List.of(8), s.findChanges().stream().map(Series.Change::index).toList(), "seed " + seed);
        }
    }

    @Test
    void twoSlowerRunsAfterTwentyAreAChangeAtTheFirstOfThem() {
        // what CI sees the second night after a regression: with 20 runs behind it, two runs are enough
        for (int seed = 0; seed < 20; seed++) {
            Series s = series(new SplittableRandom(200 + seed), 22, 20, 1000, 1.3);
            assertEquals(List.of(20), s.findChanges().stream().map(Series.Change::index).toList(), "seed " + seed);
        }
    }

    @Test
    void twoOneForkRunsAtAnotherPlacementAreNoConfirmedChange() {
        // seen in the ground-truth IT: two one-fork runs near 200 ns, then six near 330 ns (where the host put the
        // threads); two values a side are too few to confirm a step, whatever the bootstrap says of them
        Series s = new Series(null);
        HistoryRun run = new HistoryRun(java.nio.file.Path.of("r"), "r", null, "c", null);
        long[] values = {201, 199, 331, 329, 333, 328, 330, 332};
        for (long v : values) {
            s.points.add(new Series.Point(run, v, new long[] {v}));
        }
        assertEquals(List.of(), s.findChanges().stream().map(Series.Change::index).toList());
    }

    @Test
    void twelveFlatNoisyRunsGiveNoConfirmedChange() {
        for (int seed = 0; seed < 20; seed++) {
            Series s = series(new SplittableRandom(100 + seed), 12, 12, 1000, 1);
            assertEquals(List.of(), s.findChanges(), "seed " + seed);
        }
    }

    @Test
    void eDivisiveAloneFindsTheStepInEveryDrawAndSometimesACandidateTheRuleThenDrops() {
        int extra = 0;
        for (int seed = 0; seed < 20; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            List<Integer> found = EDivisive.changePoints(join(level(random, 8, 1000, 0.03), level(random, 4, 1300, 0.03)));
            assertTrue(found.contains(8), "seed " + seed + ": " + found);
            extra += found.size() - 1;
        }
        // each further split is tested at p <= 0.05 on noise: about 1 in 20 draws
        assertTrue(extra <= 3, extra + " candidates beyond the step in 20 draws");
    }

    @Test
    void twelveFlatNoisyRunsGiveNoCandidate() {
        SplittableRandom random = new SplittableRandom(12);
        assertEquals(List.of(), EDivisive.changePoints(level(random, 12, 1000, 0.05)));
    }

    @Test
    void flatSeriesAreCalledChangedAboutAsOftenAsTheSignificanceLevelSays() {
        int called = 0;
        int series = 200;
        for (int seed = 0; seed < series; seed++) {
            if (!EDivisive.changePoints(level(new SplittableRandom(1000 + seed), 12, 1000, 0.05)).isEmpty()) {
                called++;
            }
        }
        // p <= 0.05 of the first split: about 10 of 200 by chance; 25 would say the test is not calibrated
        assertTrue(called <= 25, called + " of " + series + " flat series called changed");
    }

    @Test
    void oneSlowRunAtTheEndIsNotAChange() {
        SplittableRandom random = new SplittableRandom(1);
        double[] series = join(level(random, 11, 1000, 0.02), new double[] {Math.log(3000)});
        assertEquals(List.of(), EDivisive.changePoints(series));
    }

    @Test
    void aStepUpAndBackDownGivesBothChanges() {
        SplittableRandom random = new SplittableRandom(3);
        double[] series = join(level(random, 10, 1000, 0.02), level(random, 10, 1500, 0.02),
                level(random, 10, 1000, 0.02));
        assertEquals(List.of(10, 20), EDivisive.changePoints(series));
    }

    @Test
    void theBestSplitOfACleanStepIsTheStep() {
        double[] series = {1, 1, 1, 1, 1, 2, 2, 2};
        EDivisive.Split s = EDivisive.bestSplit(series);
        assertEquals(5, s.at());
        // m·n/(m+n)·(2·mean|x−y| − 0 − 0) = 5·3/8·2 = 3.75
        assertEquals(3.75, s.q(), 1e-12);
    }

    @Test
    void aSeriesTooShortToSplitOrAllEqualHasNoChange() {
        assertEquals(List.of(), EDivisive.changePoints(new double[] {1, 2, 3}));
        assertEquals(List.of(), EDivisive.changePoints(new double[] {5, 5, 5, 5, 5, 5, 5, 5}));
        assertEquals(List.of(), EDivisive.changePoints(new double[0]));
    }
}
