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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log ({@code .hlog}) that HdrHistogram's {@code HistogramLogProcessor} reads: one line per
 * metric and interval, the primary metric untagged (the processor's default), the others tagged with their names.
 * Timestamps are absolute. Not thread-safe; written by one monitor thread, off the hot path.
 */
public final class IntervalLog implements Closeable {
    /** Tag of the queue study's service-time intervals. */
    public static final String SERVICE_TAG = "service";

    private final Path file;
    private final Metrics metrics;
    private final FirstError sink;
    private final PrintStream out;
    private final HistogramLogWriter writer;

    /** @param what the first comment line, e.g. {@code latency-bench queue/chronicle} */
    public IntervalLog(Path file, Metrics metrics, String what) throws IOException {
        this.file = file;
        this.metrics = metrics;
        this.sink = new FirstError(Files.newOutputStream(file));
        this.out = new PrintStream(sink, false, StandardCharsets.UTF_8.name());
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(what);
        for (Metric m : metrics.all()) {
            String tag = metrics.tag(m);
            writer.outputComment((tag == null ? "untagged" : "tag " + tag) + ": " + m.name() + ", " + m.what()
                    + ", in " + m.unit());
        }
        writer.outputLogFormatVersion();
        writer.setBaseTime(0);
        writer.outputBaseTime(0);
        writer.outputLegend();
    }

    /** Appends one interval of every metric, in declaration order; an interval where none recorded is left out. */
    public void append(List<Histogram> interval) {
        if (interval.size() != metrics.size()) {
            throw new IllegalArgumentException("one histogram per metric (" + metrics.names() + "), got "
                    + interval.size());
        }
        if (interval.stream().allMatch(h -> h.getTotalCount() == 0)) {
            return;
        }
        for (int i = 0; i < interval.size(); i++) {
            Histogram h = interval.get(i);
            h.setTag(metrics.tag(metrics.all().get(i)));
            writer.outputIntervalHistogram(h);
            h.setTag(null); // the caller's histogram leaves untagged, whatever it carried
        }
    }

    /** The two metrics of the one-way studies: {@link Metrics#ONE_WAY}. */
    public void append(Histogram latency, Histogram serviceTime) {
        append(List.of(latency, serviceTime));
    }

    /** Flushes, throwing the first error any write met, which HdrHistogram's {@link PrintStream} would swallow. */
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
     * Every interval of a log, per declared metric, in file order. A last interval missing some metric is dropped so
     * every list covers the same intervals; a line cut short ends the reading and sets {@link Intervals#truncated}.
     */
    public static Intervals read(Path file, Metrics metrics) throws IOException {
        Intervals result = new Intervals(metrics);
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram h;
            while ((h = nextOrNull(reader, result)) != null) {
                Histogram histogram = (Histogram) h;
                for (Metric m : metrics.all()) {
                    if (java.util.Objects.equals(metrics.tag(m), histogram.getTag())) {
                        result.byMetric.get(m.name()).add(histogram);
                    }
                }
            }
        } finally {
            reader.close();
        }
        int complete = Integer.MAX_VALUE;
        for (List<Histogram> l : result.byMetric.values()) {
            complete = Math.min(complete, l.size());
        }
        for (List<Histogram> l : result.byMetric.values()) {
            l.subList(complete, l.size()).clear();
        }
        return result;
    }

    /** A log of the one-way studies. */
    public static Intervals read(Path file) throws IOException {
        return read(file, Metrics.ONE_WAY);
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

    public static final class Intervals {
        /** True when the log ended in a line cut short; the intervals before it are all here. */
        public boolean truncated;
        public final Metrics metrics;
        private final Map<String, List<Histogram>> byMetric = new LinkedHashMap<>();

        Intervals(Metrics metrics) {
            this.metrics = metrics;
            metrics.names().forEach(n -> byMetric.put(n, new ArrayList<>()));
        }

        /** The intervals of one metric, in file order (a mutable list). */
        public List<Histogram> of(String metric) {
            metrics.get(metric);
            return byMetric.get(metric);
        }

        public int size() {
            return byMetric.values().iterator().next().size();
        }

        /** The metrics' histograms of interval {@code i}, in declaration order. */
        public List<Histogram> interval(int i) {
            List<Histogram> l = new ArrayList<>();
            byMetric.values().forEach(list -> l.add(list.get(i)));
            return l;
        }

        public Histogram total(String metric) {
            Histogram total = LatencyRecorder.newHistogram();
            for (Histogram h : of(metric)) {
                total.add(h);
            }
            return total;
        }

        public Histogram primaryTotal() {
            return total(metrics.primary().name());
        }
    }
}
