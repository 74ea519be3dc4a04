package dev.latencybench.startup.service;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The {@code minimal} service: the JDK's own {@code com.sun.net.httpserver} with a fixed pool of
 * handler threads, {@code GET /hello} answering {@link Greeting}'s JSON, 404 for anything else, and
 * TCP_NODELAY on (as every production HTTP server sets it). No framework, no reflection: the least a
 * JVM service can load.
 */
final class MinimalService {
    /** Handler threads: enough for the study's 50 concurrent connections on a machine of a few cores. */
    private static final int THREADS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

    private MinimalService() {
    }

    static void start(int port) throws IOException {
        // Without TCP_NODELAY the server's two writes per answer (head, then body) wait for the client's
        // delayed ACK: 40 ms per request on Linux loopback, which would be all the study measured.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        server.createContext("/", MinimalService::handle);
        server.setExecutor(Executors.newFixedThreadPool(THREADS));
        server.start();
    }

    private static void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            if (!"/hello".equals(exchange.getRequestURI().getPath())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = Greeting.json(exchange.getRequestURI().getRawQuery());
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
