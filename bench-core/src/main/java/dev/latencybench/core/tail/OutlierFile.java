package dev.latencybench.core.tail;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.latencybench.core.result.ResultFiles;

/**
 * A fork's outliers on disk ({@code outliers.bin} beside its {@code latency.hlog}), big-endian:
 *
 * <pre>
 *   int magic 'LBTL', int version 1, long aboveNs, long notKept, int kept,
 *   kept x (long endNs, long latencyNs)
 * </pre>
 *
 * At most 16 bytes per outlier kept, so bounded by the buffer's capacity (1M outliers: 16 MB). Written
 * through a temporary file, so a reader never sees one cut short by the writer. Immutable once read.
 */
public final class OutlierFile {
    private static final int MAGIC = 0x4C42544C; // "LBTL"
    private static final int VERSION = 1;

    public final long aboveNs;
    public final long notKept;
    private final long[] endNs;
    private final long[] latencyNs;

    private OutlierFile(long aboveNs, long notKept, long[] endNs, long[] latencyNs) {
        this.aboveNs = aboveNs;
        this.notKept = notKept;
        this.endNs = endNs;
        this.latencyNs = latencyNs;
    }

    public static void write(Path file, OutlierBuffer outliers) throws IOException {
        int kept = outliers.size();
        long notKept = outliers.notKept();
        ResultFiles.write(file, tmp -> {
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeLong(outliers.aboveNs());
                out.writeLong(notKept);
                out.writeInt(kept);
                for (int i = 0; i < kept; i++) {
                    out.writeLong(outliers.endNs(i));
                    out.writeLong(outliers.latencyNs(i));
                }
            }
        });
    }

    /** Reads a file {@link #write} wrote; an {@link IOException} naming the file for anything else. */
    public static OutlierFile read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC || in.readInt() != VERSION) {
                throw new IOException(file + " is not an outlier file of version " + VERSION);
            }
            long aboveNs = in.readLong();
            long notKept = in.readLong();
            int kept = in.readInt();
            if (kept < 0 || (long) kept * 16 > Files.size(file)) {
                throw new IOException(file + " claims " + kept + " outliers, more than it holds");
            }
            long[] end = new long[kept];
            long[] latency = new long[kept];
            for (int i = 0; i < kept; i++) {
                end[i] = in.readLong();
                latency[i] = in.readLong();
            }
            return new OutlierFile(aboveNs, notKept, end, latency);
        } catch (EOFException e) {
            throw new IOException(file + " is cut short", e);
        }
    }

    public int size() {
        return endNs.length;
    }

    public long endNs(int i) {
        return endNs[i];
    }

    public long latencyNs(int i) {
        return latencyNs[i];
    }
}
