package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CpuTotalsTest {
    @Test
    void busyIsUserNiceSystemIrqSoftirqAndStealIsApart() {
        CpuTotals t = CpuTotals.parse("cpu  1000 50 300 90000 20 10 5 7 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nctxt 999\n");
        assertEquals(1_000 + 50 + 300 + 10 + 5, t.busyTicks(), "not idle, not iowait");
        assertEquals(7, t.stealTicks());
    }

    @Test
    void fieldsAnOldKernelLacksCountZero() {
        CpuTotals t = CpuTotals.parse("cpu  1000 50 300 90000\n");
        assertEquals(1_000 + 50 + 300, t.busyTicks());
        assertEquals(0, t.stealTicks());
    }

    @Test
    void malformedTextIsRefused() {
        assertThrows(NumberFormatException.class, () -> CpuTotals.parse("cpu  12 x 3\n"));
        assertThrows(StringIndexOutOfBoundsException.class, () -> CpuTotals.parse("cpu  12 1 3"));
    }
}
