package dev.latencybench.kafka;

import static dev.latencybench.kafka.KafkaBroker.HOST;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** The listener and controller ports of a {@link KafkaBroker}: the ones asked for, checked free, or free ones. */
final class BrokerPorts {
    private BrokerPorts() {
    }

    /** Two distinct ports: the ones asked for when they are free, otherwise free ones. */
    static int[] choose(int port, int controllerPort) {
        requireFree(port, BrokerSettings.PORT);
        requireFree(controllerPort, BrokerSettings.CONTROLLER_PORT);
        try (ServerSocket a = port == 0 ? bind(0) : null; ServerSocket b = controllerPort == 0 ? bind(0) : null) {
            return new int[] {a != null ? a.getLocalPort() : port, b != null ? b.getLocalPort() : controllerPort};
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on " + HOST + " for the Kafka broker", e);
        }
    }

    private static void requireFree(int port, String property) {
        if (port == 0) {
            return;
        }
        try {
            bind(port).close(); // free: the broker binds it a moment later
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the Kafka broker: port " + port + " on " + HOST
                    + " is taken (" + property + "=" + port + ", " + e.getMessage() + "); stop what uses it, choose"
                    + " another port, or give 0 for a free one");
        }
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(false);
        try {
            s.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }
}
