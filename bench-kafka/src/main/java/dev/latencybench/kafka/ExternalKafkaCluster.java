package dev.latencybench.kafka;

import com.google.gson.JsonObject;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;

/**
 * A running Kafka cluster named by {@code -Dbench.kafka.bootstrap}, where the suite starts and stops nothing.
 * Immutable and thread-safe.
 */
public final class ExternalKafkaCluster implements KafkaCluster {
    /** How long {@link KafkaCluster#open} waits for an external cluster to answer. */
    public static final int DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

    private final String bootstrapServers;
    private final String identity;
    /** The search's broker, started by the launcher: watched, so its death is a failure at once; null otherwise. */
    private final ProcessHandle searchBroker;
    private final long searchBrokerPid;

    private ExternalKafkaCluster(String bootstrapServers, String identity, ProcessHandle searchBroker,
                                 long searchBrokerPid) {
        this.bootstrapServers = bootstrapServers;
        this.identity = identity;
        this.searchBroker = searchBroker;
        this.searchBrokerPid = searchBrokerPid;
    }

    /** This cluster as the search's shared broker, process {@code pid}; {@link #failure} says when it is gone. */
    ExternalKafkaCluster searchBroker(long pid) {
        return new ExternalKafkaCluster(bootstrapServers, identity, ProcessHandle.of(pid).orElse(null), pid);
    }

    /**
     * Checks that a Kafka cluster answers at {@code bootstrapServers} within {@code timeoutMs}.
     * @throws ConfigException when the address is not {@code HOST:PORT[,HOST:PORT...]}
     * @throws IllegalStateException when nobody answers, or not as Kafka, naming the address
     */
    public static ExternalKafkaCluster connect(String bootstrapServers, int timeoutMs) {
        List<String[]> addresses = parse(bootstrapServers);
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        boolean anyAnswers = false;
        for (String[] a : addresses) {
            int left = (int) Math.max(100, (deadline - System.nanoTime()) / 1_000_000L);
            if (ClusterProbe.answersTcp(a[0], Integer.parseInt(a[1]), Math.min(left, 2_000))) {
                anyAnswers = true;
                break;
            }
        }
        if (!anyAnswers) {
            throw new IllegalStateException("no Kafka cluster answers at " + bootstrapServers + " ("
                    + KafkaCluster.BOOTSTRAP + "): nothing accepts a connection there; start the cluster, correct"
                    + " the address, or leave " + KafkaCluster.BOOTSTRAP + " out to let the suite start its own broker");
        }
        int left = (int) Math.max(500, (deadline - System.nanoTime()) / 1_000_000L);
        Admin admin = null;
        try {
            admin = ClusterProbe.admin(bootstrapServers, left, "lb-bootstrap-check");
            String identity = ClusterProbe.describe(admin, left);
            return new ExternalKafkaCluster(bootstrapServers, identity, null, -1);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException("something accepts connections at " + bootstrapServers + " ("
                    + KafkaCluster.BOOTSTRAP + ") but no Kafka cluster answered within " + left + " ms: "
                    + (e.getCause() != null ? e.getCause() : e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + bootstrapServers + " for its cluster", e);
        } finally {
            ClusterProbe.closeQuietly(admin);
        }
    }

    static List<String[]> parse(String bootstrapServers) {
        List<String[]> out = new ArrayList<>();
        for (String part : bootstrapServers.split(",", -1)) {
            String p = part.trim();
            int colon = p.lastIndexOf(':');
            String host = colon > 0 ? p.substring(0, colon) : "";
            String port = colon > 0 ? p.substring(colon + 1) : "";
            int n = -1;
            if (!port.isEmpty() && port.length() <= 5 && port.chars().allMatch(Character::isDigit)) {
                n = Integer.parseInt(port);
            }
            if (host.isEmpty() || n < 1 || n > 65535) {
                throw ConfigException.invalid(KafkaCluster.BOOTSTRAP, bootstrapServers, "expected HOST:PORT (or"
                        + " several, comma-separated) with a port from 1 to 65535, such as 127.0.0.1:9092");
            }
            out.add(new String[] {host, port});
        }
        return out;
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The search's broker is watched by its process handle: its end runs {@code onGone} at once. */
    @Override
    public void whenGone(Runnable onGone) {
        if (searchBrokerPid < 0) {
            return;
        }
        if (searchBroker == null) { // gone before this JVM looked
            onGone.run();
            return;
        }
        searchBroker.onExit().thenRun(onGone);
    }

    @Override
    public String failure() {
        if (searchBrokerPid < 0 || (searchBroker != null && searchBroker.isAlive())) {
            return null;
        }
        return "the search's Kafka broker (pid " + searchBrokerPid + ", started by the launcher) is gone: it exited"
                + " while this step ran (the launcher's log says how)";
    }

    @Override
    public JsonObject describe() {
        Described o = new Described();
        o.kind = searchBrokerPid < 0 ? "external" : "search";
        if (searchBrokerPid >= 0) {
            o.pid = searchBrokerPid;
            o.where = "the broker every step of the search shares, started and warmed up by the launcher (its"
                    + " schedule file describes it)";
        }
        o.bootstrapServers = bootstrapServers;
        o.cluster = identity;
        return JsonCodec.toJsonObject(o);
    }

    /** The cluster as fork.json records it, in the order written: {@code pid} and {@code where} for the search's. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Described {
        String kind;
        Long pid;
        String where;
        String bootstrapServers;
        String cluster;
    }

    @Override
    public void close() {
        // not ours to stop
    }

    @Override
    public String toString() {
        return "the Kafka cluster at " + bootstrapServers + " (" + identity + ")";
    }
}
