package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StallFileTest {
    private static final long MS = 1_000_000;

    @TempDir
    Path tmp;

    @Test
    void stallsComeBackAsPlatformStopsNamedByTheirSourceEarliestFirst() throws IOException {
        HiccupProbeTest.FakeClock clock = new HiccupProbeTest.FakeClock();
        HiccupProbe p = new HiccupProbe(clock, MS, 1);
        p.watch(7, "run queue of lb-producer", new HiccupProbeTest.ScriptedDelay(0, 4 * MS));
        p.look(); // adopts the thread
        p.look(); // its run queue grew 4 ms
        clock.oversleepNs.add(3 * MS);
        p.look(); // woke 3 ms late: the buffer of 1 is full
        Path file = tmp.resolve("stalls.bin");
        StallFile.write(file, p);
        StallFile back = StallFile.read(file);
        assertEquals(MS, back.boundNs);
        assertEquals(1, back.notKept);
        Stop s = back.stalls().get(0);
        assertEquals(List.of(new Stop(Cause.PLATFORM, "run queue of lb-producer", s.startNs, clock.nowNs - 3 * MS - MS,
                4 * MS)), back.stalls());
        assertEquals(5 * MS, s.lengthNs(), "4 ms waited, within the tick before the read and the read's own");
        assertEquals(4 * MS, s.coversAtMostNs, "the wait's own length: all of a sample it can cover");
    }

    /** A file written before the wait's length was kept (version 1) reads each stall as lasting its interval. */
    @Test
    void aVersionOneFileReadsEachStallAsItsWholeInterval() throws IOException {
        Path file = tmp.resolve("stalls-v1.bin");
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(java.nio.file.Files.newOutputStream(file))) {
            out.writeInt(0x4C425354);
            out.writeInt(1);
            out.writeLong(MS);
            out.writeLong(0);
            out.writeInt(2);
            out.writeUTF(HiccupProbe.LATE_WAKE_UP);
            out.writeUTF("run queue of lb-consumer");
            out.writeInt(1);
            out.writeLong(10 * MS);
            out.writeLong(15 * MS);
            out.writeInt(1);
        }
        assertEquals(List.of(new Stop(Cause.PLATFORM, "run queue of lb-consumer", 10 * MS, 15 * MS)),
                StallFile.read(file).stalls());
        assertEquals(5 * MS, StallFile.read(file).stalls().get(0).coversAtMostNs);
    }

    @Test
    void theProbesOwnWakeUpsCountOnlyWhereItWatchedNoMeasuringThread() throws IOException {
        HiccupProbe alone = new HiccupProbe(new HiccupProbeTest.FakeClock(), MS, 4);
        alone.stalls().add(1, 2, 0);
        Path file = tmp.resolve("alone.bin");
        StallFile.write(file, alone);
        assertEquals(1, StallFile.read(file).attributable().size(), "no thread watched: its wake-ups are all there is");

        HiccupProbe watching = new HiccupProbe(new HiccupProbeTest.FakeClock(), MS, 4);
        watching.watch(7, "run queue of pacer", new HiccupProbeTest.ScriptedDelay());
        watching.stalls().add(1, 2, 0);
        watching.stalls().add(5, 9, 1);
        StallFile.write(file, watching);
        StallFile back = StallFile.read(file);
        assertEquals(2, back.stalls().size());
        assertEquals(List.of(new Stop(Cause.PLATFORM, "run queue of pacer", 5, 9)), back.attributable());
    }

    @Test
    void aFileCutShortIsRefusedNamingIt() throws IOException {
        HiccupProbe p = new HiccupProbe(new HiccupProbeTest.FakeClock(), MS, 4);
        p.stalls().add(1, 2, 0);
        Path file = tmp.resolve("stalls.bin");
        StallFile.write(file, p);
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length - 3));
        IOException e = assertThrows(IOException.class, () -> StallFile.read(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }
}
