package dev.latencybench.core.record;

import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log ({@code .hlog}) that HdrHistogram's own {@code HistogramLogProcessor}
 * reads: latency intervals are untagged (the processor's default), service-time intervals carry the
 * tag {@value #SERVICE_TAG}. Timestamps are absolute (milliseconds since the epoch).
 *
 * <p>Not thread-safe; written by one reader/monitor thread, off the hot path.
 */
public final class IntervalLog implements Closeable {
    /** Tag of the service-time intervals. */
    public static final String SERVICE_TAG = "service";

    private final Path file;
    private final FirstError sink;
    private final PrintStream out;
    private final HistogramLogWriter writer;

    public IntervalLog(Path file, String legendComment) throws IOException {
        this.file = file;
        this.sink = new FirstError(Files.newOutputStream(file));
        this.out = new PrintStream(sink, false, StandardCharsets.UTF_8.name());
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(legendComment);
        writer.outputLogFormatVersion();
        writer.setBaseTime(0);
        writer.outputBaseTime(0);
        writer.outputLegend();
    }

    /** Appends one interval; histograms must carry their start/end timestamps. */
    public void append(Histogram latency, Histogram serviceTime) {
        if (latency.getTotalCount() == 0 && serviceTime.getTotalCount() == 0) {
            return;
        }
        latency.setTag(null);
        writer.outputIntervalHistogram(latency);
        serviceTime.setTag(SERVICE_TAG);
        writer.outputIntervalHistogram(serviceTime);
        serviceTime.setTag(null);
    }

    /**
     * Flushes; throws the first error any write so far met (a full disk, say), which HdrHistogram's
     * writer, printing through a {@link PrintStream}, would otherwise swallow.
     */
    public void flush() throws IOException {
        if (out.checkError()) { // checkError flushes first
            IOException e = sink.error;
            throw e != null ? e : new IOException("cannot write " + file);
        }
    }

    @Override
    public void close() {
        out.close();
    }

    /**
     * Every interval of a log, latency (untagged) and service time, in file order. Intervals are
     * written in pairs; an unpaired last one (a writer killed between the two lines) is dropped, so
     * both lists always cover the same intervals, and reading stops at a line cut short (a writer
     * killed in the middle of it), which {@link Intervals#truncated} then says.
     */
    public static Intervals read(Path file) throws IOException {
        Intervals result = new Intervals();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram h;
            while ((h = nextOrNull(reader, result)) != null) {
                Histogram histogram = (Histogram) h;
                if (SERVICE_TAG.equals(histogram.getTag())) {
                    result.service.add(histogram);
                } else if (histogram.getTag() == null) {
                    result.latency.add(histogram);
                }
            }
        } finally {
            reader.close();
        }
        int pairs = Math.min(result.latency.size(), result.service.size());
        result.latency.subList(pairs, result.latency.size()).clear();
        result.service.subList(pairs, result.service.size()).clear();
        return result;
    }

    private static EncodableHistogram nextOrNull(HistogramLogReader reader, Intervals result) {
        try {
            return reader.nextIntervalHistogram();
        } catch (RuntimeException e) { // HdrHistogram's reader throws on a half-written last line
            result.truncated = true;
            return null;
        }
    }

    /** Keeps the first write error, which the {@link PrintStream} above it only records as a flag. */
    private static final class FirstError extends FilterOutputStream {
        volatile IOException error;

        FirstError(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        private void keep(IOException e) {
            if (error == null) {
                error = e;
            }
        }
    }

    /** The intervals of one log. */
    public static final class Intervals {
        /** True when the log ended in a line cut short; the intervals before it are all here. */
        public boolean truncated;
        public final List<Histogram> latency = new ArrayList<>();
        public final List<Histogram> service = new ArrayList<>();

        /** All latency intervals merged. */
        public Histogram latencyTotal() {
            return merge(latency);
        }

        /** All service-time intervals merged. */
        public Histogram serviceTotal() {
            return merge(service);
        }

        private static Histogram merge(List<Histogram> parts) {
            Histogram total = LatencyRecorder.newHistogram();
            for (Histogram h : parts) {
                total.add(h);
            }
            return total;
        }
    }
}
