package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.FakeSysTree;

class ThreadTimesTest {
    @TempDir
    Path root;

    private static String stat(String name, long utime, long stime) {
        return "4242 (" + name + ") S 1 4242 4242 0 -1 4194560 5000 0 3 0 " + utime + " " + stime
                + " 0 0 20 0 30 0 12345678 4000000000 50000 18446744073709551615\n";
    }

    @Test
    void readsTheProcessAndEachThreadByName() throws IOException {
        new FakeSysTree(root)
                .file("proc/self/stat", stat("java", 500, 100))
                .file("proc/self/task/4242/stat", stat("java", 10, 2)).file("proc/self/task/4242/comm", "java\n")
                .file("proc/self/task/4250/stat", stat("GC Thread#0", 70, 5))
                .file("proc/self/task/4250/comm", "GC Thread#0\n")
                .file("proc/self/task/4251/stat", stat("gone", 1, 1)); // ended before its comm was read
        ThreadTimes.Reading r = new ThreadTimes(root.resolve("proc/self/task")).read();
        assertEquals(600, r.processCpuTicks);
        List<ThreadTimes.Task> threads = r.threads.stream().sorted(Comparator.comparing(t -> t.name))
                .collect(Collectors.toList());
        assertEquals(List.of(new ThreadTimes.Task("GC Thread#0", 75), new ThreadTimes.Task("java", 12)), threads);
    }

    @Test
    void noTaskFolderIsNoReading() throws IOException {
        assertNull(new ThreadTimes(root.resolve("proc/self/task")).read());
    }

    @Test
    void thisJvmHasThreads() throws IOException {
        ThreadTimes.Reading r = ThreadTimes.self().read();
        if (r == null) {
            return; // not Linux
        }
        assertTrue(r.threads.size() > 1, "a JVM has more than one thread: " + r);
        assertTrue(r.processCpuTicks >= 0);
    }
}
