package dev.latencybench.queue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.env.LibraryFlags;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.CpuPairResult;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;
import dev.latencybench.queue.oneway.MessageTransport;
import dev.latencybench.queue.oneway.OneWayMembers;
import dev.latencybench.queue.oneway.OneWayResult;
import dev.latencybench.queue.oneway.OneWaySettings;
import dev.latencybench.queue.oneway.OneWayTally;
import dev.latencybench.queue.oneway.OneWayWorkload;

/**
 * Study 1, "which is the fastest JVM?": one-way latency of messages between two pinned threads through Chronicle
 * Queue on /dev/shm, beside the {@code baseline} mailbox that shows the machine's floor.
 */
public final class QueueStudy implements ForkedStudy<QueueConfig> {
    /** The producer and the consumer both spin: each needs a core of its own, and the rest of the machine more. */
    static final int SPINNING_THREADS = 2;

    /** What the study is: {@link dev.latencybench.core.study.Study#descriptor()}. */
    static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("queue", "bench-queue", "transport",
            "two pinned threads, one-way latency through Chronicle Queue",
            QueueConfig.PROPERTIES)
            .withResultParts(CpuPairResult.PART, OneWayResult.PART)
            .withRuntimeModules("java.naming"); // Chronicle Queue loads its exceptions when it opens a queue

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public Class<QueueConfig> settingsType() {
        return QueueConfig.class;
    }

    @Override
    public QueueConfig read(BenchProperties properties, CpuTopology topology) {
        return QueueConfig.read(properties, topology);
    }

    @Override
    public Plan plan(QueueConfig config) {
        OneWaySettings s = config.settings();
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("load", String.format(Locale.ROOT, "%,d msg/s, %d B payload, queue in %s", s.ratePerSec,
                s.payloadBytes, config.queueDir()));
        facts.put("CPUs", s.cpus.describe() + " (" + s.cpus.note() + ")");
        int cpus = config.cpusAllowed();
        if (cpus < SPINNING_THREADS + 2) {
            facts.put("note", String.format(Locale.ROOT, "only %d CPUs here, so the %d spinning threads share them"
                    + " with everything else: expect millisecond tails", cpus, SPINNING_THREADS));
        }
        JsonObject recorded = JsonCodec.toJsonObject(new OneWayMembers(s.ratePerSec, s.payloadBytes));
        return Plan.builder(config.transports(), s.periods, Metrics.ONE_WAY)
                .facts(facts)
                .role(Plan.FLOOR, QueueConfig.BASELINE)
                .role(Plan.YARDSTICK, QueueConfig.REFERENCE)
                .recorded(recorded)
                .accounting(() -> OneWayTally.accounting(s.ratePerSec))
                .verify(config::checkSpaceUpFront) // the runner's, before its first cell: exit 2, not a FAILED cell
                .prepare(config::prepare)
                .cleanUp(() -> ChronicleQueueTransport.removeStaleFolders(config.queueDir()))
                .build();
    }

    @Override
    public ForkPlan fork(String variant, RunSettings run, QueueConfig config) {
        OneWaySettings settings = config.settings();
        return ForkPlan.of(settings.periods, settings.cpus, () -> new OneWayWorkload(settings, open(variant,
                config)));
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return LibraryFlags.chronicle(javaFeatureVersion);
    }

    /** Opens the named transport for one fork. */
    static MessageTransport open(String transport, QueueConfig config) {
        return QueueTransport.of(transport).open(config);
    }
}
