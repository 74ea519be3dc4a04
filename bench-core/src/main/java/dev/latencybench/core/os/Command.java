package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short helper command (a JVM probe, git) to completion and keeps its exit code and combined output; the
 * command and whatever it started are ended when the caller gives up ({@link ProcessTree}). Immutable result.
 */
public final class Command {
    /** How long a killed command is waited for, so it is reaped before the call returns. */
    private static final long REAP_WAIT_SEC = 5;

    /** The most output kept, half from each end, so a command that prints gigabytes cannot fill the heap. */
    public static final int KEPT_BYTES = 2 << 20;

    public final int exitCode;
    public final String output;

    private Command(int exitCode, String output) {
        this.exitCode = exitCode;
        this.output = output;
    }

    /** @return the finished command; exit code -1 when it had not ended after {@code timeoutSec} */
    public static Command run(List<String> command, long timeoutSec) throws IOException, InterruptedException {
            // to a file, so a silent command that does not end is still given up on in time
        Path out = Files.createTempFile("lb-command-", ".out");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
            ProcessTree tree = ProcessTree.mark(builder);
            Process p = builder.start();
            try {
                p.getOutputStream().close();
                boolean ended = p.waitFor(timeoutSec, TimeUnit.SECONDS);
                String text = readBounded(out, KEPT_BYTES).trim();
                return new Command(ended ? p.exitValue() : -1, text);
            } finally {
                // no process the call started outlives it
                tree.end(p.toHandle());
                if (p.isAlive()) {
                    p.destroyForcibly().waitFor(REAP_WAIT_SEC, TimeUnit.SECONDS);
                }
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * A file's text, whole up to {@code keptBytes}; else its first and last {@code keptBytes / 2}, cut at line ends,
     * around a line saying how much was left out.
     */
    static String readBounded(Path file, int keptBytes) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            long size = ch.size();
            if (size <= keptBytes) {
                return new String(read(ch, 0, (int) size), StandardCharsets.UTF_8);
            }
            int half = keptBytes / 2;
            byte[] head = read(ch, 0, half);
            byte[] tail = read(ch, size - half, half);
            int headEnd = lastNewline(head) + 1; // 0 when none: nothing kept of a line cut short
            int tailStart = firstNewline(tail) + 1;
            long leftOut = size - headEnd - (half - tailStart);
            return new String(head, 0, headEnd, StandardCharsets.UTF_8)
                    + String.format(java.util.Locale.ROOT, "[... %,d bytes of output left out ...]%n", leftOut)
                    + new String(tail, tailStart, half - tailStart, StandardCharsets.UTF_8);
        }
    }

    private static byte[] read(java.nio.channels.FileChannel ch, long from, int length) throws IOException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(length);
        while (b.hasRemaining() && ch.read(b, from + b.position()) > 0) {
            // until full, or the file's end
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    private static int lastNewline(byte[] b) {
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static int firstNewline(byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
