package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutlierFileTest {
    @TempDir
    Path tmp;

    @Test
    void roundTripsAndIsBoundedBySixteenBytesAnOutlier() throws IOException {
        OutlierBuffer b = new OutlierBuffer(5_000, 3);
        b.add(100, 6_000);
        b.add(200, 7_000);
        b.add(300, 8_000);
        b.add(400, 9_000);
        Path f = tmp.resolve("outliers.bin");
        OutlierFile.write(f, b);
        OutlierFile r = OutlierFile.read(f);
        assertEquals(5_000, r.aboveNs);
        assertEquals(1, r.notKept);
        assertEquals(3, r.size());
        assertEquals(300, r.endNs(2));
        assertEquals(8_000, r.latencyNs(2));
        assertEquals(false, r.otherProcesses);
        assertEquals(4 + 4 + 8 + 8 + 4 + 4 + 3 * 16, Files.size(f));
    }

    @Test
    void samplesOfOtherProcessesAreSaidSo() throws IOException {
        OutlierBuffer b = new OutlierBuffer(0, 2);
        b.add(100, 300_000_000);
        Path f = tmp.resolve("outliers.bin");
        OutlierFile.write(f, b, true);
        assertEquals(true, OutlierFile.read(f).otherProcesses);
    }

    /** A file written before the flags (version 1) reads as samples of this JVM. */
    @Test
    void versionOneIsRead() throws IOException {
        Path f = tmp.resolve("outliers.bin");
        java.nio.ByteBuffer v1 = java.nio.ByteBuffer.allocate(4 + 4 + 8 + 8 + 4 + 16);
        v1.putInt(0x4C42544C).putInt(1).putLong(5_000).putLong(2).putInt(1).putLong(100).putLong(6_000);
        Files.write(f, v1.array());
        OutlierFile r = OutlierFile.read(f);
        assertEquals(false, r.otherProcesses);
        assertEquals(2, r.notKept);
        assertEquals(6_000, r.latencyNs(0));
    }

    @Test
    void aFileCutShortIsNamed() throws IOException {
        OutlierBuffer b = new OutlierBuffer(5_000, 3);
        b.add(100, 6_000);
        b.add(200, 7_000);
        Path f = tmp.resolve("outliers.bin");
        OutlierFile.write(f, b);
        byte[] all = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(all, all.length - 4));
        IOException e = assertThrows(IOException.class, () -> OutlierFile.read(f));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
    }
}
