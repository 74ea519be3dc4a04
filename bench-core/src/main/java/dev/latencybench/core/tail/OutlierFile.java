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
 *   int magic 'LBTL', int version 2, long aboveNs, long notKept, int flags, int kept,
 *   kept x (long endNs, long latencyNs)
 * </pre>
 *
 * {@code flags} bit 0: {@link #otherProcesses}; version 1 is read as flags 0. Written through a temporary file, so a
 * reader never sees one cut short. Immutable once read.
 */
public final class OutlierFile {
    private static final int MAGIC = 0x4C42544C; // "LBTL"
    private static final int VERSION = 2;
    private static final int OTHER_PROCESSES = 1;

    public final long aboveNs;
    public final long notKept;
    /** The samples time other processes, whose stops are not in this JVM's log: only the platform can be told apart. */
    public final boolean otherProcesses;
    private final long[] endNs;
    private final long[] latencyNs;

    private OutlierFile(long aboveNs, long notKept, boolean otherProcesses, long[] endNs, long[] latencyNs) {
        this.aboveNs = aboveNs;
        this.notKept = notKept;
        this.otherProcesses = otherProcesses;
        this.endNs = endNs;
        this.latencyNs = latencyNs;
    }

    public static void write(Path file, OutlierBuffer outliers) throws IOException {
        write(file, outliers, false);
    }

    /** @param otherProcesses whether the samples time other processes ({@link #otherProcesses}) */
    public static void write(Path file, OutlierBuffer outliers, boolean otherProcesses) throws IOException {
        int kept = outliers.size();
        long notKept = outliers.notKept();
        ResultFiles.write(file, tmp -> {
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeLong(outliers.aboveNs());
                out.writeLong(notKept);
                out.writeInt(otherProcesses ? OTHER_PROCESSES : 0);
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
            int version = in.readInt() == MAGIC ? in.readInt() : -1;
            if (version != 1 && version != VERSION) {
                throw new IOException(file + " is not an outlier file of version 1 or " + VERSION);
            }
            long aboveNs = in.readLong();
            long notKept = in.readLong();
            boolean otherProcesses = version > 1 && (in.readInt() & OTHER_PROCESSES) != 0;
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
            return new OutlierFile(aboveNs, notKept, otherProcesses, end, latency);
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
