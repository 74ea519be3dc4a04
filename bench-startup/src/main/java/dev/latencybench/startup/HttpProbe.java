package dev.latencybench.startup;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 {@code GET} over a fresh connection, read to its end. A raw socket, so the probe loads no client
 * library and a closed port costs only one loopback connect. Stateless.
 */
final class HttpProbe {
    /** The status when nothing listens on the port yet. */
    static final int REFUSED = -1;
    /** The status when the connection was accepted but broken, or the answer was not HTTP. */
    static final int BROKEN = -2;

    private HttpProbe() {
    }

    /** Sends {@code GET path}, {@code Connection: close}; returns the status, {@link #REFUSED} or {@link #BROKEN}. */
    static int get(InetSocketAddress address, String path, int timeoutMs) {
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.setSoTimeout(timeoutMs);
            s.connect(address, timeoutMs);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + address.getHostString() + ":" + address.getPort()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return readAnswer(new BufferedInputStream(s.getInputStream(), 4096));
        } catch (ConnectException e) {
            return REFUSED;
        } catch (IOException e) {
            return BROKEN;
        }
    }

    /** Reads one answer to its {@code Content-Length} end, since a service may keep the connection open anyway. */
    static int readAnswer(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            head.append((char) b);
            if (head.length() >= 4 && head.charAt(head.length() - 1) == '\n' && head.charAt(head.length() - 2) == '\r'
                    && head.charAt(head.length() - 3) == '\n' && head.charAt(head.length() - 4) == '\r') {
                break;
            }
        }
        if (b < 0) {
            return BROKEN;
        }
        long length = -1;
        for (String line : head.toString().split("\r\n")) {
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                try {
                    length = Long.parseLong(line.substring(15).trim());
                } catch (NumberFormatException e) {
                    return BROKEN;
                }
            }
        }
        if (length < 0) {
            in.readAllBytes();
        } else {
            for (long left = length; left > 0; left--) {
                if (in.read() < 0) {
                    return BROKEN;
                }
            }
        }
        return status(head.toString());
    }

    /** The status code of an answer's first line ({@code HTTP/1.1 200 OK}); {@link #BROKEN} if it is not one. */
    static int status(String head) {
        if (!head.startsWith("HTTP/1.") || head.length() < 12 || head.charAt(8) != ' ') {
            return BROKEN;
        }
        try {
            return Integer.parseInt(head.substring(9, 12));
        } catch (NumberFormatException e) {
            return BROKEN;
        }
    }

    /** Words for a probe's status, for an error message. */
    static String describe(int status) {
        if (status == REFUSED) {
            return "connection refused (nothing listens yet)";
        }
        if (status == BROKEN) {
            return "the connection was accepted, then broken or answered with something other than HTTP";
        }
        return "HTTP " + status;
    }
}
