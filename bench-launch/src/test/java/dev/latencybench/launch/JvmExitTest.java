package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmExitTest {
    @TempDir
    Path dir;

    @Test
    void theCrashDumpGoesIntoTheFolderGiven() {
        assertEquals("-XX:ErrorFile=" + dir.toAbsolutePath() + "/hs_err_pid%p.log", JvmExit.errorFileFlag(dir));
    }

    @Test
    void exitCodesAreNamed() {
        assertEquals("was killed (SIGKILL, exit code 137: by hand, or by the kernel's out-of-memory killer, which dmesg"
                + " shows)", JvmExit.describe(137, List.of()));
        assertEquals("crashed (SIGABRT, exit code 134; it wrote no hs_err file)", JvmExit.describe(134, List.of()));
        assertEquals("crashed (SIGABRT, exit code 134; see /cell/hs_err_pid7.log)",
                JvmExit.describe(134, List.of(Path.of("/cell/hs_err_pid7.log"))));
        assertEquals("crashed (SIGSEGV, exit code 139)", JvmExit.describe(139, List.of()));
        assertEquals("was stopped (SIGTERM, exit code 143)", JvmExit.describe(143, List.of()));
        assertEquals("ended itself: its measured code did not come back in time (exit code 86; the reason names the"
                + " call, and the fork's log has the stuck thread's stack)", JvmExit.describe(86, List.of()));
        assertEquals("ran out of memory (exit code 3, as -XX:+ExitOnOutOfMemoryError ends it; -Xmx in bench.jvm.args"
                + " gives it more)", JvmExit.describe(3, List.of()));
        assertEquals("ended by signal 7 (exit code 135)", JvmExit.describe(135, List.of()));
        assertEquals("ended with exit code 1", JvmExit.describe(1, List.of()));
    }

    @Test
    void jmhsWordsForAForkThatDiedAreReplacedByTheNameAndTheDump() throws IOException {
        Path dump = Files.writeString(dir.resolve("hs_err_pid4242.log"), "# A fatal error has been detected");
        assertEquals("a benchmark JVM crashed (SIGABRT, exit code 134; see " + dump + ")",
                JvmExit.explain("Forked VM failed with exit code 134", dir));
        assertEquals("a benchmark JVM was killed (SIGKILL, exit code 137: by hand, or by the kernel's out-of-memory"
                + " killer, which dmesg shows; see " + dump + ")", JvmExit.explain("Forked VM failed with exit code 137",
                dir));
    }

    /**
     * The queue's folder filled at the moment its first file was made: the JVM dies of a SIGBUS in its own code
     * (Chronicle's writeFirstHeader through Unsafe_CompareAndSetInt), which it cannot turn into an error. The dump's
     * lines are those of a real one (OpenJDK 17.0.15, a 1 MiB tmpfs filled, then a CAS into a file mapped there).
     */
    @Test
    void aSigbusInAFullFileSystemsMappedFileIsSaidAsAFullFileSystem() throws IOException {
        Path queues = java.nio.file.Files.createDirectories(dir.resolve("shm/lb-queue-4242-1"));
        Path file = queues.resolve("20261128.cq4");
        Path dump = Files.write(dir.resolve("hs_err_pid30404.log"), List.of(
                "#",
                "# A fatal error has been detected by the Java Runtime Environment:",
                "#",
                "#  SIGBUS (0x7) at pc=0x00007f6bac6d2370, pid=30404, tid=30408",
                "#",
                "# Problematic frame:",
                "# V  [libjvm.so+0xed2370]  Unsafe_CompareAndSetInt+0x140",
                "#",
                "V  [libjvm.so+0xed2370]  Unsafe_CompareAndSetInt+0x140",
                "j  jdk.internal.misc.Unsafe.compareAndSetInt(Ljava/lang/Object;JII)Z+0 java.base@17.0.15",
                "siginfo: si_signo: 7 (SIGBUS), si_code: 2 (BUS_ADRERR), si_addr: 0x00007f6b7f2d4000",
                "7f6b7ebf3000-7f6b7efd4000 rw-p 00000000 00:00 0 ",
                "7f6b7efd4000-7f6b7f3d4000 rw-s 00000000 00:27 4                          " + file,
                "7f6b7f3d4000-7f6b7f3d5000 ---p 00000000 00:00 0 "));
        String said = JvmExit.explain("Forked VM failed with exit code 134", dir);
        assertTrue(said.startsWith("a benchmark JVM crashed (SIGABRT, exit code 134; see " + dump + "): the file system"
                + " of the memory-mapped file " + file + " ("), said);
        assertTrue(said.endsWith(") is full: a write to it found no room (SIGBUS in Unsafe_CompareAndSetInt); free"
                + " space there or point the study at a larger folder"), said);
        assertTrue(said.contains(" at " + queues + ", "), "its file system and free space: " + said);

        // a SIGBUS outside any shared file mapping, or another signal: the crash as it was
        Files.write(dump, List.of("siginfo: si_signo: 7 (SIGBUS), si_code: 2 (BUS_ADRERR), si_addr: 0x00007f6b7f3d4000",
                "7f6b7efd4000-7f6b7f3d4000 rw-s 00000000 00:27 4                          " + file));
        assertEquals("a benchmark JVM crashed (SIGABRT, exit code 134; see " + dump + ")",
                JvmExit.explain("Forked VM failed with exit code 134", dir), "the address just past the mapping");
        Files.write(dump, List.of("siginfo: si_signo: 11 (SIGSEGV), si_code: 1 (SEGV_MAPERR), si_addr: 0x00007f6b7f2d4000",
                "7f6b7efd4000-7f6b7f3d4000 rw-s 00000000 00:27 4                          " + file));
        assertEquals("a benchmark JVM crashed (SIGABRT, exit code 134; see " + dump + ")",
                JvmExit.explain("Forked VM failed with exit code 134", dir));
    }

    @Test
    void aForksOwnExitCodeIsNotReadAsAJvmCauseWithoutItsEvidence() throws IOException {
        // Runtime.halt(86), halt(134), System.exit(3) of the measured code: no fork said it was stuck, no dump,
        // no OutOfMemoryError in the log
        assertEquals("a benchmark JVM ended with exit code 86, the code's own (System.exit or Runtime.halt)",
                JvmExit.explain("Forked VM failed with exit code 86", dir));
        assertEquals("a benchmark JVM ended with exit code 3, the code's own (System.exit or Runtime.halt)",
                JvmExit.explain("Forked VM failed with exit code 3", dir));
        assertEquals("a benchmark JVM ended with exit code 134: the code's own (System.exit or Runtime.halt), or"
                + " signal 6 from outside; no crash dump, so the JVM did not crash",
                JvmExit.explain("Forked VM failed with exit code 134", dir));

        // with the evidence, the cause
        Path fork = Files.createDirectories(dir.resolve("forks/4242"));
        Files.writeString(fork.resolve("fork.json"), "{\"status\":\"FAILED\",\"reasons\":[\"the measured period did"
                + " not end within 11s: in run() of C\"]}");
        assertTrue(JvmExit.explain("Forked VM failed with exit code 86", dir).startsWith("a benchmark JVM ended itself:"
                + " its measured code did not come back in time (exit code 86"));
        Files.writeString(dir.resolve("jmh.log"), "Terminating due to java.lang.OutOfMemoryError: Java heap space\n");
        assertTrue(JvmExit.explain("Forked VM failed with exit code 3", dir).startsWith("a benchmark JVM ran out of"
                + " memory (exit code 3"));
    }

    @Test
    void otherFailuresKeepTheirWordsAndPointToADumpIfThereIsOne() throws IOException {
        assertEquals("Benchmark threw: boom", JvmExit.explain("Benchmark threw: boom", dir));
        Path dump = Files.writeString(dir.resolve("hs_err_pid1.log"), "#");
        assertEquals("Benchmark threw: boom (see " + dump + ")", JvmExit.explain("Benchmark threw: boom", dir));
        assertEquals(List.of(), JvmExit.crashDumps(dir.resolve("missing")));
    }
}
