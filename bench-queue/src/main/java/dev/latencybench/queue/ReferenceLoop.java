package dev.latencybench.queue;

import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

import org.HdrHistogram.Histogram;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

import dev.latencybench.queue.oneway.DirectLoop;
import dev.latencybench.queue.oneway.MessageHandler;
import dev.latencybench.queue.oneway.MessageTransport;
import dev.latencybench.core.record.LatencyRecorder;

/**
 * The {@code reference} variant: the published study's own loop over the same Chronicle Queue, no harness code in
 * its hot path, so {@code chronicle} against {@code reference} is what the harness costs. Everything either thread
 * touches per message is its own or Chronicle's. Threading as {@link DirectLoop} says.
 */
public final class ReferenceLoop implements MessageTransport, DirectLoop {
    private static final long NANOS_PER_SEC = 1_000_000_000L;

    private final ChronicleQueueTransport queue;
    private final int fillerBytes;

    // made on the producer thread by onProducerStart, so it is in that thread's memory and outside its measured loop
    private byte[] filler;
    // made on the consumer thread by onConsumerStart, likewise
    private byte[] buffer;
    private Histogram lat;
    private Histogram svc;

    // written by the producer at the end of send, read after both threads ended
    private long maxLagNs;
    private long lastLagNs;
    private long lateSends;
    // written by the consumer at the end of receive
    private long received;
    private long outOfOrder;
    private long outOfRange;

    public ReferenceLoop(ChronicleQueueTransport queue) {
        this.queue = queue;
        this.fillerBytes = queue.payloadBytes() - 3 * Long.BYTES;
    }

    @Override
    public void onProducerStart() {
        queue.onProducerStart();
        filler = new byte[fillerBytes];
    }

    @Override
    public void onConsumerStart() {
        queue.onConsumerStart();
        buffer = new byte[fillerBytes];
        lat = LatencyRecorder.newHistogram();
        svc = LatencyRecorder.newHistogram();
    }

    @Override
    public void onConsumerStop() {
        queue.onConsumerStop();
    }

    @Override
    public String explain(Throwable error) {
        return queue.explain(error);
    }

    @Override
    public boolean broken(Throwable error) {
        return queue.broken(error);
    }

    @Override
    public long send(long base, long count, long firstDueNs, long ratePerSec, BooleanSupplier stop) {
        final ExcerptAppender appender = queue.appender();
        final byte[] filler = this.filler;
        final long intervalNs = NANOS_PER_SEC / ratePerSec;
        final long remainder = NANOS_PER_SEC % ratePerSec;
        long carry = 0;
        long dueNs = firstDueNs;
        long maxLag = 0;
        long lastLag = 0;
        long late = 0;
        long i = 0;
        try {
            for (; i < count; i++) {
                if (stop.getAsBoolean()) {
                    break;
                }
                long now;
                while ((now = System.nanoTime()) < dueNs) {
                    Thread.onSpinWait();
                }
                lastLag = now - dueNs;
                if (lastLag > maxLag) {
                    maxLag = lastLag;
                }
                if (lastLag >= intervalNs) {
                    late++;
                }
                long stamp = System.nanoTime();
                try (DocumentContext dc = appender.writingDocument()) {
                    Bytes<?> bytes = dc.wire().bytes();
                    bytes.writeLong(stamp);
                    bytes.writeLong(dueNs);
                    bytes.writeLong(base + i);
                    bytes.write(filler, 0, filler.length);
                }
                dueNs += intervalNs;
                carry += remainder; // keeps rates that do not divide a second exact, as the harness's pacer does
                if (carry >= ratePerSec) {
                    carry -= ratePerSec;
                    dueNs++;
                }
            }
        } finally {
            maxLagNs = maxLag;
            lastLagNs = lastLag;
            lateSends = late;
        }
        return i;
    }

    @Override
    public void receive(long base, long count, LongPredicate stopWhenIdle) {
        final ExcerptTailer tailer = queue.tailer();
        final byte[] buffer = this.buffer;
        final Histogram lat = this.lat;
        final Histogram svc = this.svc;
        final long highest = LatencyRecorder.HIGHEST_TRACKABLE_NS;
        long got = 0;
        long misordered = 0;
        long beyond = 0;
        long expected = base;
        try {
            while (got < count) {
                boolean present;
                try (DocumentContext dc = tailer.readingDocument()) {
                    present = dc.isPresent();
                    if (present) {
                        Bytes<?> bytes = dc.wire().bytes();
                        long stamp = bytes.readLong();
                        long dueNs = bytes.readLong();
                        long sequence = bytes.readLong();
                        bytes.read(buffer, 0, buffer.length);
                        long now = System.nanoTime();
                        long l = now - dueNs;
                        long s = now - stamp;
                        if (l < 0 || l > highest || s < 0 || s > highest) {
                            beyond++;
                        } else {
                            lat.recordValue(l);
                            svc.recordValue(s);
                        }
                        if (sequence != expected) {
                            misordered++;
                        }
                        expected = sequence + 1;
                        got++;
                    }
                }
                if (!present) {
                    if (stopWhenIdle.test(got)) {
                        break;
                    }
                    Thread.onSpinWait();
                }
            }
        } finally {
            received = got;
            outOfOrder = misordered;
            outOfRange = beyond;
        }
    }

    @Override
    public Outcome outcome() {
        if (lat == null) { // no period was received
            lat = LatencyRecorder.newHistogram();
            svc = LatencyRecorder.newHistogram();
        }
        return new Outcome(lat, svc, received, outOfOrder, outOfRange, maxLagNs, lastLagNs, lateSends);
    }

    @Override
    public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
        return queue.trySend(sequence, intendedSendNs, actualSendNs);
    }

    @Override
    public int poll(MessageHandler handler) {
        return queue.poll(handler);
    }

    @Override
    public int payloadBytes() {
        return queue.payloadBytes();
    }

    @Override
    public void close() {
        queue.close();
    }
}
