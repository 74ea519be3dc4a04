package dev.latencybench.core.config;


/**
 * How long a study runs at each {@link Scale}: warm-up and measured duration of one fork, and the
 * number of forks. A study declares one of these; {@code bench.warmup}, {@code bench.duration} and
 * {@code bench.forks} override it. Immutable.
 */
public final class RunLength {
    private final long[] warmupNs = new long[Scale.values().length];
    private final long[] measureNs = new long[Scale.values().length];
    private final int[] forks = new int[Scale.values().length];

    private RunLength() {
    }

    public static RunLength of(long smokeWarmupNs, long smokeMeasureNs, long standardWarmupNs, long standardMeasureNs,
                               long paperWarmupNs, long paperMeasureNs) {
        RunLength r = new RunLength();
        r.set(Scale.SMOKE, smokeWarmupNs, smokeMeasureNs);
        r.set(Scale.STANDARD, standardWarmupNs, standardMeasureNs);
        r.set(Scale.PAPER, paperWarmupNs, paperMeasureNs);
        return r;
    }

    private void set(Scale scale, long warmup, long measure) {
        warmupNs[scale.ordinal()] = warmup;
        measureNs[scale.ordinal()] = measure;
        forks[scale.ordinal()] = 1;
    }

    /**
     * The same lengths with {@code n} forks at standard and paper scale, where an answer ranks cells and the forks
     * are its evidence ({@code HowSure}); smoke stays at one fork and ranks nothing.
     */
    public RunLength forksBeyondSmoke(int n) {
        RunLength r = new RunLength();
        for (Scale s : Scale.values()) {
            r.set(s, warmupNs[s.ordinal()], measureNs[s.ordinal()]);
            r.forks[s.ordinal()] = s == Scale.SMOKE ? 1 : n;
        }
        return r;
    }

    public long warmupNs(Scale scale) {
        return warmupNs[scale.ordinal()];
    }

    public long measureNs(Scale scale) {
        return measureNs[scale.ordinal()];
    }

    public int forks(Scale scale) {
        return forks[scale.ordinal()];
    }
}
