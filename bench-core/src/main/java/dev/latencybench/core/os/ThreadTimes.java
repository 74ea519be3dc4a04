package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The CPU time of a process and each of its named threads in clock ticks, from {@code /proc/<pid>/task}. A thread
 * that ends while read is left out; the process is read last, so its total is never below theirs. Stateless.
 */
public final class ThreadTimes {
    /** One thread: its name ({@code comm}) and its {@code utime + stime}. Immutable. */
    public static final class Task {
        public final String name;
        public final long cpuTicks;

        public Task(String name, long cpuTicks) {
            this.name = name;
            this.cpuTicks = cpuTicks;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Task && name.equals(((Task) o).name) && cpuTicks == ((Task) o).cpuTicks;
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + Long.hashCode(cpuTicks);
        }

        @Override
        public String toString() {
            return name + ": " + cpuTicks + " ticks";
        }
    }

    /** The process's {@code utime + stime} and its threads'. Immutable. */
    public static final class Reading {
        public final long processCpuTicks;
        /** Unmodifiable, in listing order. */
        public final List<Task> threads;

        Reading(long processCpuTicks, List<Task> threads) {
            this.processCpuTicks = processCpuTicks;
            this.threads = threads;
        }

        @Override
        public String toString() {
            return "process " + processCpuTicks + " ticks, threads " + threads;
        }
    }

    private final Path tasks;

    /** @param tasks the {@code task} folder of a process, e.g. {@code /proc/self/task} */
    public ThreadTimes(Path tasks) {
        this.tasks = tasks;
    }

    public static ThreadTimes self() {
        return new ThreadTimes(Path.of("/proc/self/task"));
    }

    /**
     * A reading now; null where there is no such {@code task} folder (not Linux).
     *
     * @throws IOException where the folder cannot be listed or the process's {@code stat} cannot be read
     */
    public Reading read() throws IOException {
        if (!Files.isDirectory(tasks)) {
            return null;
        }
        List<Task> threads = new ArrayList<>();
        try (DirectoryStream<Path> ids = Files.newDirectoryStream(tasks)) {
            for (Path task : ids) {
                long ticks;
                String name;
                try {
                    ticks = ProcStat.read(task.resolve("stat")).cpuTicks();
                    name = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII).trim();
                } catch (IOException e) {
                    continue; // the thread ended while being read
                }
                threads.add(new Task(name, ticks));
            }
        }
        long total = ProcStat.read(tasks.getParent().resolve("stat")).cpuTicks();
        return new Reading(total, Collections.unmodifiableList(threads));
    }
}
