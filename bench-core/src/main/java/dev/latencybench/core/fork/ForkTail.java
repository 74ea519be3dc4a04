package dev.latencybench.core.fork;

import java.io.IOException;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.tail.HiccupProbe;
import dev.latencybench.core.tail.OutlierBuffer;
import dev.latencybench.core.tail.OutlierFile;
import dev.latencybench.core.tail.StallFile;
import dev.latencybench.core.time.Clock;

/**
 * A fork's outliers of its primary metric: the threshold, the buffer its measured periods fill, and the file it
 * is written to ({@code outliers.bin} beside {@code latency.hlog}).
 *
 * <p>The threshold is {@code bench.tail.above}, else the p{@value #WARMUP_PERCENTILE} of the warm-up's second
 * half, low on purpose: the warm-up may be slower than the measured period, and once the buffer is full its
 * smallest kept is the real threshold. The buffer holds {@value #KEPT_SHARE} of the samples expected; outliers
 * beyond it are counted, not kept.
 *
 * <p>With a probe clock ({@link #withProbe}), a {@link HiccupProbe} watches each measuring thread, and its stalls
 * go to {@code stalls.bin}, so the outliers can be told apart as the platform's or the code's.
 *
 * <p>Thread-safe (guarded by this object's lock); not on a hot path.
 */
final class ForkTail {
    /** The share of the expected samples that the buffer holds at most. */
    static final double KEPT_SHARE = 0.01;
    static final int MOST_KEPT = 1_000_000;
    static final int KEPT_WITHOUT_ESTIMATE = 100_000;
    /** The fewest kept, so a study of few samples keeps enough to rest its p99 on. */
    static final int LEAST_KEPT = 1_000;
    /** Up to this many expected samples the threshold is 0, so a slow warm-up cannot set one above every sample. */
    static final long FEW_SAMPLES = 250_000;
    /** The percentile of the warm-up's second half that is the threshold: well below the measured p99.9. */
    static final double WARMUP_PERCENTILE = 90.0;

    private final long aboveNsGiven;
    private final long measureNs;
    private long warmupThresholdNs = -1;
    private long expectedSamples = -1;
    private OutlierBuffer buffer;
    /** The hiccup probe's clock; null runs none (tests of the threshold). */
    private final Clock probeClock;
    private HiccupProbe probe;
    /** The primary metric over the warm-up, and over its second half. */
    private final Histogram warmup = LatencyRecorder.newHistogram();
    private final Histogram secondHalf = LatencyRecorder.newHistogram();
    private boolean pastMidpoint;
    /** The primary metric's samples time other processes: {@link OutlierFile#otherProcesses}. */
    private boolean otherProcesses;

    /** @param aboveNsGiven {@code bench.tail.above}; 0 takes the p90 of the warm-up's second half */
    ForkTail(long aboveNsGiven, long measureNs) {
        this(aboveNsGiven, measureNs, null);
    }

    private ForkTail(long aboveNsGiven, long measureNs, Clock probeClock) {
        this.aboveNsGiven = aboveNsGiven;
        this.measureNs = measureNs;
        this.probeClock = probeClock;
    }

    /** A benchmark JVM's: with a {@link HiccupProbe} on {@code clock} from the first measured period on. */
    static ForkTail withProbe(long aboveNsGiven, long measureNs, Clock clock) {
        return new ForkTail(aboveNsGiven, measureNs, clock);
    }

    /** One interval of a warm-up's primary metric, in the order taken; copied, so the caller may reuse it. */
    synchronized void warmupInterval(Histogram primary, long takenAtNs, long warmupNs) {
        warmup.add(primary);
        if (pastMidpoint) {
            secondHalf.add(primary);
        }
        pastMidpoint |= 2 * takenAtNs >= warmupNs;
    }

    /** After a warm-up period of {@code warmupNs}, whose intervals {@link #warmupInterval} took. */
    synchronized void warmedUp(long warmupNs) {
        Histogram late = secondHalf.getTotalCount() > 0 ? secondHalf : warmup;
        if (late.getTotalCount() > 0 && warmupNs > 0) {
            warmupThresholdNs = late.getValueAtPercentile(WARMUP_PERCENTILE);
            expectedSamples = (long) Math.ceil(warmup.getTotalCount() * ((double) measureNs / warmupNs));
        }
        warmup.reset();
        secondHalf.reset();
        pastMidpoint = false;
    }

    /** The buffer of the measured periods; without a threshold it keeps the worst {@value #KEPT_WITHOUT_ESTIMATE}. */
    synchronized OutlierBuffer forMeasuredPeriod() {
        if (buffer == null) {
            int capacity = expectedSamples < 0 ? KEPT_WITHOUT_ESTIMATE
                    : (int) Math.max(LEAST_KEPT, Math.min(MOST_KEPT, (long) Math.ceil(expectedSamples * KEPT_SHARE)));
            boolean few = expectedSamples >= 0 && expectedSamples <= FEW_SAMPLES;
            long above = aboveNsGiven > 0 ? aboveNsGiven : few ? 0 : Math.max(0, warmupThresholdNs);
            buffer = new OutlierBuffer(above, capacity);
            probe = probeClock == null ? null : HiccupProbe.start(probeClock);
        }
        return buffer;
    }

    /** Has the probe watch the calling measuring thread's run queue, once a measured period has begun. */
    void watchCurrentThread() {
        HiccupProbe p;
        synchronized (this) {
            p = probe;
        }
        if (p != null) {
            p.watchCurrentThread(); // without schedstat, the probe's own wake-ups remain
        }
    }

    /** Marks the outliers as samples of other processes ({@link OutlierFile#otherProcesses}). */
    synchronized void timesOtherProcesses() {
        otherProcesses = true;
    }

    /** Writes the outliers kept so far to {@code forkDir}, and the probe's stalls; nothing when none are kept. */
    synchronized void write(Path forkDir) {
        if (buffer != null) {
            try {
                OutlierFile.write(forkDir.resolve(ResultLayout.OUTLIERS), buffer, otherProcesses);
                if (probe != null) {
                    StallFile.write(forkDir.resolve(ResultLayout.STALLS), probe);
                }
            } catch (IOException e) { // names the file
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }
}
