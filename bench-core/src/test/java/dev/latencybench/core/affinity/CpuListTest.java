package dev.latencybench.core.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.BitSet;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CpuListTest {

    private static BitSet cpus(int... cpus) {
        BitSet b = new BitSet();
        IntStream.of(cpus).forEach(b::set);
        return b;
    }

    @Test
    void parsesRangesAndSingleCpus() {
        assertEquals(cpus(0, 1, 2, 3, 6, 8, 9), CpuList.parse("0-3,6,8-9"));
        assertEquals(cpus(5), CpuList.parse("5"));
        assertEquals(cpus(1, 3, 4), CpuList.parse(" 1 , 3 - 4 \n"));
        assertEquals(cpus(7), CpuList.parse("7-7"));
    }

    @Test
    void blankIsNoCpu() {
        assertEquals(new BitSet(), CpuList.parse(""));
        assertEquals(new BitSet(), CpuList.parse(" \n"));
    }

    @Test
    void formatsWithRangesCollapsed() {
        assertEquals("0-3,6,8-9", CpuList.format(cpus(0, 1, 2, 3, 6, 8, 9)));
        assertEquals("0-1", CpuList.format(cpus(0, 1)));
        assertEquals("5", CpuList.format(cpus(5)));
        assertEquals("1,3,5", CpuList.format(cpus(1, 3, 5)));
        assertEquals("none", CpuList.format(new BitSet()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0-63", "1,3,5-7,100-127", "0-1,3-4,6-7", "2-3,255"})
    void formatThenParseRoundTrips(String text) {
        BitSet parsed = CpuList.parse(text);
        assertEquals(text, CpuList.format(parsed));
        assertEquals(parsed, CpuList.parse(CpuList.format(parsed)));
    }

    @Test
    void parseNormalisesWhatItAccepts() {
        assertEquals("0-3", CpuList.format(CpuList.parse("3,2,1,0")));
        assertEquals("0-5", CpuList.format(CpuList.parse("0-2,3-5")));
        assertEquals("1-4", CpuList.format(CpuList.parse("1-3,2-4")));
    }

    @Test
    void rejectsADescendingRange() {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> CpuList.parse("0,3-1"));
        assertEquals("descending CPU range: 3-1", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1,,2", "1-", "-1", "1-b", "none", "0x3"})
    void rejectsMalformedText(String text) {
        assertThrows(NumberFormatException.class, () -> CpuList.parse(text));
    }
}
