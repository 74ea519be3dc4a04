package dev.latencybench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    @Test
    void otherFailuresKeepTheirWordsAndPointToADumpIfThereIsOne() throws IOException {
        assertEquals("Benchmark threw: boom", JvmExit.explain("Benchmark threw: boom", dir));
        Path dump = Files.writeString(dir.resolve("hs_err_pid1.log"), "#");
        assertEquals("Benchmark threw: boom (see " + dump + ")", JvmExit.explain("Benchmark threw: boom", dir));
        assertEquals(List.of(), JvmExit.crashDumps(dir.resolve("missing")));
    }
}
