package dev.latencybench.jet;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.google.gson.JsonObject;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Clocks;
import dev.latencybench.core.time.EpochClock;
import dev.latencybench.core.time.SystemClock;

/**
 * A client of an existing cluster ({@code bench.jet.cluster}), whose members run and so are measured; the cluster
 * must accept the job's classes ({@code jet.resource-upload-enabled}) or have bench-jet's jar.
 */
final class ClusterClient implements JetCluster {
    static final long CONNECT_TIMEOUT_MS = TimeUnit.SECONDS.toMillis(5);
    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

    private final HazelcastInstance client;
    private final List<String> addresses;
    private final String clusterName;

    private ClusterClient(HazelcastInstance client, List<String> addresses, String clusterName) {
        this.client = client;
        this.addresses = addresses;
        this.clusterName = clusterName;
    }

    /** @throws IllegalStateException when no member answers within {@link #CONNECT_TIMEOUT_MS}, naming the addresses */
    static ClusterClient connect(List<String> addresses, String clusterName) {
        HAZELCAST_LOG.setLevel(Level.WARNING);
        ClientConfig c = new ClientConfig();
        c.setClusterName(clusterName);
        c.setInstanceName("lb-jet-client-" + UUID.randomUUID());
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.setProperty("hazelcast.client.shutdownhook.enabled", "false");
        c.getNetworkConfig().setAddresses(addresses);
        c.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(CONNECT_TIMEOUT_MS);
        try {
            return new ClusterClient(HazelcastClient.newHazelcastClient(c), addresses, clusterName);
        } catch (RuntimeException e) {
            throw new IllegalStateException("no Hazelcast cluster named '" + clusterName + "' answered at "
                    + String.join(",", addresses) + " (" + JetSettings.CLUSTER + ") within "
                    + TimeUnit.MILLISECONDS.toSeconds(CONNECT_TIMEOUT_MS) + " s: " + e.getMessage()
                    + "; check the addresses and " + JetSettings.CLUSTER_NAME, e);
        }
    }

    @Override
    public HazelcastInstance instance() {
        return client;
    }

    @Override
    public boolean embedded() {
        return false;
    }

    @Override
    public JsonObject describe() {
        return JsonCodec.toJsonObject(new Described("an existing cluster, through a client",
                String.join(",", addresses), clusterName, client.getCluster().getMembers().size()));
    }

    /** The cluster as fork.json records it, in the order written. */
    private record Described(String where, String addresses, String clusterName, int members) {
    }

    @Override
    public Class<?>[] jobClasses() {
        return new Class<?>[] {SlidingWindowJob.class, ScheduledSource.class, SourceState.class, EventSchedule.class,
                PartialTimingP.class, WindowPartials.class,
                WindowPartials.Open.class, WindowTiming.class, JobClock.class, JobClock.SystemJobClock.class, Clocks.class,
                Clock.class, EpochClock.class, SystemClock.class};
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
