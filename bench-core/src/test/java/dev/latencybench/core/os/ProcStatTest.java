package dev.latencybench.core.os;

import static dev.latencybench.core.os.ProcessFootprintTest.STAT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcStatTest {
    @TempDir
    Path tmp;

    @Test
    void fieldsAreCountedFromTheLastParenthesis() {
        ProcStat s = ProcStat.parse(STAT);
        assertEquals(new ProcStat(23, 4, 0, 0), s);
        assertEquals(27, s.cpuTicks());
        assertEquals(0, s.reapedChildrenCpuTicks());
    }

    @Test
    void readsTheReapedChildrensTimes() {
        ProcStat s = ProcStat.parse("4242 (java (main) x) S 1 4242 4242 0 -1 4194560 5000 0 3 0 100 20 7 3 20 0 30 0"
                + " 12345678 4000000000 50000 18446744073709551615\n");
        assertEquals(120, s.cpuTicks());
        assertEquals(10, s.reapedChildrenCpuTicks());
    }

    @Test
    void whatIsNotAStatLineIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ProcStat.parse("4242 (java) S 1 2"));
        assertThrows(IllegalArgumentException.class, () -> ProcStat.parse("no parenthesis"));
        assertThrows(IllegalArgumentException.class, () -> ProcStat.parse(STAT.replace(" 23 4 ", " 23 x ")));
    }

    @Test
    void readsAFileAndSaysWhenItIsGone() throws IOException {
        Files.writeString(tmp.resolve("stat"), STAT);
        assertEquals(27, ProcStat.read(tmp.resolve("stat")).cpuTicks());
        assertThrows(NoSuchFileException.class, () -> ProcStat.read(tmp.resolve("gone")));
    }

    @Test
    void aTickIsTenMilliseconds() {
        assertEquals(100, ProcStat.TICKS_PER_SECOND);
        assertEquals(10_000_000L, ProcStat.NS_PER_TICK);
    }
}
