package dev.latencybench.core.env;

import static dev.latencybench.core.env.HostCheck.Finding.UNKNOWN;
import static dev.latencybench.core.env.HostCheck.Finding.bytes;
import static dev.latencybench.core.env.HostCheck.Finding.info;
import static dev.latencybench.core.env.HostCheck.Finding.pass;
import static dev.latencybench.core.env.HostCheck.Finding.warn;
import static dev.latencybench.core.env.HostFiles.number;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.env.HostCheck.Finding;

/**
 * The {@link HostCheck} checks of memory: transparent huge pages, swap and the room in
 * {@code /dev/shm}, where the queue study writes its files.
 *
 * <p>Immutable and thread-safe; each call reads its files again (three or four of them). Not for
 * hot paths.
 */
final class MemoryChecks {
    private static final String THP = "sys/kernel/mm/transparent_hugepage/enabled";

    private final HostFiles files;
    private final long shmMinFreeBytes;

    /** {@code shmMinFreeBytes}: less free room than this in {@code /dev/shm} warns. */
    MemoryChecks(HostFiles files, long shmMinFreeBytes) {
        this.files = files;
        this.shmMinFreeBytes = shmMinFreeBytes;
    }

    Finding transparentHugePages() {
        String id = "thp";
        String line = files.firstLine(THP);
        if (line == null) {
            return info(id, UNKNOWN, "cannot read /" + THP + " (a kernel without THP has nothing to set)");
        }
        String mode = Environment.selected(line);
        if (mode.equals("never") || mode.equals("madvise")) {
            return pass(id, mode);
        }
        if (mode.equals("always")) {
            return warn(id, mode, "khugepaged compaction stalls threads: echo madvise > /" + THP);
        }
        return info(id, mode, "expected always, madvise or never in /" + THP);
    }

    Finding swap() {
        String id = "swap";
        String swaps = files.read("proc/swaps");
        if (swaps == null) {
            return info(id, UNKNOWN, "cannot read /proc/swaps");
        }
        List<String> devices = new ArrayList<>();
        for (String line : swaps.split("\n")) {
            // Filename Type Size Used Priority, sizes in KiB
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || f[0].equals("Filename")) {
                continue;
            }
            Long kib = number(f[2]);
            devices.add(kib == null ? f[0] : f[0] + " " + bytes(kib * 1024));
        }
        if (devices.isEmpty()) {
            return pass(id, "none");
        }
        String swappiness = files.firstLine("proc/sys/vm/swappiness");
        String observed = String.join(", ", devices) + ", swappiness "
                + (swappiness == null ? UNKNOWN : swappiness);
        if ("0".equals(swappiness) || "1".equals(swappiness)) {
            return pass(id, observed + " (pages go out only under memory pressure)");
        }
        return warn(id, observed, "a page fault on swapped-out heap costs milliseconds:"
                + " swapoff -a, or sysctl -w vm.swappiness=1");
    }

    Finding shm() {
        String id = "shm";
        Path shm = files.resolve("dev/shm");
        if (!Files.isDirectory(shm)) {
            return info(id, "absent", "the queue study writes its files to /dev/shm:"
                    + " mount a tmpfs there, or point bench.queue.dir at one");
        }
        try {
            FileStore store = Files.getFileStore(shm);
            long free = store.getUsableSpace();
            String observed = bytes(free) + " free of " + bytes(store.getTotalSpace());
            if (free >= shmMinFreeBytes) {
                return pass(id, observed);
            }
            return warn(id, observed, "the queue study writes ~1 GB of files there per fork:"
                    + " mount -o remount,size=4G /dev/shm");
        } catch (IOException | SecurityException e) {
            return info(id, UNKNOWN, "cannot read the size of /dev/shm: " + e.getMessage());
        }
    }
}
