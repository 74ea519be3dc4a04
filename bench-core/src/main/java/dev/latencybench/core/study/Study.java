package dev.latencybench.core.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultPart;
import dev.latencybench.core.schedule.FixedList;
import dev.latencybench.core.schedule.Schedule;

/**
 * What the launcher needs to know about one study: what it is, declared once ({@link StudyDescriptor}:
 * its name, what a variant of it is, its properties), and how to read its properties into a plan. One
 * small class per study; the launcher does the rest.
 */
public interface Study {
    /** What the study is, declared once ({@link StudyDescriptor}): the methods below read it. */
    StudyDescriptor descriptor();

    /** Folder name and label, e.g. {@code queue}. */
    default String name() {
        return descriptor().name();
    }

    /** One line for people, e.g. {@code two threads, 256-byte messages through Chronicle Queue}. */
    default String title() {
        return descriptor().title();
    }

    /**
     * What one variant is, for the heading of the variant column in tables, e.g. {@code transport}. The
     * variants themselves are the plan's; one JMH benchmark, bench-core's {@code StudyBenchmark}, runs
     * every study's variants.
     */
    default String variantLabel() {
        return descriptor().variantLabel();
    }

    /**
     * Reads and validates every study property (the common ones included) through its declaration in
     * {@link #studyProperties}; throws ConfigException. Only reads: it removes nothing, probes no port and
     * connects to nothing, so any caller may call it any number of times (the runner's value check, the
     * launcher); {@code --help} and the unknown-property check need not call it. What must be done
     * once before anything starts is the plan's {@link Plan#prepare}, which the launcher runs.
     */
    Plan plan(BenchProperties properties, CpuTopology topology);

    /**
     * The study's own properties, declared up front, with the shared run length's ({@link Periods#properties})
     * and their defaults at the study's default scale; not those of {@link RunSettings}. {@code --help} and
     * the unknown-property check read these (through {@link #properties}), and {@link #plan} reads every
     * value through them.
     */
    default List<Property> studyProperties() {
        return descriptor().properties();
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

    /**
     * Whether {@code --scenarios all} (the default) runs it: true for a published study; false for one
     * that measures nothing until told what (the {@code task} study, run by {@code --task}).
     */
    default boolean inAll() {
        return descriptor().inAll();
    }

    /**
     * The lowest Java feature version the study's benchmark JVMs (and its jar's launcher) run on: its
     * class file's version ({@link JavaNeeded}), which its module's {@code maven.compiler.release} sets to
     * what its libraries need. The runner skips a cell on an older JVM with this as the reason, and the
     * launcher refuses such a JVM before anything starts.
     */
    default int minimumJava() {
        return JavaNeeded.of(getClass());
    }

    /** Flags the study's libraries need on a JDK of this feature version (e.g. add-opens). */
    List<String> jvmFlags(int javaFeatureVersion);

    /**
     * The Maven module whose {@code target/benchmarks.jar} runs this study alone, for {@code --help}: the
     * study says it, since a module's name need not be {@code bench-<name>} (the chain study lives in
     * {@code bench-kafka}).
     */
    default String module() {
        return descriptor().module();
    }

    /** The study's own jar, relative to the suite's root: {@code <module>/target/benchmarks.jar}. */
    default String jar() {
        return module() + "/target/benchmarks.jar";
    }

    /**
     * The JDK modules the study's benchmark JVMs load beyond what every study needs ({@code bench bundle} links
     * those itself: java.base, java.logging, jdk.management, jdk.unsupported) and beyond those its
     * {@link #jvmFlags} add with {@code --add-modules}; for the jlink'd runtime of a bundle. Found by running the
     * study on such a runtime: a module missing shows as a {@code NoClassDefFoundError} in the cell's jmh.log.
     */
    default List<String> runtimeModules() {
        return descriptor().runtimeModules();
    }

    /**
     * Folders the study reads beside its jar ({@code module()/target/benchmarks.jar}), such as the chain study's
     * broker jars; a bundle carries them beside the study's jar.
     */
    default List<String> besideJar() {
        return descriptor().besideJar();
    }

    /**
     * The study's own members of {@code result.json}, each a small type beside its tally whose fields
     * are the members ({@link ResultPart}): written through it by the study's plan and accounting, read
     * back through it by the study's view. None by default: a study that records nothing of its own.
     */
    default List<ResultPart<?>> resultParts() {
        return descriptor().resultParts();
    }

    /**
     * A validated plan: which variants, how long each fork runs, what the study measures, and what to
     * tell people. Made with {@link #builder}.
     */
    final class Plan {
        /** The fact that says what {@link #prepare} removed (a killed run's leftovers), when it did. */
        public static final String CLEANED = "cleaned";
        /** The role of the variant that shows the machine's floor under the same harness (the queue study's baseline). */
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
        private final Map<String, String> forkProperties;
        private final Function<String, Shared> shared;
        private final long stepNs;
        private final long onceNs;

        /** What starting and stopping one benchmark JVM costs beside its periods, in the time estimate. */
        public static final long FORK_OVERHEAD_NS = 2_000_000_000L;

        /**
         * Something the steps of one variant share, which the launcher starts before the variant's first
         * step and stops after its last one, and on every way out (the end, a failure, a signal; against
         * {@code kill -9} the thing must watch the launcher itself): the chain study's Kafka broker,
         * started and warmed up once per search instead of once per step. Each fork of the variant gets
         * its {@link #forkProperties}.
         *
         * <p>Made and closed on the launcher's main thread; {@link #close} may also run from a shutdown
         * hook, and {@link #failure} from any thread.
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

            /**
             * After a step during which it failed: keeps in {@code dir} (the step's cell folder) what says why
             * (its log), when that lives somewhere {@link #close} removes, so {@link #failure} can point there;
             * default nothing.
             */
            default void keepFailureLog(Path dir) {
            }

            /**
             * Whether the next variant's steps may use it too (the chain study's broker serves {@code kafka}
             * and {@code kafka-loop}), so it is kept instead of stopped and started again; default none.
             */
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
            this.forkProperties = Collections.unmodifiableMap(new LinkedHashMap<>(b.forkProperties));
            this.shared = b.shared;
            this.stepNs = b.stepNs > 0 ? b.stepNs
                    : b.periods.forks() * (b.periods.warmupNs() + b.periods.measureNs() + FORK_OVERHEAD_NS);
            this.onceNs = b.onceNs;
        }

        /**
         * How long the schedule takes at most, roughly: its worst case of steps, each a step's estimate
         * (its forks' warm-up and measured periods and their start, or what the study says), and what
         * the study does once (a broker's warm-up). For {@code --dry-run} and the time left.
         */
        public long estimatedMaxNs() {
            return estimatedLeftNs(0);
        }

        /**
         * How long the rest of the schedule takes at most, roughly, once {@code stepsDone} of its steps ran:
         * the steps its worst case has left and, before the first, what the study does once.
         */
        public long estimatedLeftNs(int stepsDone) {
            return Math.max(0, schedule.maxSteps() - stepsDone) * stepNs + (stepsDone == 0 ? onceNs : 0)
                    + estimatedConfirmNs(schedule.maxDecidingSteps());
        }

        /**
         * How long running {@code steps} deciding steps again takes at most, roughly: each gets
         * {@link Periods#extraConfirmForks()} more forks, each fork a step's estimate over its forks, and what the
         * study does once again (the steps' broker, closed after the last step, may start again for them). 0 where
         * the deciding steps are not confirmed.
         */
        public long estimatedConfirmNs(int steps) {
            int extra = periods.extraConfirmForks();
            return steps == 0 || extra == 0 ? 0
                    : (long) steps * extra * (stepNs / Math.max(1, periods.forks())) + onceNs;
        }

        /**
         * Starts what the steps of {@code variant} share; null when they share nothing.
         *
         * @throws RuntimeException when it cannot be started: the variant's steps fail with the reason
         */
        public Shared openShared(String variant) {
            return shared.apply(variant);
        }

        /** Properties every benchmark JVM of the run gets (as {@code -D}) unless the user gave them. */
        public Map<String, String> forkProperties() {
            return forkProperties;
        }

        /**
         * @param variants the variants to run, in order (a {@link FixedList}; {@link Builder#schedule}
         *                 replaces it with another schedule)
         * @param periods  warm-up, duration and forks
         * @param metrics  what the study records, primary first
         */
        public static Builder builder(List<String> variants, Periods periods, Metrics metrics) {
            return new Builder(variants, periods, metrics);
        }

        /**
         * Makes the machine ready for the run, once, before anything starts: removes what a killed run
         * left (a queue, a broker's folder), checks free space, that a port is free, that a cluster
         * answers. The launcher calls it right after reading the plan; a second call does nothing again.
         *
         * @return what it removed, one line each (also the {@link #CLEANED} fact from then on)
         * @throws dev.latencybench.core.config.ConfigException when the machine cannot run the plan,
         *         naming the property to change
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
         * Checks the user's input by running some of it, once, before anything starts ({@link UserCheck}: in
         * short JVMs of each of {@code javas} new enough for it, with {@code classPath}, which holds the study).
         * Unlike {@link #prepare} it changes nothing on the machine, so the runner calls it before its first
         * cell, and a study jar's launcher before its first step; a second call does nothing again.
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
            private Map<String, String> forkProperties = Map.of();
            private Function<String, Shared> shared = variant -> null;
            private long stepNs;
            private long onceNs;

            private Builder(List<String> variants, Periods periods, Metrics metrics) {
                this.variants = variants;
                this.periods = periods;
                this.metrics = metrics;
            }

            /**
             * @param facts what the run will do, for its header, in order: e.g. {@code load} ->
             *              {@code 100,000 msg/s, 256 B}, {@code CPUs} -> {@code 2,4 (isolated CPUs)}
             */
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

            /**
             * @param cleanUp removes what a benchmark JVM that died (killed, crashed) left behind outside
             *                the results (a queue in /dev/shm, say); returns one line per thing removed
             */
            public Builder cleanUp(Supplier<List<String>> cleanUp) {
                this.cleanUp = cleanUp;
                return this;
            }

            /**
             * @param prepare what {@link Plan#prepare} does, once, before anything starts: removes a killed
             *                run's leftovers (returning one line per thing removed), checks free space,
             *                ports and clusters, throwing a ConfigException that names the property
             */
            public Builder prepare(Supplier<List<String>> prepare) {
                this.prepare = prepare;
                return this;
            }

            /**
             * @param verify what {@link Plan#verify} does: runs some of the user's input to check it (a
             *               task's set-up), throwing a ConfigException that names what was wrong
             */
            public Builder verify(Runnable verify) {
                this.verify = verify;
                return this;
            }

            /** @param check what {@link Plan#verify} checks in JVMs of its own, and the Java the input needs */
            public Builder check(UserCheck check) {
                this.check = check;
                return this;
            }

            /**
             * @param properties values the launcher settled once for every benchmark JVM of the run, so
             *                   that every cell gets the same (the chain study's broker {@code java},
             *                   which would otherwise be each cell's own); a property the user gave wins
             */
            public Builder forkProperties(Map<String, String> properties) {
                this.forkProperties = properties;
                return this;
            }

            /**
             * @param shared starts what the steps of a variant share (null for a variant that needs
             *               nothing); see {@link Shared}
             */
            public Builder shared(Function<String, Shared> shared) {
                this.shared = shared;
                return this;
            }

            /**
             * @param stepNs how long one step takes, roughly, where the forks' periods do not say it (a
             *               study whose duration is a budget it rarely uses); default: the forks'
             *               warm-up and measured periods and {@link #FORK_OVERHEAD_NS} each
             * @param onceNs what the run adds once beside its steps, such as a broker's start and warm-up
             */
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
