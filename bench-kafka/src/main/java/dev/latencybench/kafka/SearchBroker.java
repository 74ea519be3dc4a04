package dev.latencybench.kafka;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;

import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.study.Study;

/**
 * The Kafka broker the kafka steps of a search share: started and warmed up by the launcher, handed to each fork as
 * a running cluster with its pid, and stopped after the last step. Made on the launcher's main thread;
 * {@link #failure} from any thread; {@link #close} idempotent.
 */
final class SearchBroker implements Study.Plan.Shared {
    private final KafkaBroker broker;
    private final BrokerWarmup.Result warmup;
    private final long startNs;

    private SearchBroker(KafkaBroker broker, BrokerWarmup.Result warmup, long startNs) {
        this.broker = broker;
        this.warmup = warmup;
        this.startNs = startNs;
    }

    /**
     * Starts the broker and warms it up at one chain's rate.
     * @throws IllegalStateException when it cannot start or fails while warming up; nothing is left running
     */
    static SearchBroker start(ChainConfig config) {
        long t0 = System.nanoTime();
        KafkaBroker broker = KafkaBroker.start(config.brokerSettings);
        try {
            BrokerWarmup.Result w = BrokerWarmup.run(broker, config.kafkaClients, config.ratePerSec,
                    config.brokerWarmupMaxNs);
            return new SearchBroker(broker, w, t0);
        } catch (RuntimeException | Error e) {
            broker.close();
            throw e;
        }
    }

    @Override
    public Map<String, String> forkProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(KafkaCluster.BOOTSTRAP, broker.bootstrapServers());
        m.put(KafkaCluster.SEARCH_BROKER_PID, Long.toString(broker.pid()));
        m.put(CpuLoadProbe.COMPANION_PIDS, Long.toString(broker.pid()));
        return m;
    }

    @Override
    public String summary() {
        return String.format(Locale.ROOT, "one broker for every step, at %s (pid %d), started in %.1f s and %s",
                broker.bootstrapServers(), broker.pid(), broker.startMs() / 1e3, warmup.summary());
    }

    @Override
    public JsonObject describe() {
        JsonObject o = broker.describe();
        JsonCodec.addMembers(o, new Origin(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs),
                warmup.toJson()));
        return o;
    }

    /** What the search's broker adds to its description: where it runs, when it was ready, its warm-up. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Origin {
        final String where = "one broker for every step of the search, started by the launcher";
        final long readyMs;
        final JsonObject warmup;

        Origin(long readyMs, JsonObject warmup) {
            this.readyMs = readyMs;
            this.warmup = warmup;
        }
    }

    @Override
    public String failure() {
        return broker.failure();
    }

    /** The broker's log, after it exited on its own: its folder goes when it is closed. */
    @Override
    public void keepFailureLog(java.nio.file.Path dir) {
        broker.keepLog(dir);
    }

    /** Both Kafka consumers' steps and the Kafka loop ({@code kafka-loop}) run on the same warm broker. */
    @Override
    public boolean serves(String variant) {
        return ChainTransports.isKafka(variant);
    }

    @Override
    public void close() {
        broker.close();
    }

    KafkaBroker broker() {
        return broker;
    }

    BrokerWarmup.Result warmup() {
        return warmup;
    }
}
