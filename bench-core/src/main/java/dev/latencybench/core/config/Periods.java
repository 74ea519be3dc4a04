package dev.latencybench.core.config;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How every study's forked JVMs spend their time, from the shared properties: each fork runs a discarded warm-up and
 * a measured period, {@link #forks} forks per cell, and a search's deciding steps up to {@link #confirmForks}.
 * Immutable.
 */
public final class Periods {
    public static final String SCALE = "bench.scale";
    public static final String WARMUP = "bench.warmup";
    public static final String DURATION = "bench.duration";
    public static final String FORKS = "bench.forks";
    public static final String PROGRESS = "bench.progress";
    public static final String CONFIRM_FORKS = "bench.confirm.forks";
    /** The forks a search's deciding steps get in all beyond smoke: the last that held and the first that failed. */
    public static final int CONFIRM_FORKS_BEYOND_SMOKE = 3;

    private static final Property PROGRESS_PROPERTY = Property.duration(PROGRESS, TimeUnit.SECONDS.toNanos(5),
            TimeUnit.MILLISECONDS.toNanos(100), TimeUnit.HOURS.toNanos(1), "how often long runs print progress");

    public final Scale scale;
    public final long warmupNs;
    public final long measureNs;
    public final int forks;
    public final long progressIntervalNs;
    /** The forks a search's deciding steps get in all; {@link #forks} or fewer means none are run again. */
    public final int confirmForks;

    /** Periods whose deciding steps are not confirmed. */
    public Periods(Scale scale, long warmupNs, long measureNs, int forks, long progressIntervalNs) {
        this(scale, warmupNs, measureNs, forks, progressIntervalNs, 1);
    }

    /** @param confirmForks the forks a search's deciding steps get in all; at most {@code forks} means none more */
    public Periods(Scale scale, long warmupNs, long measureNs, int forks, long progressIntervalNs, int confirmForks) {
        this.scale = scale;
        this.warmupNs = warmupNs;
        this.measureNs = measureNs;
        this.forks = forks;
        this.progressIntervalNs = progressIntervalNs;
        this.confirmForks = confirmForks;
    }

    /**
     * Reads and validates the shared properties.
     *
     * @throws ConfigException naming the property, the value and what is allowed
     */
    public static Periods read(BenchProperties p, Scale defaultScale, RunLength length) {
        Scale scale = p.choice(scaleProperty(defaultScale), Scale.class);
        long warmup = p.durationNs(warmupProperty(length, scale));
        long measure = p.durationNs(durationProperty(length, scale));
        int forks = (int) p.count(forksProperty(length, scale));
        long progress = p.durationNs(PROGRESS_PROPERTY);
        int confirm = (int) p.count(confirmForksProperty(scale));
        return new Periods(scale, warmup, measure, forks, progress, confirm);
    }

    /** The shared properties, declared with their defaults at {@code scale}. */
    public static List<Property> properties(Scale scale, RunLength length) {
        return List.of(scaleProperty(scale), warmupProperty(length, scale), durationProperty(length, scale),
                forksProperty(length, scale), PROGRESS_PROPERTY, confirmForksProperty(scale));
    }

    private static Property scaleProperty(Scale defaultScale) {
        return Property.choice(SCALE, defaultScale,
                "run length: smoke (seconds), standard (minutes), paper (the published durations)");
    }

    private static Property warmupProperty(RunLength length, Scale scale) {
        return Property.duration(WARMUP, length.warmupNs(scale), 0, TimeUnit.HOURS.toNanos(1),
                "warm-up duration per fork (samples discarded)");
    }

    private static Property durationProperty(RunLength length, Scale scale) {
        return Property.duration(DURATION, length.measureNs(scale), TimeUnit.MILLISECONDS.toNanos(100),
                TimeUnit.HOURS.toNanos(24), "measured duration per fork");
    }

    private static Property forksProperty(RunLength length, Scale scale) {
        return Property.count(FORKS, length.forks(scale), 1, 100, "number of forked JVMs per cell");
    }

    private static Property confirmForksProperty(Scale scale) {
        return Property.count(CONFIRM_FORKS, scale == Scale.SMOKE ? 1 : CONFIRM_FORKS_BEYOND_SMOKE, 1, 100,
                "forks in all for the deciding steps of a capacity search, run again once it has decided"
                        + " (the last that held, the first that failed); 1: not confirmed");
    }

    public long durationNs(boolean measured) {
        return measured ? measureNs : warmupNs;
    }

    /** The same periods with {@code n} forks: one round of a cell run in rounds. */
    public Periods withForks(int n) {
        return new Periods(scale, warmupNs, measureNs, n, progressIntervalNs, confirmForks);
    }

    /** How many forks each deciding step gets beyond its first {@link #forks}; 0 when not confirmed. */
    public int extraConfirmForks() {
        return Math.max(0, confirmForks - forks);
    }
}
