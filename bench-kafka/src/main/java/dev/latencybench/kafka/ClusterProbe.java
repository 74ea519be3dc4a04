package dev.latencybench.kafka;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.common.Node;

/**
 * Asks whether something answers at an address, first as TCP (silent, where a Kafka client logs every retry), then
 * as Kafka. Stateless; not for hot paths.
 */
final class ClusterProbe {
    private ClusterProbe() {
    }

    /** True when a TCP connection to host:port opens within the timeout. */
    static boolean answersTcp(String host, int port, int timeoutMs) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** An admin client whose calls give up within {@code timeoutMs}: a probe must not hang. */
    static Admin admin(String bootstrapServers, int timeoutMs, String clientId) {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutMs);
        config.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, 100);
        config.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500);
        return Admin.create(config);
    }

    /**
     * The cluster's id and broker count, as {@code cluster <id>, 1 broker}.
     * @throws TimeoutException when the cluster does not answer within {@code timeoutMs}
     * @throws ExecutionException when it answers with an error
     */
    static String describe(Admin admin, int timeoutMs) throws ExecutionException, TimeoutException,
            InterruptedException {
        DescribeClusterResult r = admin.describeCluster(new DescribeClusterOptions().timeoutMs(timeoutMs));
        String id = r.clusterId().get(timeoutMs, TimeUnit.MILLISECONDS);
        Collection<Node> nodes = r.nodes().get(timeoutMs, TimeUnit.MILLISECONDS);
        return "cluster " + id + ", " + nodes.size() + (nodes.size() == 1 ? " broker" : " brokers");
    }

    static void closeQuietly(Admin admin) {
        if (admin != null) {
            try {
                admin.close(Duration.ofSeconds(1));
            } catch (RuntimeException e) {
                // a probe's client: nothing of it is needed any more
            }
        }
    }
}
