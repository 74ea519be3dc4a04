package dev.latencybench.kafka;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.kafka.clients.producer.ProducerConfig;

import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.LibraryFlags;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.launch.JvmProbe;
import dev.latencybench.core.schedule.CapacitySearch;
import dev.latencybench.core.schedule.FixedList;
import dev.latencybench.core.schedule.Schedule;
import dev.latencybench.core.schedule.SequenceOfSchedules;
import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;

/**
 * Study 2: chains of services joined by topics, each at a fixed rate, and how many chains fit at once while every one
 * keeps its latency under the SLO. Runs {@code bench.chain.instances} chains per transport, or else searches each
 * transport's capacity; {@code in-memory} is the floor, the harness's own cost.
 */
public final class ChainStudy implements ForkedStudy<ChainConfig> {
    public static final String CHRONICLE = "chronicle";
    public static final String IN_MEMORY = "in-memory";
    public static final String KAFKA = "kafka";
    /** Kafka's consumers as the published study ran them: {@code poll} handed 1/8 ms, which Kafka makes 0 ms. */
    public static final String KAFKA_AS_PUBLISHED = "kafka-as-published";
    /** The yardsticks of one hop: the plainest loop over one topic ({@link HopLoopWorkload}). */
    public static final String KAFKA_LOOP = "kafka-loop";
    /** A broker's start, roughly, for the run's time estimate. */
    private static final long BROKER_START_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
    public static final String CHRONICLE_LOOP = "chronicle-loop";
    /** The capacity search stops bisecting when the first failing count is within 10% above the last passing one. */
    static final double RESOLUTION = 0.1;
    private static final String SLF4J_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

    /** The level of Kafka's client connection log, which says every 50 ms to 1 s that a node cannot be reached. */
    private static final String CONNECTION_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.apache.kafka.clients.NetworkClient";

    static {
        // Kafka's config classes print every value at INFO; the forks get the same level from jvmFlags
        if (System.getProperty(SLF4J_LEVEL) == null) {
            System.setProperty(SLF4J_LEVEL, "warn");
        }
        // a client whose broker is gone warns until closed, saying nothing KafkaCluster.failure does not
        if (System.getProperty(CONNECTION_LOG_LEVEL) == null) {
            System.setProperty(CONNECTION_LOG_LEVEL, "error");
        }
    }

    /** What result.json records of the study's settings, in the order written: instances or the search. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Recorded {
        long ratePerSec;
        int services;
        int payloadBytes;
        String slo;
        Integer instances;
        String search;
        RecordedKafka kafka;
    }

    /** The Kafka steps' cluster: the broker this launcher starts (its settings), when it starts one. */
    @SuppressWarnings("unused")
    private static final class RecordedKafka {
        String bootstrap;
        JsonObject broker;
        JsonObject clients;
    }

    /** What a broker's settings leave out: its version, and where it runs. */
    @SuppressWarnings("unused")
    private static final class BrokerOrigin {
        final String kafkaVersion;
        final String where = "one broker for all of the kafka steps, started and warmed up by the launcher"
                + " before the first; fresh topics per step";

        BrokerOrigin(String kafkaVersion) {
            this.kafkaVersion = kafkaVersion;
        }
    }

    /** What the study is: {@link dev.latencybench.core.study.Study#descriptor()}. */
    static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("chain", "bench-kafka", "transport",
            "chains of services over Chronicle Queue, Kafka and in memory: how many fit under the SLO",
            ChainConfig.properties())
            .withResultParts(ChainResult.PART)
            // Chronicle Queue's javax.naming; the SASL, GSS-API and JAAS modules Kafka links against
            .withRuntimeModules("java.naming", "java.security.jgss", "java.security.sasl", "jdk.security.auth")
            .withBesideJar(BrokerSettings.BROKER_FOLDER); // the broker's jars (BrokerSettings.defaultJars)

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public Class<ChainConfig> settingsType() {
        return ChainConfig.class;
    }

    @Override
    public ChainConfig read(BenchProperties properties, CpuTopology topology) {
        return ChainConfig.read(properties);
    }

    @Override
    public ChainConfig atStep(ChainConfig settings, Map<String, String> forkProperties) {
        return settings.atStep(forkProperties);
    }

    @Override
    public Plan plan(ChainConfig c) {
        boolean kafka = c.usesKafka();
        String kafkaVersion = null;
        if (kafka && c.kafkaBootstrap.isEmpty()) {
            try {
                kafkaVersion = c.brokerSettings.kafkaVersion(); // no broker jars: say so before any fork starts
            } catch (IllegalStateException e) {
                throw new ConfigException(e.getMessage());
            }
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("load", String.format(Locale.ROOT, "%,d msg/s per chain through %d service%s (%d topics), %d B"
                + " messages, queues in %s", c.ratePerSec, c.services, c.services == 1 ? "" : "s", c.topics(),
                c.payloadBytes, c.queueDir));
        facts.put("SLO", c.slo.describe() + " end-to-end from the intended send time, for every chain");
        facts.put("chains", c.instances > 0
                ? String.format(Locale.ROOT, "%,d at once (bench.chain.instances)", c.instances)
                : String.format(Locale.ROOT, "capacity search per transport, up to %,d (bench.chain.limit)",
                c.limit));
        facts.put("idle wait", Units.formatNs(c.idleWaitNs()) + " (1/8 of the inter-message time)");
        if (kafka) {
            BrokerSettings b = c.brokerSettings;
            KafkaClientSettings k = c.kafkaClients;
            facts.put("kafka", (c.kafkaBootstrap.isEmpty()
                    ? String.format(Locale.ROOT, "one single-node KRaft broker for all of the kafka steps, Kafka %s,"
                    + " started by this launcher with %s -Xmx%s %s on 127.0.0.1 and warmed up (%d topics x %,d msg/s"
                    + " until its p99 settles) before the first step; fresh topics per step", kafkaVersion, b.java,
                    b.heap, String.join(" ", b.jvmFlags), BrokerWarmup.TOPICS, c.ratePerSec)
                    : "the cluster at " + c.kafkaBootstrap + " (" + KafkaCluster.BOOTSTRAP + "), nothing started")
                    + String.format(Locale.ROOT, "; clients: acks=%s, linger.ms=%s, consumers %s",
                    k.producer.get(ProducerConfig.ACKS_CONFIG), k.producer.get(ProducerConfig.LINGER_MS_CONFIG),
                    k.pollDescription())
                    + (k.overridden.isEmpty() ? "" : "; overridden: " + String.join(", ", k.overridden)));
        }
        Recorded recorded = new Recorded();
        recorded.ratePerSec = c.ratePerSec;
        recorded.services = c.services;
        recorded.payloadBytes = c.payloadBytes;
        recorded.slo = c.slo.describe();
        if (c.instances > 0) {
            recorded.instances = c.instances;
        } else {
            recorded.search = String.format(Locale.ROOT, "%s from 1, doubling, then bisecting to"
                    + " within %.0f%%, up to %,d", ChainConfig.INSTANCES, RESOLUTION * 100, c.limit);
        }
        if (kafka) {
            recorded.kafka = new RecordedKafka();
            recorded.kafka.bootstrap = c.kafkaBootstrap;
            if (c.kafkaBootstrap.isEmpty()) {
                recorded.kafka.broker = c.brokerSettings.toJson();
                JsonCodec.addMembers(recorded.kafka.broker, new BrokerOrigin(kafkaVersion));
            }
            recorded.kafka.clients = c.kafkaClients.toJson();
        }
        ChainSlo slo = c.slo;
        Plan.Builder plan = Plan.builder(c.transports, c.periods, ChainWorkload.metrics(c.services))
                .facts(facts)
                .recorded(JsonCodec.toJsonObject(recorded))
                .accounting(() -> ChainTally.accounting(c.ratePerSec, slo))
                .prepare(() -> prepare(c))
                .verify(() -> verify(c))
                .cleanUp(() -> cleanUp(c))
                .schedule(schedule(c))
                .shared(variant -> ChainTransports.isKafka(variant) && c.kafkaBootstrap.isEmpty()
                        ? SearchBroker.start(c) : null)
                // the broker's start and its warm-up at its longest, once (it serves every kafka step)
                .estimate(0, kafka && c.kafkaBootstrap.isEmpty() ? BROKER_START_NS + c.brokerWarmupMaxNs : 0);
        if (c.transports.contains(IN_MEMORY)) {
            plan.role(Plan.FLOOR, IN_MEMORY);
        }
        for (String t : c.transports) { // each transport's hop against its loop: the harness's own cost
            if (ChainTransports.isLoop(t) && c.transports.contains(ChainTransports.base(t))) {
                plan.role(Plan.YARDSTICK + "." + ChainTransports.base(t), t);
            }
        }
        return plan.build();
    }

    /** Unpinned: {@code N x (services + 2)} threads share the machine, as the study's services did. */
    @Override
    public ForkPlan fork(String variant, RunSettings run, ChainConfig config) {
        return ForkPlan.unpinned(config.periods, () -> {
            ChainTransport opened = open(ChainTransports.base(variant), config);
            return ChainTransports.isLoop(variant)
                    ? new HopLoopWorkload(config, variant, opened)
                    : new ChainWorkload(config, Math.max(1, config.instances), variant, opened);
        });
    }

    /** Once, before anything starts, removes the queue and broker folders killed runs left; one line per folder. */
    static List<String> prepare(ChainConfig c) {
        List<String> removed = new ArrayList<>();
        if (c.uses(CHRONICLE)) {
            removed.addAll(ChronicleChainTransport.removeStaleFolders(c.queueDir));
        }
        if (c.usesKafka()) {
            removed.addAll(StaleBrokerFolders.remove(c.brokerSettings.folderParent));
        }
        return removed;
    }

    /**
     * Once, before anything starts, checks that a cluster named by {@code bench.kafka.bootstrap} answers, or else
     * that the broker's java is new enough (the study's own JVMs may be older).
     * @throws ConfigException when the cluster does not answer, or the broker's java is too old
     */
    static void verify(ChainConfig c) {
        if (!c.usesKafka()) {
            return;
        }
        if (!c.kafkaBootstrap.isEmpty()) {
            checkAnswers(c.kafkaBootstrap);
            return;
        }
        Path java = c.brokerSettings.java;
        JvmProbe probe = JvmProbe.run(java, List.of());
        if (probe.ok() && probe.feature() < BrokerSettings.MIN_JAVA) { // one that does not start: the broker says why
            throw ConfigException.invalid(BrokerSettings.JAVA, java.toString(), "Kafka's broker " + JavaNeeded.needs(
                    BrokerSettings.MIN_JAVA, probe.feature(), java.toString()) + "; give the java of a JDK "
                    + BrokerSettings.MIN_JAVA + " or newer as -D" + BrokerSettings.JAVA + " (the study's own JVMs may"
                    + " be older)");
        }
    }

    /**
     * A named cluster must answer before anything starts: a mistyped address is bad input, not a capacity of none.
     * @throws ConfigException naming the address and what was found there
     */
    static void checkAnswers(String bootstrap) {
        try {
            ExternalKafkaCluster.connect(bootstrap, ExternalKafkaCluster.DEFAULT_CONNECT_TIMEOUT_MS);
        } catch (IllegalStateException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /** Removes the queue and broker folders a killed benchmark JVM left; one line per folder. */
    static List<String> cleanUp(ChainConfig c) {
        List<String> removed = new ArrayList<>(ChronicleChainTransport.removeStaleFolders(c.queueDir));
        if (c.usesKafka()) {
            removed.addAll(StaleBrokerFolders.remove(c.brokerSettings.folderParent));
        }
        return removed;
    }

    /**
     * The transports in run order with a fixed count, else a capacity search per transport, each followed by its hop
     * loop so Kafka's loop runs on the warm broker ({@link ChainTransports#runOrder}).
     */
    static Schedule schedule(ChainConfig c) {
        List<String> order = ChainTransports.runOrder(c.transports);
        if (c.instances > 0) {
            return new FixedList(order);
        }
        List<Schedule> parts = new ArrayList<>();
        List<String> loops = new ArrayList<>();
        for (String t : order) {
            if (ChainTransports.isLoop(t)) {
                loops.add(t);
                continue;
            }
            if (!loops.isEmpty()) {
                parts.add(new FixedList(loops));
                loops = new ArrayList<>();
            }
            parts.add(CapacitySearch.of(t, ChainConfig.INSTANCES).start(1).growth(2).resolution(RESOLUTION)
                    .limit(c.limit).unit("chains").passRule(new ChainPassRule(c.slo, c.ratePerSec,
                            c.periods.forks)).build());
        }
        if (!loops.isEmpty()) {
            parts.add(new FixedList(loops));
        }
        return parts.size() == 1 ? parts.get(0) : new SequenceOfSchedules(parts);
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return LibraryFlags.chronicle(javaFeatureVersion);
    }

    /** Opens the named transport for one fork. */
    static ChainTransport open(String transport, ChainConfig config) {
        return ChainTransports.of(transport).open(config);
    }
}
