package dev.latencybench.core.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;

/**
 * A study that counts its reader's runs and keeps the settings each fork was opened with; a fork's workload is never
 * made ({@link Opened} stops it), so a test sees what the fork would have run.
 */
public final class CountingStudy implements ForkedStudy<CountingStudy.Settings> {
    public static final String RATE = "bench.counting.rate";
    public static final String FOLDER = "bench.counting.folder";
    /** A property a step sets, as a capacity search's does. */
    public static final String CHAINS = "bench.counting.chains";
    private static final RunLength LENGTH = RunLength.of(TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(2),
            TimeUnit.SECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30), TimeUnit.SECONDS.toNanos(20),
            TimeUnit.SECONDS.toNanos(100));
    private static final Property RATE_PROPERTY = Property.count(RATE, 1_000, 1, 1_000_000, "messages per second");
    private static final Property FOLDER_PROPERTY = Property.text(FOLDER, "/tmp", "a folder");
    private static final Property CHAINS_PROPERTY = Property.count(CHAINS, 1, 1, 100, "chains");
    private static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("counting", "bench-counting", "variant",
            "a study that counts its reader's runs", declared());

    /** How often any instance's reader ran. */
    public static final AtomicInteger READS = new AtomicInteger();
    /** The settings each fork was opened with, in order. */
    public static final List<Settings> FORKS = new ArrayList<>();

    /** The study's settings, as its plan file keeps them. */
    public static final class Settings {
        public final Periods periods;
        public final long ratePerSec;
        public final Path folder;
        public final int chains;
        public final List<String> variants;

        Settings(Periods periods, long ratePerSec, Path folder, int chains, List<String> variants) {
            this.periods = periods;
            this.ratePerSec = ratePerSec;
            this.folder = folder;
            this.chains = chains;
            this.variants = variants;
        }
    }

    /** What stops a fork before its workload is made: the settings were kept in {@link #FORKS}. */
    public static final class Opened extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Opened() {
            super("opened", null, false, false);
        }
    }

    private static List<Property> declared() {
        List<Property> all = new ArrayList<>(Periods.properties(Scale.STANDARD, LENGTH));
        all.addAll(List.of(RATE_PROPERTY, FOLDER_PROPERTY, CHAINS_PROPERTY));
        return all;
    }

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return List.of();
    }

    @Override
    public Class<Settings> settingsType() {
        return Settings.class;
    }

    @Override
    public Settings read(BenchProperties properties, CpuTopology topology) {
        READS.incrementAndGet();
        return new Settings(Periods.read(properties, Scale.STANDARD, LENGTH), properties.count(RATE_PROPERTY),
                Path.of(properties.string(FOLDER_PROPERTY)), (int) properties.count(CHAINS_PROPERTY),
                List.of("a", "b"));
    }

    @Override
    public Settings atStep(Settings s, Map<String, String> forkProperties) {
        String chains = forkProperties.get(CHAINS);
        return chains == null ? s : new Settings(s.periods, s.ratePerSec, s.folder, Integer.parseInt(chains),
                s.variants);
    }

    @Override
    public Plan plan(Settings s) {
        return Plan.builder(s.variants, s.periods, Metrics.ONE_WAY).build();
    }

    @Override
    public ForkPlan fork(String variant, RunSettings run, Settings settings) {
        return ForkPlan.unpinned(settings.periods, () -> {
            synchronized (FORKS) {
                FORKS.add(settings);
            }
            throw new Opened();
        });
    }
}
