package dev.latencybench.kafka;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;

/**
 * The chain study's validated settings, read from the {@code bench.*} properties in the launcher and again in each
 * benchmark JVM; a bad value is a {@code ConfigException} naming the property, the value and what is allowed.
 * Immutable.
 */
public final class ChainConfig {
    public static final String RATE = "bench.chain.rate";
    public static final String SERVICES = "bench.chain.services";
    public static final String INSTANCES = "bench.chain.instances";
    public static final String SLO = "bench.chain.slo";
    public static final String LIMIT = "bench.chain.limit";
    public static final String PAYLOAD = "bench.payload";
    public static final String TRANSPORTS = "bench.transports";
    public static final String QUEUE_DIR = "bench.queue.dir";
    /** The longest the launcher's broker warms up; see {@link BrokerWarmup}. */
    public static final String BROKER_WARMUP = "bench.kafka.broker.warmup";

    /** The study's rate: 1,000 messages a second per chain. */
    public static final long DEFAULT_RATE = 1_000;
    /** The study's five services (six topics). */
    public static final int DEFAULT_SERVICES = 5;
    /** Each service adds a hop, each hop a metric: 32 keeps 33 metrics and 34 threads a chain. */
    public static final int MAX_SERVICES = 32;
    public static final String DEFAULT_SLO = "p99.9<100ms";
    /** The capacity search's upper bound at standard scale, past what a workstation holds. */
    public static final int DEFAULT_LIMIT = 1_024;
    /** At smoke scale: two steps per transport (1, 2). */
    public static final int DEFAULT_SMOKE_LIMIT = 2;
    /** At paper scale: room above the study's figure for a bigger machine. */
    public static final int DEFAULT_PAPER_LIMIT = 4_096;
    /** Chains one step may run, fixed or searched. */
    public static final int MAX_INSTANCES = 65_536;
    /** A message carries its sequence number, intended and actual send time, counter and hand-over time. */
    public static final int STAMP_BYTES = 5 * Long.BYTES;
    public static final int MAX_PAYLOAD = 1 << 20;

    /**
     * Warm-up and measured time per scale; a smoke step warms up 3 s because each step is a new JVM whose Kafka
     * clients compile in their first seconds.
     */
    public static final RunLength LENGTH = RunLength.of(
            TimeUnit.SECONDS.toNanos(3), TimeUnit.SECONDS.toNanos(2),
            TimeUnit.SECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30),
            TimeUnit.SECONDS.toNanos(20), TimeUnit.SECONDS.toNanos(100));

    public final long ratePerSec;
    public final int services;
    /** The fixed number of chains; 0 for a capacity search. */
    public final int instances;
    /** The search's upper bound. */
    public final int limit;
    public final ChainSlo slo;
    public final int payloadBytes;
    public final List<String> transports;
    public final Path queueDir;
    public final Periods periods;
    /** {@code bench.kafka.bootstrap}: a running cluster to use; empty when the launcher starts one broker. */
    public final String kafkaBootstrap;
    /** The {@code bench.kafka.broker.*} settings of the broker a fork starts. */
    public final BrokerSettings brokerSettings;
    /** The Kafka clients' settings, {@code bench.kafka.producer.*}, {@code consumer.*}, {@code pollTimeout}. */
    public final KafkaClientSettings kafkaClients;
    /** {@code bench.kafka.broker.warmup}: the longest the launcher's broker warms up. */
    public final long brokerWarmupMaxNs;

    private ChainConfig(long ratePerSec, int services, int instances, int limit, ChainSlo slo,
                        int payloadBytes, List<String> transports, Path queueDir, Periods periods,
                        String kafkaBootstrap, BrokerSettings brokerSettings, KafkaClientSettings kafkaClients,
                        long brokerWarmupMaxNs) {
        this.ratePerSec = ratePerSec;
        this.services = services;
        this.instances = instances;
        this.limit = limit;
        this.slo = slo;
        this.payloadBytes = payloadBytes;
        this.transports = transports;
        this.queueDir = queueDir;
        this.periods = periods;
        this.kafkaBootstrap = kafkaBootstrap;
        this.brokerSettings = brokerSettings;
        this.kafkaClients = kafkaClients;
        this.brokerWarmupMaxNs = brokerWarmupMaxNs;
    }

    private static final Property RATE_PROPERTY = Property.count(RATE, DEFAULT_RATE, 1, 1_000_000,
            "messages per second each chain's source sends");
    private static final Property SERVICES_PROPERTY = Property.count(SERVICES, DEFAULT_SERVICES, 0, MAX_SERVICES,
            "services per chain (0: source -> one topic -> sink)");
    /** Read only when given: without it, the search finds the number. */
    private static final Property INSTANCES_PROPERTY = Property.count(INSTANCES, 1, 1, MAX_INSTANCES,
            "chains to run at once (none: search for the most that hold the SLO)").showingDefault("none");
    private static final Property SLO_PROPERTY = Property.text(SLO, DEFAULT_SLO,
            "the latency every chain must keep, e.g. p99.9<100ms");
    private static final Property PAYLOAD_PROPERTY = Property.count(PAYLOAD, STAMP_BYTES, STAMP_BYTES, MAX_PAYLOAD,
            "bytes per message (the stamps take " + STAMP_BYTES + ")");
    private static final Property TRANSPORTS_PROPERTY = Property.subset(TRANSPORTS, ChainTransports.DEFAULTS,
            ChainTransports.variants(), "transport");
    private static final Property QUEUE_DIR_PROPERTY = Property.folder(QUEUE_DIR, "/dev/shm",
            "folder for the Chronicle queues, best on a tmpfs", "create it, or point " + QUEUE_DIR + " at a writable"
                    + " tmpfs folder (a disk-backed folder such as /tmp works, but adds page-cache effects to the"
                    + " numbers)");
    /** An existing cluster, or none; {@link KafkaCluster#open(BenchProperties)} reads it too. */
    static final Property BOOTSTRAP_PROPERTY = Property.text(KafkaCluster.BOOTSTRAP, "", "HOST:PORT of a running"
            + " Kafka cluster to use; empty: the launcher starts one broker for the kafka steps");
    /** The broker's warm-up at its longest at smoke scale, whose steps are too short to judge a p99.9 anyway. */
    static final long SMOKE_BROKER_WARMUP_NS = TimeUnit.SECONDS.toNanos(5);

    /** The broker's warm-up at its longest; a value below the usual minimum also shortens the minimum. */
    static Property brokerWarmupProperty(Scale scale) {
        return Property.duration(BROKER_WARMUP, scale == Scale.SMOKE ? SMOKE_BROKER_WARMUP_NS : BrokerWarmup.MAX_NS,
                TimeUnit.SECONDS.toNanos(1), TimeUnit.MINUTES.toNanos(10), "the longest the launcher's broker warms up"
                        + " before the first kafka step (it stops once its p99 settles, after at least 30 s or all of"
                        + " this if shorter; shorter measures a broker that is not yet warm; smoke scale: 5 s)");
    }

    /** Every property {@link #read} reads, declared with the standard scale's defaults. */
    public static List<Property> properties() {
        List<Property> all = new ArrayList<>(Periods.properties(Scale.STANDARD, LENGTH));
        all.addAll(List.of(RATE_PROPERTY, SERVICES_PROPERTY, INSTANCES_PROPERTY, limitProperty(Scale.STANDARD),
                SLO_PROPERTY, PAYLOAD_PROPERTY, TRANSPORTS_PROPERTY, QUEUE_DIR_PROPERTY, BOOTSTRAP_PROPERTY,
                brokerWarmupProperty(Scale.STANDARD)));
        all.addAll(BrokerSettings.properties());
        all.addAll(KafkaClientSettings.properties(TimeUnit.SECONDS.toNanos(1) / DEFAULT_RATE));
        return Collections.unmodifiableList(all);
    }

    private static Property limitProperty(Scale scale) {
        return Property.count(LIMIT, scale == Scale.PAPER ? DEFAULT_PAPER_LIMIT : scale == Scale.SMOKE
                ? DEFAULT_SMOKE_LIMIT : DEFAULT_LIMIT, 1, MAX_INSTANCES, "the most chains the capacity search tries");
    }

    /** @throws dev.latencybench.core.config.ConfigException naming the property, the value and what is allowed */
    public static ChainConfig read(BenchProperties p) {
        Periods periods = Periods.read(p, Scale.STANDARD, LENGTH);
        long rate = p.count(RATE_PROPERTY);
        int services = (int) p.count(SERVICES_PROPERTY);
        int instances = p.given().containsKey(INSTANCES) ? (int) p.count(INSTANCES_PROPERTY) : 0;
        int limit = (int) p.count(limitProperty(periods.scale));
        ChainSlo slo = ChainSlo.parse(SLO, p.string(SLO_PROPERTY));
        int payload = (int) p.count(PAYLOAD_PROPERTY);
        List<String> transports = p.subset(TRANSPORTS_PROPERTY);
        Path dir = p.writableDirectory(QUEUE_DIR_PROPERTY);
        // the bench.kafka.* settings are read (and checked) whichever transports run: a typo fails early
        String bootstrap = p.string(BOOTSTRAP_PROPERTY);
        BrokerSettings broker = BrokerSettings.fromProperties(p);
        KafkaClientSettings clients = KafkaClientSettings.fromProperties(p, TimeUnit.SECONDS.toNanos(1) / rate);
        String pollTimeout = p.given().get(KafkaClientSettings.POLL_TIMEOUT);
        if (pollTimeout != null && transports.stream().noneMatch(t -> ChainTransports.base(t).equals(ChainStudy.KAFKA))) {
            // given and read by no transport that runs: it would be recorded as set while nothing waited so
            throw ConfigException.invalid(KafkaClientSettings.POLL_TIMEOUT, pollTimeout, "only the " + ChainStudy.KAFKA
                    + " transport (and " + ChainStudy.KAFKA + HopLoopWorkload.SUFFIX + ") polls with it, and " + TRANSPORTS
                    + "=" + String.join(",", transports) + " runs neither (" + ChainStudy.KAFKA_AS_PUBLISHED + " keeps"
                    + " the published study's wait); add " + ChainStudy.KAFKA + " to " + TRANSPORTS
                    + ", or leave the property out");
        }
        long warmupMaxNs = p.durationNs(brokerWarmupProperty(periods.scale));
        return new ChainConfig(rate, services, instances, limit, slo, payload, transports, dir, periods,
                bootstrap, broker, clients, warmupMaxNs);
    }

    /**
     * The settings of one fork: the chains its step runs ({@link #INSTANCES}) and the address of the broker the
     * launcher started ({@link KafkaCluster#BOOTSTRAP}), where its {@code -D} give them.
     */
    ChainConfig atStep(Map<String, String> forkProperties) {
        String chains = forkProperties.get(INSTANCES);
        String broker = forkProperties.get(KafkaCluster.BOOTSTRAP);
        return new ChainConfig(ratePerSec, services, chains == null ? instances : Integer.parseInt(chains), limit, slo,
                payloadBytes, transports, queueDir, periods, broker == null ? kafkaBootstrap : broker, brokerSettings,
                kafkaClients, brokerWarmupMaxNs);
    }

    /** Topics per chain: one more than the services. */
    public int topics() {
        return services + 1;
    }

    /** True when a transport or its loop is {@code transport}: {@code kafka} for {@code kafka-loop} too. */
    public boolean uses(String transport) {
        return transports.stream().anyMatch(t -> ChainTransports.base(t).equals(transport));
    }

    /** True when a variant runs over Kafka: {@code kafka}, {@code kafka-as-published} or {@code kafka-loop}. */
    public boolean usesKafka() {
        return transports.stream().anyMatch(ChainTransports::isKafka);
    }

    /** How long an idle service waits for its next message: 1/8 of the time between two messages, as in the study. */
    public long idleWaitNs() {
        return Math.max(1, TimeUnit.SECONDS.toNanos(1) / ratePerSec / 8);
    }
}
