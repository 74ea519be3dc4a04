package dev.latencybench.jet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Pattern;

/**
 * The CPU time this JVM used, all of it ({@code /proc/self/stat}) and its collector's threads' share
 * (Linux's {@code /proc/self/task/<tid>/stat}) (user + system, in clock ticks of 10 ms): the GC CPU time the
 * study's collectors are compared by, which pause times alone do not show (ZGC and Shenandoah do
 * most of their work beside the application). The collector's threads are found by the names
 * HotSpot gives them: {@code GC Thread#n} (G1, Parallel, Shenandoah's workers), {@code G1 ...},
 * {@code Z...} (ZGC's), {@code Shenandoah ...}. Serial's work runs in the VM thread and is not
 * counted. Where there is no {@code /proc}, both read -1. Stateless.
 */
final class ProcessCpu {
    static final long NS_PER_TICK = 10_000_000L;
    private static final Pattern GC_THREAD = Pattern.compile("GC Thread.*|G1 .*|Z[A-Z].*|Shenandoah.*");

    private final Path tasks;

    ProcessCpu(Path tasks) {
        this.tasks = tasks;
    }

    static ProcessCpu self() {
        return new ProcessCpu(Paths.get("/proc/self/task"));
    }

    /** {total ns, collector's threads ns}; {-1, -1} without /proc. */
    long[] read() {
        long total = 0;
        long gc = 0;
        if (!Files.isDirectory(tasks)) {
            return new long[] {-1, -1};
        }
        try (DirectoryStream<Path> ids = Files.newDirectoryStream(tasks)) {
            for (Path task : ids) {
                long ticks;
                String name;
                try {
                    ticks = ticks(Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII));
                    name = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII).trim();
                } catch (IOException e) {
                    continue; // the thread ended while we read
                }
                if (GC_THREAD.matcher(name).matches()) {
                    gc += ticks;
                }
            }
            total = ticks(Files.readString(tasks.getParent().resolve("stat"), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return new long[] {-1, -1};
        }
        return new long[] {total * NS_PER_TICK, gc * NS_PER_TICK};
    }

    /** utime + stime: fields 14 and 15, counted after the command's closing parenthesis. */
    static long ticks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
