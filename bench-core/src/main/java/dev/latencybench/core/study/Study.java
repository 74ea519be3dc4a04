package dev.latencybench.core.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultPart;
import dev.latencybench.core.schedule.FixedList;
import dev.latencybench.core.schedule.Schedule;

/** What the launcher needs to know about one study, and how to read its properties into a plan. */
public interface Study {
    /** What the study is, declared once; the methods below read it. */
    StudyDescriptor descriptor();

    /** Folder name and label, e.g. {@code queue}. */
    default String name() {
        return descriptor().name;
    }

    /** One line for people, e.g. {@code two threads, 256-byte messages through Chronicle Queue}. */
    default String title() {
        return descriptor().title;
    }

    /** What one variant is, for the heading of the variant column in tables, e.g. {@code transport}. */
    default String variantLabel() {
        return descriptor().variantLabel;
    }

    /**
     * The study's reader: reads and validates every study property into its settings, and makes the plan of them
     * ({@link Plan#settings}); throws ConfigException. Only the runner calls it, once per cell, or a study jar run on
     * its own; the launcher and the forks take the settings from the cell's plan file ({@link CellPlan}).
     */
    Plan plan(BenchProperties properties, CpuTopology topology);

    /** The plan again from the settings a cell's plan file keeps: reads no property; throws ConfigException. */
    Plan planOf(JsonElement settings);

    /** The study's own properties and the run length's ({@link Periods#properties}); not {@link RunSettings}'. */
    default List<Property> studyProperties() {
        return descriptor().properties;
    }

    /** Every property the study accepts: the common ones of {@link RunSettings} and {@link #studyProperties}. */
    default List<Property> properties() {
        return properties(RunSettings.DEFAULT_RESULTS);
    }

    /** The same, with {@code bench.results} defaulting to {@code defaultResults}. */
    default List<Property> properties(String defaultResults) {
        List<Property> all = new ArrayList<>(RunSettings.properties(defaultResults));
        all.addAll(studyProperties());
        return Collections.unmodifiableList(all);
    }

    /** Whether {@code --scenarios all} runs it: false for a study that measures nothing until told what. */
    default boolean inAll() {
        return descriptor().inAll;
    }

    /** The lowest Java feature version the study's benchmark JVMs run on: its class file's ({@link JavaNeeded}). */
    default int minimumJava() {
        return JavaNeeded.of(getClass());
    }

    /** Flags the study's libraries need on a JDK of this feature version (e.g. add-opens). */
    List<String> jvmFlags(int javaFeatureVersion);

    /** The Maven module whose {@code target/benchmarks.jar} runs this study alone; need not be {@code bench-<name>}. */
    default String module() {
        return descriptor().module;
    }

    /** The study's own jar, relative to the suite's root: {@code <module>/target/benchmarks.jar}. */
    default String jar() {
        return module() + "/target/benchmarks.jar";
    }

    /** The JDK modules the study's JVMs load beyond every study's and its {@link #jvmFlags}', for a bundle. */
    default List<String> runtimeModules() {
        return descriptor().runtimeModules;
    }

    /** Folders the study reads beside its jar, such as broker jars; a bundle carries them too. */
    default List<String> besideJar() {
        return descriptor().besideJar;
    }

    /** The study's own members of {@code result.json} ({@link ResultPart}); none by default. */
    default List<ResultPart<?>> resultParts() {
        return descriptor().resultParts;
    }

    /** A validated plan: which variants, how long each fork runs, what it measures. Made with {@link #builder}. */
    final class Plan {
        /** The fact that says what {@link #prepare} removed (a killed run's leftovers), when it did. */
        public static final String CLEANED = "cleaned";
        /** The role of the variant that shows the machine's floor under the same harness. */
        public static final String FLOOR = "floor";
        /** The role of the variant that runs the published study's own loop: the harness's yardstick. */
        public static final String YARDSTICK = "yardstick";

        private final Schedule schedule;
        private final Periods periods;
        private final Metrics metrics;
        private final Map<String, String> roles;
        private final JsonObject recorded;
        private final Map<String, String> facts;
        private final Supplier<Accounting> accounting;
        private final Supplier<List<String>> cleanUp;
        private final Supplier<List<String>> prepare;
        private final UserCheck check;
        private List<String> prepared;
        private final Function<String, Shared> shared;
        private final long stepNs;
        private final long onceNs;
        private final JsonElement settings;

        /** What starting and stopping one benchmark JVM costs beside its periods, in the time estimate. */
        public static final long FORK_OVERHEAD_NS = 2_000_000_000L;

        /**
         * Something the steps of one variant share (a Kafka broker): started before the variant's first step and
         * stopped after its last one and on every way out. Made and closed on the launcher's main thread;
         * {@link #close} may also run from a shutdown hook, and {@link #failure} from any thread.
         */
        public interface Shared extends AutoCloseable {
            /** Properties each fork of the variant gets as {@code -D}, after the step's own (e.g. an address). */
            Map<String, String> forkProperties();

            /** What it is and how it was made ready, for the console: one line. */
            String summary();

            /** The same for the schedule's file ({@code shared} by variant). */
            JsonObject describe();

            /** Why it can no longer serve (it exited, and how), or null while it can. */
            String failure();

            /** After a step during which it failed: keeps in {@code dir} what says why; default nothing. */
            default void keepFailureLog(Path dir) {
            }

            /** Whether the next variant's steps may use it too, so it is kept instead of restarted; default none. */
            default boolean serves(String variant) {
                return false;
            }

            /** Stops it and removes what it made; idempotent; never throws. */
            @Override
            void close();
        }

        private Plan(Builder b) {
            this.schedule = b.schedule != null ? b.schedule : new FixedList(b.variants);
            this.periods = b.periods;
            this.metrics = b.metrics;
            this.roles = Collections.unmodifiableMap(new LinkedHashMap<>(b.roles));
            this.recorded = b.recorded.deepCopy();
            this.facts = Collections.unmodifiableMap(new LinkedHashMap<>(b.facts));
            this.accounting = b.accounting;
            this.cleanUp = b.cleanUp;
            this.prepare = b.prepare;
            this.check = b.check.withHere(b.verify);
            this.shared = b.shared;
            this.stepNs = b.stepNs > 0 ? b.stepNs
                    : b.periods.forks * (b.periods.warmupNs + b.periods.measureNs + FORK_OVERHEAD_NS);
            this.onceNs = b.onceNs;
            this.settings = null;
        }

        /** The same plan, made from {@code settings}; a copy made before {@link #prepare} ran. */
        private Plan(Plan p, JsonElement settings) {
            this.schedule = p.schedule;
            this.periods = p.periods;
            this.metrics = p.metrics;
            this.roles = p.roles;
            this.recorded = p.recorded;
            this.facts = p.facts;
            this.accounting = p.accounting;
            this.cleanUp = p.cleanUp;
            this.prepare = p.prepare;
            this.check = p.check;
            this.shared = p.shared;
            this.stepNs = p.stepNs;
            this.onceNs = p.onceNs;
            this.settings = settings.deepCopy();
        }

        /** This plan, noting the study's settings it was made from (what a cell's plan file keeps). */
        public Plan withSettings(JsonElement settings) {
            return new Plan(this, settings);
        }

        /** The study's settings, as its reader resolved them, that this plan was made from; null if not noted. */
        public JsonElement settings() {
            return settings == null ? null : settings.deepCopy();
        }

        /** The schedule's worst-case duration, roughly, for {@code --dry-run} and the time left. */
        public long estimatedMaxNs() {
            return estimatedLeftNs(0);
        }

        /** The worst-case duration of the rest of the schedule once {@code stepsDone} of its steps ran. */
        public long estimatedLeftNs(int stepsDone) {
            return Math.max(0, schedule.maxSteps() - stepsDone) * stepNs + (stepsDone == 0 ? onceNs : 0)
                    + estimatedConfirmNs(schedule.maxDecidingSteps());
        }

        /** How long confirming {@code steps} deciding steps takes at most, roughly; 0 where none are confirmed. */
        public long estimatedConfirmNs(int steps) {
            int extra = periods.extraConfirmForks();
            return steps == 0 || extra == 0 ? 0
                    : (long) steps * extra * (stepNs / Math.max(1, periods.forks)) + onceNs;
        }

        /** Starts what the steps of {@code variant} share, or null; a RuntimeException fails the variant's steps. */
        public Shared openShared(String variant) {
            return shared.apply(variant);
        }

        /** @param variants the variants to run, in order; {@link Builder#schedule} may replace them */
        public static Builder builder(List<String> variants, Periods periods, Metrics metrics) {
            return new Builder(variants, periods, metrics);
        }

        /**
         * Makes the machine ready for the run, once, before anything starts (leftovers, free space, ports).
         *
         * @return what it removed, one line each (also the {@link #CLEANED} fact from then on)
         * @throws dev.latencybench.core.config.ConfigException when the machine cannot run the plan
         */
        public synchronized List<String> prepare() {
            if (prepared == null) {
                prepared = Collections.unmodifiableList(new java.util.ArrayList<>(prepare.get()));
            }
            return prepared;
        }

        /** {@link #verify(List, String)} on the JVM running this code, with its class path. */
        public void verify() {
            verify(List.of(MeasuredJava.current()), System.getProperty("java.class.path"));
        }

        /**
         * Checks the user's input once by running some of it in short JVMs of each of {@code javas}.
         *
         * @throws dev.latencybench.core.config.ConfigException naming what was wrong, one line per problem
         */
        public void verify(List<MeasuredJava> javas, String classPath) {
            check.run(javas, classPath);
        }

        /** What {@link #verify} checks, and the lowest Java the user's input needs. */
        public UserCheck userCheck() {
            return check;
        }

        /** Runs the study's clean-up after its forks ended; what it removed, one line each. */
        public List<String> cleanUp() {
            return cleanUp.get();
        }

        /** The variants the schedule may run, in order. */
        public List<String> variants() {
            return schedule.variants();
        }

        /** Which steps run: the variants in order, a sweep or a search. */
        public Schedule schedule() {
            return schedule;
        }

        public Periods periods() {
            return periods;
        }

        public Metrics metrics() {
            return metrics;
        }

        /** Variants by role ({@link #FLOOR}, {@link #YARDSTICK}); those the study has. */
        public Map<String, String> roles() {
            return roles;
        }

        /** The study's settings every cell's {@code result.json} records at its top level (e.g. ratePerSec). */
        public JsonObject recorded() {
            return recorded.deepCopy();
        }

        /** A new, empty accounting for one cell. */
        public Accounting newAccounting() {
            return accounting.get();
        }

        /** What the run will do; once {@link #prepare} removed something, the {@link #CLEANED} fact last. */
        public synchronized Map<String, String> facts() {
            if (prepared == null || prepared.isEmpty()) {
                return facts;
            }
            Map<String, String> all = new LinkedHashMap<>(facts);
            all.put(CLEANED, String.join("; ", prepared));
            return Collections.unmodifiableMap(all);
        }

        /** The facts on one line, e.g. for {@code run.json}. */
        public String description() {
            StringBuilder sb = new StringBuilder();
            facts().forEach((k, v) -> sb.append(sb.length() == 0 ? "" : "; ").append(k).append(": ").append(v));
            return sb.toString();
        }

        /** Builds a {@link Plan}; everything but the variants, periods and metrics is optional. */
        public static final class Builder {
            private final List<String> variants;
            private Schedule schedule;
            private final Periods periods;
            private final Metrics metrics;
            private final Map<String, String> roles = new LinkedHashMap<>();
            private JsonObject recorded = new JsonObject();
            private Map<String, String> facts = Map.of();
            private Supplier<Accounting> accounting = Accounting::none;
            private Supplier<List<String>> cleanUp = List::of;
            private Supplier<List<String>> prepare = List::of;
            private Runnable verify = () -> { };
            private UserCheck check = UserCheck.NONE;
            private Function<String, Shared> shared = variant -> null;
            private long stepNs;
            private long onceNs;

            private Builder(List<String> variants, Periods periods, Metrics metrics) {
                this.variants = variants;
                this.periods = periods;
                this.metrics = metrics;
            }

            /** @param facts what the run will do, for its header, e.g. {@code load} -> {@code 100,000 msg/s} */
            public Builder facts(Map<String, String> facts) {
                this.facts = facts;
                return this;
            }

            /** Declares the variant that plays a role ({@link #FLOOR}, {@link #YARDSTICK}). */
            public Builder role(String role, String variant) {
                roles.put(role, variant);
                return this;
            }

            public Builder recorded(JsonObject settings) {
                this.recorded = settings;
                return this;
            }

            /** Runs this schedule's steps instead of the variants in order. */
            public Builder schedule(Schedule schedule) {
                this.schedule = schedule;
                return this;
            }

            public Builder accounting(Supplier<Accounting> accounting) {
                this.accounting = accounting;
                return this;
            }

            /** @param cleanUp removes what a dead benchmark JVM left outside the results; one line per thing */
            public Builder cleanUp(Supplier<List<String>> cleanUp) {
                this.cleanUp = cleanUp;
                return this;
            }

            /** @param prepare what {@link Plan#prepare} does, once, before anything starts */
            public Builder prepare(Supplier<List<String>> prepare) {
                this.prepare = prepare;
                return this;
            }

            /** @param verify what {@link Plan#verify} does: runs some of the user's input to check it */
            public Builder verify(Runnable verify) {
                this.verify = verify;
                return this;
            }

            /** @param check what {@link Plan#verify} checks in JVMs of its own, and the Java the input needs */
            public Builder check(UserCheck check) {
                this.check = check;
                return this;
            }

            /** @param shared starts what the steps of a variant share (null for nothing); see {@link Shared} */
            public Builder shared(Function<String, Shared> shared) {
                this.shared = shared;
                return this;
            }

            /** @param stepNs how long one step takes, roughly, where the forks' periods do not say it */
            public Builder estimate(long stepNs, long onceNs) {
                this.stepNs = stepNs;
                this.onceNs = onceNs;
                return this;
            }

            public Plan build() {
                return new Plan(this);
            }
        }
    }
}
