package dev.latencybench.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {
    private static final long T0_MS = 1_800_000_000_000L; // absolute: ms since the epoch

    @TempDir
    Path dir;

    private static Histogram interval(long startMs, long endMs, long... values) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v : values) {
            h.recordValue(v);
        }
        h.setStartTimeStamp(startMs);
        h.setEndTimeStamp(endMs);
        return h;
    }

    /** Two intervals (and an empty one, skipped); returns the file. */
    private Path writeLog() throws IOException {
        Path file = dir.resolve("latency.hlog");
        try (IntervalLog log = new IntervalLog(file, dev.latencybench.core.record.Metrics.ONE_WAY, "latency-bench test legend")) {
            log.append(interval(T0_MS, T0_MS + 1_000, 100, 200, 300),
                    interval(T0_MS, T0_MS + 1_000, 50, 60, 70));
            log.append(interval(T0_MS + 1_000, T0_MS + 2_000),
                    interval(T0_MS + 1_000, T0_MS + 2_000)); // nothing recorded: not written
            log.append(interval(T0_MS + 2_000, T0_MS + 3_000, 1_000_000, 400),
                    interval(T0_MS + 2_000, T0_MS + 3_000, 900, 80));
            log.flush();
        }
        return file;
    }

    @Test
    void readGivesBackTheLatencyAndServiceIntervalsInOrder() throws IOException {
        IntervalLog.Intervals read = IntervalLog.read(writeLog());
        assertEquals(2, read.of("latency").size());
        assertEquals(2, read.of("service").size());

        Histogram first = read.of("latency").get(0);
        assertEquals(3, first.getTotalCount());
        assertEquals(1, first.getCountAtValue(200));
        assertEquals(T0_MS, first.getStartTimeStamp());
        assertEquals(T0_MS + 1_000, first.getEndTimeStamp());
        Histogram secondService = read.of("service").get(1);
        assertEquals(2, secondService.getTotalCount());
        assertEquals(1, secondService.getCountAtValue(900));
        assertEquals(T0_MS + 2_000, secondService.getStartTimeStamp());
        assertEquals(T0_MS + 3_000, secondService.getEndTimeStamp());

        Histogram latency = read.total("latency");
        assertEquals(5, latency.getTotalCount());
        assertEquals(latency.highestEquivalentValue(1_000_000), latency.getMaxValue());
        assertEquals(100, latency.getMinValue());
        Histogram service = read.total("service");
        assertEquals(5, service.getTotalCount());
        assertEquals(900, service.getMaxValue());
        assertEquals(50, service.getMinValue());
    }

    @Test
    void hdrHistogramsOwnReaderSeesUntaggedLatencyAndServiceTaggedIntervals() throws IOException {
        HistogramLogReader reader = new HistogramLogReader(writeLog().toFile());
        List<String> tags = new ArrayList<>();
        Histogram latency = LatencyRecorder.newHistogram();
        Histogram service = LatencyRecorder.newHistogram();
        try {
            EncodableHistogram e;
            while ((e = reader.nextIntervalHistogram()) != null) {
                Histogram h = (Histogram) e;
                tags.add(String.valueOf(h.getTag()));
                if (h.getTag() == null) {
                    latency.add(h);
                } else {
                    service.add(h);
                }
            }
        } finally {
            reader.close();
        }
        assertEquals(List.of("null", "service", "null", "service"), tags);
        assertEquals(5, latency.getTotalCount());
        assertEquals(1, latency.getCountAtValue(100));
        assertEquals(1, latency.getCountAtValue(400));
        assertEquals(1, latency.getCountAtValue(1_000_000));
        assertEquals(5, service.getTotalCount());
        assertEquals(1, service.getCountAtValue(50));
        assertEquals(1, service.getCountAtValue(900));
        assertEquals(LatencySummary.of(IntervalLog.read(writeLog()).total("latency")), LatencySummary.of(latency));
    }

    @Test
    void theFileStartsWithTheLegendComment() throws IOException {
        String text = new String(Files.readAllBytes(writeLog()), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("#latency-bench test legend\n"), text);
        assertTrue(text.contains("#[BaseTime: 0.000 "), text);
    }

    @Test
    void appendLeavesTheCallersHistogramsUntagged() throws IOException {
        Histogram latency = interval(T0_MS, T0_MS + 1_000, 10);
        Histogram service = interval(T0_MS, T0_MS + 1_000, 5);
        latency.setTag("stale");
        try (IntervalLog log = new IntervalLog(dir.resolve("x.hlog"), dev.latencybench.core.record.Metrics.ONE_WAY, "legend")) {
            log.append(latency, service);
        }
        assertNull(latency.getTag());
        assertNull(service.getTag());
        IntervalLog.Intervals read = IntervalLog.read(dir.resolve("x.hlog"));
        assertEquals(1, read.of("latency").size());
        assertEquals(1, read.of("service").size());
    }

    @Test
    void aLogWithoutIntervalsReadsAsEmpty() throws IOException {
        Path file = dir.resolve("empty.hlog");
        new IntervalLog(file, dev.latencybench.core.record.Metrics.ONE_WAY, "legend").close();
        IntervalLog.Intervals read = IntervalLog.read(file);
        assertEquals(0, read.of("latency").size());
        assertEquals(0, read.of("service").size());
        assertEquals(0, read.total("latency").getTotalCount());
        assertEquals(0, read.total("service").getTotalCount());
    }

    @Test
    void aFullDiskIsReportedNotSwallowed() throws IOException {
        // /dev/full fails every write with ENOSPC, as a full disk does; HdrHistogram's writer prints
        // through a PrintStream, which would only set a flag
        Path full = Paths.get("/dev/full");
        Assumptions.assumeTrue(Files.isWritable(full), "no writable /dev/full on this machine");
        IOException e;
        try (IntervalLog log = new IntervalLog(full, dev.latencybench.core.record.Metrics.ONE_WAY, "legend")) {
            log.append(interval(T0_MS, T0_MS + 1_000, 100), interval(T0_MS, T0_MS + 1_000, 50));
            e = assertThrows(IOException.class, log::flush);
        }
        assertEquals("No space left on device", e.getMessage());
    }
}
