package dev.latencybench.startup.service;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The {@code responder}: the least a process can do to answer HTTP. A raw server socket, one thread
 * per connection, and for every request (its head read up to the blank line) the same fixed 200 with
 * a two-byte body. No parsing, no work: the study's floor. Its time to first response is the cost of
 * a JVM opening a port, and a load generator that cannot drive it far faster than the real services
 * would be the limit of the measurement.
 */
final class Responder {
    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            + "Content-Length: 2\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII);

    private Responder() {
    }

    static void start(int port) throws IOException {
        ServerSocket server = new ServerSocket(port, 128, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> accept(server), "responder-accept");
        acceptor.start();
    }

    private static void accept(ServerSocket server) {
        while (true) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                Thread t = new Thread(() -> serve(s), "responder-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Answers each request head on the connection until the client closes it. */
    private static void serve(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            int matched = 0; // how much of "\r\n\r\n" the bytes read so far end with
            byte[] buffer = new byte[4096];
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
                    matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                    if (matched == 4) {
                        out.write(RESPONSE);
                        matched = 0;
                    }
                }
                out.flush();
            }
        } catch (IOException e) {
            // the client went away
        }
    }
}
