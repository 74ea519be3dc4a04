package dev.latencybench.core.os;

import static dev.latencybench.core.os.ProcessFootprintTest.ROLLUP;
import static dev.latencybench.core.os.ProcessFootprintTest.STATUS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProcStatusTest {
    @Test
    void readsRssAndPssInKib() {
        assertEquals(58_716, ProcStatus.kib(STATUS, "VmRSS:"));
        assertEquals(45_089, ProcStatus.kib(ROLLUP, "Pss:"));
    }

    @Test
    void aMissingLineOrFileIsMinusOne() {
        assertEquals(-1, ProcStatus.kib(STATUS, "VmSwap:"));
        assertEquals(-1, ProcStatus.kib(null, "VmRSS:"));
        assertEquals(-1, ProcStatus.kib("VmRSS:\t12 MB\n", "VmRSS:"));
        assertEquals(-1, ProcStatus.kib("VmRSS:\tmany kB\n", "VmRSS:"));
    }
}
