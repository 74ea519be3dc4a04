package dev.latencybench.core.run;

import java.util.List;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.oneway.OneWaySettings;

/**
 * What the launcher needs to know about one study: its name, its JMH benchmark, the {@code @Param}
 * that selects a variant (a transport, say), and how to read its properties. One small class per
 * study; the launcher does the rest.
 */
public interface Study {
    /** Folder name and label, e.g. {@code queue}. */
    String name();

    /** One line for people, e.g. {@code two threads, 256-byte messages through Chronicle Queue}. */
    String title();

    /** The JMH benchmark class. */
    Class<?> benchmark();

    /** The {@code @Param} field of the benchmark that names the variant, e.g. {@code transport}. */
    String variantParam();

    /** Reads and validates every study property (the common ones included); throws ConfigException. */
    Plan plan(BenchProperties properties, CpuTopology topology);

    /** Flags the study's libraries need on a JDK of this feature version (e.g. add-opens). */
    List<String> jvmFlags(int javaFeatureVersion);

    /** A validated plan: which variants, and the settings each fork will run with. */
    final class Plan {
        private final List<String> variants;
        private final OneWaySettings settings;
        private final String description;

        public Plan(List<String> variants, OneWaySettings settings, String description) {
            this.variants = variants;
            this.settings = settings;
            this.description = description;
        }

        public List<String> variants() {
            return variants;
        }

        public OneWaySettings settings() {
            return settings;
        }

        /** What will run, for the header, e.g. {@code 100,000 msg/s, 256 B}. */
        public String description() {
            return description;
        }
    }
}
