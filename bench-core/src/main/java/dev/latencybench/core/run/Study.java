package dev.latencybench.core.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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

    /** A validated plan: which variants, the settings each fork will run with, and what to tell people. */
    final class Plan {
        /** The fact that says what reading the plan removed (a killed run's leftovers), when it did. */
        public static final String CLEANED = "cleaned";

        private final List<String> variants;
        private final OneWaySettings settings;
        private final Map<String, String> facts;
        private final Supplier<List<String>> cleanUp;

        /**
         * @param facts what the run will do, for its header, in order: e.g. {@code load} ->
         *              {@code 100,000 msg/s, 256 B}, {@code CPUs} -> {@code 2,4 (isolated CPUs)}
         */
        public Plan(List<String> variants, OneWaySettings settings, Map<String, String> facts) {
            this(variants, settings, facts, List::of);
        }

        /**
         * @param cleanUp removes what a benchmark JVM that died (killed, crashed) left behind outside
         *                the results (a queue in /dev/shm, say); returns one line per thing removed
         */
        public Plan(List<String> variants, OneWaySettings settings, Map<String, String> facts,
                    Supplier<List<String>> cleanUp) {
            this.variants = variants;
            this.settings = settings;
            this.facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
            this.cleanUp = cleanUp;
        }

        /** Runs the study's clean-up after its forks ended; what it removed, one line each. */
        public List<String> cleanUp() {
            return cleanUp.get();
        }

        public List<String> variants() {
            return variants;
        }

        public OneWaySettings settings() {
            return settings;
        }

        public Map<String, String> facts() {
            return facts;
        }

        /** The facts on one line, e.g. for {@code run.json}. */
        public String description() {
            StringBuilder sb = new StringBuilder();
            facts.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : "; ").append(k).append(": ").append(v));
            return sb.toString();
        }
    }
}
