package dev.latencybench.startup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.os.ProcessFootprint;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;

/**
 * Study 4, "benchmarking web services using GraalVM Native Image": a small HTTP service launched again and again,
 * then loaded, in each start mode; a mode the JDK lacks is skipped with the reason. The responder is the floor.
 */
public final class StartupStudy implements ForkedStudy<StartupConfig> {
    /** The study's name: its results folder, and what its view says it shows. */
    static final String NAME = "startup";

    /** A launch to the first 200 and its stop, roughly, for the run's time estimate. */
    private static final long LAUNCH_NS = 1_000_000_000L;
    /** The closed loop's pace, roughly, for the run's time estimate. */
    private static final long REQUESTS_PER_SEC = 5_000;

    /** What the study is: {@link dev.latencybench.core.study.Study#descriptor()}. */
    static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of(NAME, "bench-startup", "variant",
            "a small HTTP service: time to first response, memory, CPU, cold and warm response time, per start mode",
            StartupConfig.properties(Scale.SMOKE))
            .withResultParts(StartupResult.PART)
            .withRuntimeModules("jdk.httpserver") // the measured service is the JDK's own HTTP server
            .withBesideJar(ServiceJar.FOLDER); // the services' jars (ServiceJar)

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return List.of();
    }

    @Override
    public Class<StartupConfig> settingsType() {
        return StartupConfig.class;
    }

    @Override
    public StartupConfig read(BenchProperties properties, CpuTopology topology) {
        return StartupConfig.read(properties);
    }

    @Override
    public Plan plan(StartupConfig c) {
        JdkFeatures jdk = JdkFeatures.of(c.java());
        Map<String, String> skipped = skipped(c, jdk);
        List<String> variants = new ArrayList<>();
        for (Variant v : c.variants()) {
            if (!skipped.containsKey(v.mode().id())) {
                variants.add(v.id());
            }
        }
        if (skipped.size() == c.modes().size()) { // the floor alone answers nothing
            throw new ConfigException("nothing to run on JDK " + jdk.feature() + " (" + jdk.home() + "): "
                    + describe(skipped) + "; choose other modes with " + StartupConfig.MODES);
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("launches", String.format(Locale.ROOT, "%,d per variant, each to its first 200 on 127.0.0.1 (time"
                + " out %s), then RSS, PSS and CPU time from /proc; stopped and reaped", c.repetitions(),
                Units.formatDuration(c.timeoutNs())));
        facts.put("load", String.format(Locale.ROOT, "%,d closed-loop batches of %,d requests at concurrency %d (cold:"
                + " the first, warm: the last, after %,d), then an open loop at %,d req/s for %s", c.batches(),
                c.batchRequests(), c.concurrency(), c.requestsBeforeWarm(), c.openRatePerSec(),
                Units.formatDuration(c.openDurationNs())));
        facts.put("archives", c.cacheDir() + " (built once per JDK, flags and service jar)");
        if (!skipped.isEmpty()) {
            facts.put("skipped", describe(skipped));
        }
        JsonObject skip = new JsonObject();
        skipped.forEach(skip::addProperty);
        JsonObject recorded = new JsonObject();
        StartupResult.PART.write(StartupResult.settings(c.repetitions(), c.timeoutNs(), c.batchRequests(), c.batches(),
                c.concurrency(), c.openRatePerSec(), c.openDurationNs(), skip), recorded);
        Plan.Builder plan = Plan.builder(variants, c.periods(), StartupMetrics.metrics())
                .facts(facts)
                .recorded(recorded)
                .accounting(StartupTally::new)
                .prepare(c::prepare)
                // the period's length is a budget it rarely uses
                .estimate(Plan.FORK_OVERHEAD_NS + c.repetitions() * LAUNCH_NS + LAUNCH_NS
                        + c.batches() * (long) c.batchRequests() * 1_000_000_000L / REQUESTS_PER_SEC
                        + c.openDurationNs(), 0);
        if (c.floor()) {
            plan.role(Plan.FLOOR, new Variant(Variant.RESPONDER, StartMode.JVM).id());
        }
        return plan.build();
    }

    /** The service runs on this benchmark JVM's own JDK, with the cell's flags ({@code bench.jvm.args}). */
    @Override
    public ForkPlan fork(String variant, RunSettings run, StartupConfig config) {
        return ForkPlan.unpinned(config.periods(), () -> {
            Variant v = Variant.parse(variant);
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            ServiceCommand command = new ServiceCommand(java, run.jvmArgs, config.jar(v.service()), v.service());
            return new StartupWorkload(config, v, JdkFeatures.current(), command,
                    CpuSplit.of(CpuTopology.system().affinity()), ProcessFootprint.system());
        });
    }

    /** The modes asked for that this JDK cannot run, with the reason. */
    static Map<String, String> skipped(StartupConfig c, JdkFeatures jdk) {
        Map<String, String> skipped = new LinkedHashMap<>();
        for (StartMode m : c.modes()) {
            jdk.whyNot(m).ifPresent(why -> skipped.put(m.id(), why));
        }
        return skipped;
    }

    private static String describe(Map<String, String> skipped) {
        StringBuilder sb = new StringBuilder();
        skipped.forEach((m, why) -> sb.append(sb.length() == 0 ? "" : "; ").append(m).append(" skipped: ").append(why));
        return sb.toString();
    }
}
