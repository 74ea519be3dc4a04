package dev.latencybench.runner.matrix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Room kept on the results disk while a matrix runs, so run.json can still record the outcomes if the disk fills.
 * Not thread-safe, but removing twice is harmless.
 */
final class SpaceReserve {
    /** Enough for run.json of a matrix of about 200 cells (some 300 bytes a cell). */
    static final int BYTES = 64 * 1024;
    static final String FILE = ".space-reserve";

    private final Path file;

    SpaceReserve(Path runDir) {
        this.file = runDir.resolve(FILE);
    }

    /** Takes the room; a disk already too full to give it runs without (it fails at its first result instead). */
    void take() {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer zeros = ByteBuffer.allocate(BYTES);
            while (zeros.hasRemaining()) {
                c.write(zeros);
            }
            c.force(false);
        } catch (IOException e) {
            release();
        }
    }

    /** Gives the room back; idempotent. */
    void release() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            System.err.println("latency-bench: cannot remove " + file + ": " + e.getMessage());
        }
    }
}
