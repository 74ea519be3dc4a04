package dev.latencybench.jet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.google.gson.JsonObject;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;

import dev.latencybench.core.json.JsonCodec;

/**
 * A Hazelcast member with the Jet engine inside the benchmark JVM, alone in its cluster on 127.0.0.1: every join off,
 * phone-home off, and its own shutdown hook off, as the fork's session shuts it down in order.
 */
final class EmbeddedMember implements JetCluster {
    static final String HOST = "127.0.0.1";
    /** Held so the level set on it stays: java.util.logging keeps its loggers weakly. */
    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

    private final HazelcastInstance instance;
    private final String clusterName;
    private final int port;

    private EmbeddedMember(HazelcastInstance instance, String clusterName, int port) {
        this.instance = instance;
        this.clusterName = clusterName;
        this.port = port;
    }

    /**
     * Starts the member.
     * @param port its port on 127.0.0.1, or 0 for a free one
     * @throws IllegalStateException when the port is taken, naming it and what to do
     */
    static EmbeddedMember start(int port) {
        int chosen = port == 0 ? freePort() : checkFree(port);
        String name = "lb-jet-" + UUID.randomUUID();
        HAZELCAST_LOG.setLevel(Level.WARNING);
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(config(name, chosen));
        return new EmbeddedMember(hz, name, chosen);
    }

    /** The member's configuration: see the class comment. */
    static Config config(String clusterName, int port) {
        Config c = new Config();
        c.setClusterName(clusterName);
        c.setInstanceName(clusterName);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        c.setProperty("hazelcast.socket.bind.any", "false");
        NetworkConfig network = c.getNetworkConfig();
        network.setPort(port).setPortAutoIncrement(false).setPublicAddress(HOST + ":" + port);
        network.getInterfaces().setEnabled(true).addInterface(HOST);
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        c.getJetConfig().setEnabled(true);
        return c;
    }

    /** The port, when nothing on 127.0.0.1 listens on it. */
    static int checkFree(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
            return port;
        } catch (IOException e) {
            throw new IllegalStateException("the embedded Hazelcast member cannot listen on " + HOST + ":" + port
                    + " (" + JetSettings.PORT + "): the port is already taken (" + e.getMessage() + "); choose another,"
                    + " or 0 for a free one");
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on " + HOST + ": " + e.getMessage(), e);
        }
    }

    @Override
    public HazelcastInstance instance() {
        return instance;
    }

    @Override
    public boolean embedded() {
        return true;
    }

    int port() {
        return port;
    }

    @Override
    public JsonObject describe() {
        return JsonCodec.toJsonObject(new Described("an embedded member in the benchmark JVM", HOST + ":" + port,
                clusterName, instance.getCluster().getClusterVersion().toString()));
    }

    /** The member as fork.json records it, in the order written. */
    private record Described(String where, String address, String clusterName, String hazelcastVersion) {
    }

    @Override
    public Class<?>[] jobClasses() {
        return new Class<?>[0];
    }

    @Override
    public void close() {
        instance.shutdown();
    }
}
