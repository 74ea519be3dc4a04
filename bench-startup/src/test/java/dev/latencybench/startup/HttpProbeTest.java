package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class HttpProbeTest {
    private static int read(String answer) throws IOException {
        return HttpProbe.readAnswer(new ByteArrayInputStream(answer.getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void readsTheStatusOfAnAnswerByItsContentLength() throws IOException {
        assertEquals(200, read("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"));
        assertEquals(404, read("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n"));
        assertEquals(200, read("HTTP/1.0 200 OK\r\n\r\nto the end"), "no length: read to the end");
    }

    @Test
    void aCutOrForeignAnswerIsBroken() throws IOException {
        assertEquals(HttpProbe.BROKEN, read("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}"));
        assertEquals(HttpProbe.BROKEN, read("SSH-2.0-OpenSSH\r\n\r\n"));
        assertEquals(HttpProbe.BROKEN, read("HTTP/1.1 200 OK\r\n"));
        assertEquals(HttpProbe.BROKEN, read("HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n"));
    }

    @Test
    void aClosedPortIsRefused() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertEquals(HttpProbe.REFUSED, HttpProbe.get(new InetSocketAddress("127.0.0.1", port), "/hello", 500));
    }
}
