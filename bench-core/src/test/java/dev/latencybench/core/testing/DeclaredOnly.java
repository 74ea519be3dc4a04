package dev.latencybench.core.testing;

import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.study.StudyDescriptor;

/** A study with a few properties of its own, whose reader must not run. */
public class DeclaredOnly implements Study {
    private static final RunLength LENGTH = RunLength.of(TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(2),
            TimeUnit.SECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30), TimeUnit.SECONDS.toNanos(20),
            TimeUnit.SECONDS.toNanos(100));
    private static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("declared", "bench-declared", "variant",
            "a study known by its declarations", declared());
    private final StudyDescriptor descriptor;

    public DeclaredOnly() {
        this(DESCRIPTOR);
    }

    /** A study of this descriptor, whose reader must not run either. */
    public DeclaredOnly(StudyDescriptor descriptor) {
        this.descriptor = descriptor;
    }

    private static List<Property> declared() {
        List<Property> all = new java.util.ArrayList<>(Periods.properties(Scale.STANDARD, LENGTH));
        all.add(Property.count("bench.declared.rate", 1_000, 1, 1_000_000, "messages per second"));
        all.add(Property.subset("bench.declared.variants", List.of("a", "b"), List.of("a", "b", "c"), "variant"));
        all.add(Property.prefix("bench.declared.lib.", "a library's setting"));
        return all;
    }

    @Override
    public StudyDescriptor descriptor() {
        return descriptor;
    }

    @Override
    public Plan plan(BenchProperties properties, CpuTopology topology) {
        throw new AssertionError("--help and the unknown-property check must not run a reader");
    }

    @Override
    public Plan planOf(com.google.gson.JsonElement settings) {
        throw new AssertionError("--help and the unknown-property check must not make a plan");
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return List.of();
    }
}
