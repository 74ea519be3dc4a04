package dev.latencybench.startup.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One keep-alive HTTP/1.1 connection sending the same {@code GET} again and again; no chunked bodies or redirects.
 * Not thread-safe; allocates nothing per request once connected.
 */
final class HttpConnection implements AutoCloseable {
    private static final int TIMEOUT_MS = 10_000;
    private final InetSocketAddress address;
    private final byte[] request;
    private final byte[] buffer = new byte[16_384];
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private int start;
    private int end;

    HttpConnection(InetSocketAddress address, String path) {
        this.address = address;
        this.request = ("GET " + path + " HTTP/1.1\r\nHost: " + address.getHostString() + ":" + address.getPort()
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Sends the request and reads the answer; returns the status code.
     * @throws IOException when the connection fails or the answer is unreadable; the next call reconnects
     */
    int get() throws IOException {
        try {
            if (socket == null) {
                connect();
            }
            out.write(request);
            out.flush();
            return readAnswer();
        } catch (IOException | RuntimeException e) {
            close();
            throw e instanceof IOException ? (IOException) e : new IOException(e.toString(), e);
        }
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(TIMEOUT_MS);
        s.connect(address, TIMEOUT_MS);
        socket = s;
        in = s.getInputStream();
        out = s.getOutputStream();
        start = 0;
        end = 0;
    }

    /** Reads one answer: the status line, headers to the blank line, then the body by Content-Length. */
    private int readAnswer() throws IOException {
        int status = -1;
        long contentLength = -1;
        boolean first = true;
        while (true) {
            int lineEnd = findLineEnd();
            int lineStart = start;
            start = lineEnd + 2;
            int length = lineEnd - lineStart;
            if (first) {
                status = parseStatus(lineStart, length);
                first = false;
            } else if (length == 0) {
                break;
            } else if (headerIs(lineStart, length, "content-length:")) {
                contentLength = parseNumber(lineStart + 15, lineEnd);
            }
        }
        if (contentLength < 0) {
            throw new IOException("an answer without Content-Length (status " + status + ")");
        }
        long left = contentLength;
        while (left > 0) {
            if (start == end) {
                fill();
            }
            int take = (int) Math.min(left, end - start);
            start += take;
            left -= take;
        }
        return status;
    }

    /** Index of the next "\r\n" at or after {@code start}, reading more as needed. */
    private int findLineEnd() throws IOException {
        int i = start;
        while (true) {
            for (; i + 1 < end; i++) {
                if (buffer[i] == '\r' && buffer[i + 1] == '\n') {
                    return i;
                }
            }
            int offset = start;
            fill();
            i -= offset - start; // fill() may have moved the unread bytes to the front
        }
    }

    /** Reads more bytes after the unread ones, moving these to the buffer's front first. */
    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            throw new IOException("an answer's head is longer than " + buffer.length + " bytes");
        }
        int n = in.read(buffer, end, buffer.length - end);
        if (n < 0) {
            throw new IOException("the service closed the connection");
        }
        end += n;
    }

    private int parseStatus(int from, int length) throws IOException {
        if (length < 12 || buffer[from] != 'H' || buffer[from + 8] != ' ') {
            throw new IOException("not an HTTP status line");
        }
        return (int) parseNumber(from + 9, from + 12);
    }

    private boolean headerIs(int from, int length, String lowerName) {
        if (length < lowerName.length()) {
            return false;
        }
        for (int k = 0; k < lowerName.length(); k++) {
            if (Character.toLowerCase((char) buffer[from + k]) != lowerName.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private long parseNumber(int from, int to) throws IOException {
        long v = 0;
        boolean any = false;
        for (int k = from; k < to; k++) {
            byte b = buffer[k];
            if (b == ' ' && !any) {
                continue;
            }
            if (b < '0' || b > '9') {
                break;
            }
            v = v * 10 + (b - '0');
            any = true;
        }
        if (!any) {
            throw new IOException("not a number in an answer's head");
        }
        return v;
    }

    @Override
    public void close() {
        Socket s = socket;
        socket = null;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
            }
        }
    }
}
