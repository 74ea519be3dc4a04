package dev.latencybench.core.tail;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.latencybench.core.result.ResultFiles;

/**
 * A fork's platform stalls on disk ({@code stalls.bin} beside its {@code outliers.bin}), big-endian:
 *
 * <pre>
 *   int magic 'LBST', int version 2, long boundNs, long notKept, int sources, sources x UTF name,
 *   int kept, kept x (long startNs, long endNs, int source, long stalledNs)
 * </pre>
 *
 * {@code stalledNs} is how long the stall lasted somewhere in its interval; version 1, without it, is read as
 * lasting the whole interval. Written through a temporary file. Immutable once read.
 */
public final class StallFile {
    private static final int MAGIC = 0x4C425354; // "LBST"
    private static final int VERSION = 2;
    private static final int BYTES_PER_STALL_V1 = 20;

    /** The probe's bound: a wake-up later than this, or a run-queue delay growing by more, was kept. */
    public final long boundNs;
    public final long notKept;
    /** The stalls as {@link Cause#PLATFORM} stops, named by their source, earliest start first. */
    private final List<Stop> stalls;
    /** Whether the probe watched a measuring thread's run queue (a source beside its own wake-up). */
    private final boolean watchedThreads;

    private StallFile(long boundNs, long notKept, List<Stop> stalls, boolean watchedThreads) {
        this.boundNs = boundNs;
        this.notKept = notKept;
        this.stalls = stalls;
        this.watchedThreads = watchedThreads;
    }

    public static void write(Path file, HiccupProbe probe) throws IOException {
        StallBuffer b = probe.stalls();
        int kept = b.size();
        long notKept = b.notKept();
        List<String> names = probe.sourceNames();
        ResultFiles.write(file, tmp -> {
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeLong(probe.boundNs());
                out.writeLong(notKept);
                out.writeInt(names.size());
                for (String n : names) {
                    out.writeUTF(n);
                }
                out.writeInt(kept);
                for (int i = 0; i < kept; i++) {
                    out.writeLong(b.startNs(i));
                    out.writeLong(b.endNs(i));
                    out.writeInt(b.source(i));
                    out.writeLong(b.stalledNs(i));
                }
            }
        });
    }

    /** Reads a file {@link #write} wrote; an {@link IOException} naming the file for anything else. */
    public static StallFile read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            int version = in.readInt() == MAGIC ? in.readInt() : -1;
            if (version != 1 && version != VERSION) {
                throw new IOException(file + " is not a stall file of version 1 or " + VERSION);
            }
            long boundNs = in.readLong();
            long notKept = in.readLong();
            int sources = in.readInt();
            if (sources < 0 || sources > Files.size(file)) {
                throw new IOException(file + " claims " + sources + " sources, more than it holds");
            }
            List<String> names = new ArrayList<>();
            for (int i = 0; i < sources; i++) {
                names.add(in.readUTF());
            }
            int kept = in.readInt();
            if (kept < 0 || (long) kept * BYTES_PER_STALL_V1 > Files.size(file)) {
                throw new IOException(file + " claims " + kept + " stalls, more than it holds");
            }
            List<Stop> stalls = new ArrayList<>(kept);
            for (int i = 0; i < kept; i++) {
                long start = in.readLong();
                long end = in.readLong();
                int source = in.readInt();
                long stalledNs = version == 1 ? end - start : in.readLong();
                if (source < 0 || source >= names.size() || end < start || stalledNs < 0) {
                    throw new IOException(file + ": stall " + i + " is damaged (source " + source + ", ["
                            + start + ", " + end + "] ns)");
                }
                stalls.add(new Stop(Cause.PLATFORM, names.get(source), start, end, stalledNs));
            }
            stalls.sort(Comparator.comparingLong((Stop s) -> s.startNs));
            return new StallFile(boundNs, notKept, List.copyOf(stalls), names.size() > 1);
        } catch (EOFException e) {
            throw new IOException(file + " is cut short", e);
        }
    }

    /** Earliest start first. */
    public List<Stop> stalls() {
        return stalls;
    }

    /** Whether the probe watched a measuring thread's run queue: then the threads' own waits are known. */
    public boolean watchedThreads() {
        return watchedThreads;
    }

    /** The stalls an outlier is put down to: watched threads' run-queue waits where any, else late wake-ups. */
    public List<Stop> attributable() {
        if (!watchedThreads) {
            return stalls;
        }
        List<Stop> waits = new ArrayList<>();
        for (Stop s : stalls) {
            if (!s.name.equals(HiccupProbe.LATE_WAKE_UP)) {
                waits.add(s);
            }
        }
        return waits;
    }
}
