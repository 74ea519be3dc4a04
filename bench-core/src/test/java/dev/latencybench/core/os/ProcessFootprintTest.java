package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessFootprintTest {
    static final String STATUS = "Name:\tjava\nUmask:\t0022\nState:\tS (sleeping)\nVmPeak:\t 3351228 kB\n"
            + "VmRSS:\t   58716 kB\nRssAnon:\t   30000 kB\n";
    static final String ROLLUP = "55a0c0a00000-7ffc5d5f2000 ---p 00000000 00:00 0   [rollup]\n"
            + "Rss:               58716 kB\nPss:               45089 kB\nPss_Anon:          30000 kB\n";
    /** A name with a space and a ')' in it, utime 23 and stime 4 (fields 14 and 15). */
    static final String STAT = "4242 (my) (java x) S 1 4242 4242 0 -1 4194560 9137 0 3 0 23 4 0 0 20 0 19 0 "
            + "816532 3431620608 14679 18446744073709551615 1 1 0 0 0 0 0 4096 16384 0 0 0 17 1 0 0 0 0 0\n";

    @TempDir
    Path tmp;

    @Test
    void readsOneProcessFromAProcFolder() throws IOException {
        Path p = Files.createDirectories(tmp.resolve("4242"));
        Files.writeString(p.resolve("status"), STATUS);
        Files.writeString(p.resolve("smaps_rollup"), ROLLUP);
        Files.writeString(p.resolve("stat"), STAT);
        ProcessFootprint.Sample s = new ProcessFootprint(tmp).read(4242);
        assertEquals(new ProcessFootprint.Sample(58_716, 45_089, 270_000_000L), s, "27 ticks of 10 ms");
        assertEquals(58_716, new ProcessFootprint(tmp).rssKiB(4242));
        assertEquals(new ProcessFootprint.Sample(-1, -1, -1), new ProcessFootprint(tmp).read(1), "a process that is gone");
        assertEquals(-1, new ProcessFootprint(tmp).rssKiB(1));
    }

    @Test
    void aStatThatIsNotOneGivesNoCpuTime() throws IOException {
        Path p = Files.createDirectories(tmp.resolve("4242"));
        Files.writeString(p.resolve("status"), STATUS);
        Files.writeString(p.resolve("stat"), "4242 (java) S 1 2");
        assertEquals(new ProcessFootprint.Sample(58_716, -1, -1), new ProcessFootprint(tmp).read(4242));
    }

    @Test
    void thisJvmLooksPlausible() {
        ProcessFootprint proc = ProcessFootprint.system();
        if (!proc.available()) {
            return; // not Linux
        }
        ProcessFootprint.Sample s = proc.read(ProcessHandle.current().pid());
        assertTrue(s.rssKiB() > 10_000 && s.rssKiB() < 64_000_000, "RSS of a JVM running tests: " + s);
        assertTrue(s.pssKiB() > 0 && s.pssKiB() <= s.rssKiB(), "PSS at most RSS: " + s);
        assertTrue(s.cpuNs() > 0, "a JVM running tests has used CPU time: " + s);
    }
}
