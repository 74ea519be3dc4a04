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
 * Study 3: a sliding-window count on Hazelcast Jet at a fixed event rate, swept over the key count, which sets the
 * result and allocation rate that tell the collectors apart. Each point's figure is the latency from a window's end
 * to its first (and last) result.
 */
public final class JetStudy implements ForkedStudy<JetSettings> {
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

    @Override
    public Class<JetSettings> settingsType() {
        return JetSettings.class;
    }

    @Override
    public JetSettings read(BenchProperties properties, CpuTopology topology) {
        return JetSettings.read(properties);
    }

    /** A sweep's step runs one key count ({@link JetSettings#KEYS}). */
    @Override
    public JetSettings atStep(JetSettings s, Map<String, String> forkProperties) {
        String keys = forkProperties.get(JetSettings.KEYS);
        return keys == null ? s : new JetSettings(s.ratePerSec(), List.of(Long.parseLong(keys)), s.windowNs(),
                s.slideNs(), s.maxLagNs(), s.cluster(), s.clusterName(), s.port(), s.periods(), s.variants());
    }

    /** The plan; its {@link Plan#prepare} checks the port and the cluster. */
    @Override
    public Plan plan(JetSettings s) {
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
     * The key counts, each variant's in turn, judged by {@link #holdsTheSlide} for the study's own pipeline; the
     * published one beside it is the yardstick, run but not judged.
     */
    static Sweep sweep(JetSettings s, List<String> values) {
        List<String> judged = new ArrayList<>(s.variants());
        if (judged.size() > 1) {
            judged.remove(REFERENCE);
        }
        return new Sweep(s.variants(), JetSettings.KEYS, values).judgedBy(holdsTheSlide(s.slideNs()), judged);
    }

    /**
     * A point holds when the p99.99 of its first results lies under the slide; an overload failure fails it, any
     * other failure is an error that says nothing of the load.
     */
    static PassRule holdsTheSlide(long slideNs) {
        PassRule percentile = PassRule.percentileBelow("p99.99", slideNs);
        return new PassRule() {
            @Override
            public Verdict judge(StepOutcome outcome) {
                if (outcome.status == StepOutcome.Status.FAILED && !outcome.reasons.isEmpty()
                        && !outcome.reasons.stream().allMatch(JetStudy::isOverload)) {
                    return Verdict.error("FAILED: " + String.join("; ", outcome.reasons));
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
     * Checks once, before a benchmark JVM starts, that a fixed port is free.
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
     * Checks once, before anything starts, that an existing cluster ({@code bench.jet.cluster}) answers.
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
    public ForkPlan fork(String variant, RunSettings run, JetSettings settings) {
        return ForkPlan.unpinned(settings.periods(), () -> JetWorkload.of(settings, variant));
    }

    /** What Hazelcast needs on JDK 17+: the modules it reaches into. */
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
