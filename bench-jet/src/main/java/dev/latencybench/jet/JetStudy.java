package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.schedule.PassRule;
import dev.latencybench.core.schedule.StepOutcome;
import dev.latencybench.core.schedule.Sweep;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;

/**
 * Study 3, "the low-latency rematch": a sliding-window count on Hazelcast's Jet engine (Hazelcast
 * 5.x, which carries Jet since the separate hazelcast-jet artifact stopped at 4.5) at a fixed event
 * rate, swept over the number of keys, which sets how many results the pipeline emits (keys x 100
 * a second) and with it the allocation rate that tells the collectors apart. Each point is a step
 * of a {@link Sweep} of {@code bench.jet.keys}, with its own folder, warm-up and measured period;
 * its figure is the latency from a window's end to its first (and last) result. The job runs in an
 * embedded member of each benchmark JVM unless {@code bench.jet.cluster} names an existing cluster.
 * The study's own jar starts at bench-core's {@code StudyJarMain}.
 *
 * <p>Its benchmark JVMs, as JMH's {@code StudyBenchmark} runs them:
 *
 * <pre>
 *   source --rate events/s, timestamps from the schedule--> groupingKey(n % keys)
 *     --> sliding window (10 s / 10 ms) --> counting --> measuring stage --> Observable --> this JVM
 *   records: first-result, last-result (window end -> result), per window end, 100 a second
 * </pre>
 */
public final class JetStudy implements ForkedStudy {
    /** The study's name (its results folder and scenario). */
    static final String NAME = "jet";
    public static final String VARIANT = "jet";
    /** The published pipeline with none of the suite's code inside: the harness's yardstick. */
    public static final String REFERENCE = "reference";
    /** How {@link JetTally#failures} begins each reason a load too high gives. */
    private static final List<String> OVERLOAD = List.of("did not keep up", "window ends given up",
            "window ends with no result", "results that arrived after", "no window result arrived");

    /** What the study is: {@link dev.latencybench.core.study.Study#descriptor()}. */
    static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of(NAME, "bench-jet", "engine",
            "a sliding-window count on Hazelcast Jet: window latency against throughput, per collector",
            JetSettings.PROPERTIES)
            .withResultParts(JetResult.PART);

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    /** Reads the properties; its {@link Plan#prepare} checks the port and the cluster. */
    @Override
    public Plan plan(BenchProperties properties, CpuTopology topology) {
        JetSettings s = JetSettings.read(properties);
        List<String> values = new ArrayList<>();
        for (long k : s.keys()) {
            values.add(Long.toString(k));
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("load", s.describeLoad());
        facts.put("keys", String.format(Locale.ROOT, "%s, one point each (output: keys x %,d results/s)",
                String.join(", ", values), 1_000_000_000L / s.slideNs()));
        facts.put("member", s.cluster().isEmpty()
                ? "an embedded Hazelcast member in each benchmark JVM, on 127.0.0.1" + (s.port() == 0 ? ""
                : ":" + s.port())
                : "the existing cluster at " + String.join(",", s.cluster()) + " (" + JetSettings.CLUSTER + ")");
        facts.put("keeps up", "the source must end each measured period at most " + Units.formatNs(s.maxLagNs())
                + " behind its schedule (" + JetSettings.MAX_LAG + ")");
        JsonObject recorded = new JsonObject();
        JetResult.PART.write(new JetResult(s.ratePerSec(), s.windowNs(), s.slideNs(), s.maxLagNs(), s.keys(),
                String.join(",", s.cluster()), null), recorded);
        return Plan.builder(s.variants(), s.periods(), JetWorkload.declared())
                .facts(facts)
                .role(Plan.YARDSTICK, REFERENCE)
                .recorded(recorded)
                .accounting(JetTally::accounting)
                .schedule(sweep(s, values))
                .prepare(() -> prepare(s))
                .verify(() -> verify(s))
                .build();
    }

    /**
     * The key counts, each variant's in turn, judged for the study's own pipeline (the published one where it runs
     * alone) by {@link #holdsTheSlide}: the highest point under the slide and the first above it that broke it decide
     * how far a line held, and are confirmed in more forks beyond smoke scale (issue 47), as a search's deciding steps
     * are. The published pipeline beside it is the yardstick: run, not judged.
     */
    static Sweep sweep(JetSettings s, List<String> values) {
        List<String> judged = new ArrayList<>(s.variants());
        if (judged.size() > 1) {
            judged.remove(REFERENCE);
        }
        return new Sweep(s.variants(), JetSettings.KEYS, values).judgedBy(holdsTheSlide(s.slideNs()), judged);
    }

    /**
     * A point holds when the p99.99 of its first results lies under the slide ({@link PassRule#percentileBelow}, as
     * the report's {@code JetView} reads it). A point that failed because the machine could not carry its load (the
     * source fell behind, window ends given up or without a result, results late) failed the slide too; one that
     * failed for another reason (a wrong count, the job's error, a crash) says nothing of the load: an error, and
     * the sweep has no answer.
     */
    static PassRule holdsTheSlide(long slideNs) {
        PassRule percentile = PassRule.percentileBelow("p99.99", slideNs);
        return new PassRule() {
            @Override
            public Verdict judge(StepOutcome outcome) {
                if (outcome.status() == StepOutcome.Status.FAILED && !outcome.reasons().isEmpty()
                        && !outcome.reasons().stream().allMatch(JetStudy::isOverload)) {
                    return Verdict.error("FAILED: " + String.join("; ", outcome.reasons()));
                }
                return percentile.judge(outcome);
            }

            @Override
            public String describe() {
                return percentile.describe();
            }
        };
    }

    /** A point's reason to fail that is the load's: {@link JetTally#failures} under a load the machine cannot carry. */
    static boolean isOverload(String reason) {
        return OVERLOAD.stream().anyMatch(reason::startsWith);
    }

    /**
     * Checks this machine before a benchmark JVM starts, once: that a fixed port is free.
     *
     * @return nothing removed
     * @throws ConfigException naming the property when the port is taken
     */
    static List<String> prepare(JetSettings s) {
        if (s.cluster().isEmpty() && s.port() != 0) {
            try {
                EmbeddedMember.checkFree(s.port());
            } catch (IllegalStateException e) {
                throw new ConfigException(e.getMessage());
            }
        }
        return List.of();
    }

    /**
     * The user's input that only asking the outside can check, once, before anything starts (the runner's
     * first cell included): that an existing cluster ({@code bench.jet.cluster}) answers, within seconds.
     *
     * @throws ConfigException naming the property when the cluster does not answer
     */
    static void verify(JetSettings s) {
        if (!s.cluster().isEmpty()) {
            try (ClusterClient c = ClusterClient.connect(s.cluster(), s.clusterName())) {
                c.instance().getCluster().getMembers(); // it answered
            } catch (IllegalStateException e) {
                throw new ConfigException(e.getMessage());
            }
        }
    }

    @Override
    public ForkPlan fork(String variant, RunSettings run, BenchProperties properties) {
        JetSettings settings = JetSettings.read(properties);
        return ForkPlan.unpinned(settings.periods(), () -> JetWorkload.of(settings, variant));
    }

    /** What Hazelcast needs on JDK 17+ (shared/PLATFORM.md): the modules it reaches into. */
    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return List.of("--add-modules", "java.se",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.management/sun.management=ALL-UNNAMED",
                "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
                "-Dhazelcast.phone.home.enabled=false");
    }
}
