package dev.latencybench.core.fork;

import java.io.IOException;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.tail.OutlierBuffer;
import dev.latencybench.core.tail.OutlierFile;

/**
 * A fork's outliers of its primary metric: the threshold (the warm-up's p99, or {@code bench.tail.above}), the
 * buffer its measured periods fill, and the file it is written to ({@code outliers.bin} beside
 * {@code latency.hlog}).
 *
 * <p>The buffer is allocated once, before the first measured period, for 1% of the samples that period is
 * expected to take (the warm-up's count scaled to the measured duration), at most {@value #MOST_KEPT}; without
 * a warm-up to count from, {@value #KEPT_WITHOUT_ESTIMATE}. Outliers beyond it are counted, not kept. Without a
 * warm-up and without {@code bench.tail.above}, there is no threshold and none are kept.
 *
 * <p>Thread-safe (guarded by this object's lock); not on a hot path.
 */
final class ForkTail {
    /** The share of the expected samples that the buffer holds at most. */
    static final double KEPT_SHARE = 0.01;
    static final int MOST_KEPT = 1_000_000;
    static final int KEPT_WITHOUT_ESTIMATE = 100_000;

    private final long aboveNsGiven;
    private final long measureNs;
    private long warmupP99Ns = -1;
    private long expectedSamples = -1;
    private OutlierBuffer buffer;

    /**
     * @param aboveNsGiven {@code bench.tail.above}; 0 takes the warm-up's p99
     * @param measureNs    how long a measured period lasts
     */
    ForkTail(long aboveNsGiven, long measureNs) {
        this.aboveNsGiven = aboveNsGiven;
        this.measureNs = measureNs;
    }

    /** After a warm-up period: the primary metric's histogram over it and how long it lasted. */
    synchronized void warmedUp(Histogram primary, long warmupNs) {
        if (primary.getTotalCount() == 0 || warmupNs <= 0) {
            return;
        }
        warmupP99Ns = primary.getValueAtPercentile(99.0);
        expectedSamples = (long) Math.ceil(primary.getTotalCount() * ((double) measureNs / warmupNs));
    }

    /** The buffer of the measured periods (the same for each); null when there is no threshold. */
    synchronized OutlierBuffer forMeasuredPeriod() {
        if (buffer == null) {
            long above = aboveNsGiven > 0 ? aboveNsGiven : warmupP99Ns;
            if (above < 0) {
                return null;
            }
            int capacity = expectedSamples < 0 ? KEPT_WITHOUT_ESTIMATE
                    : (int) Math.min(MOST_KEPT, (long) Math.ceil(expectedSamples * KEPT_SHARE));
            buffer = new OutlierBuffer(above, capacity);
        }
        return buffer;
    }

    /** Writes the outliers kept so far to {@code forkDir}; nothing when none are kept. */
    synchronized void write(Path forkDir) throws IOException {
        if (buffer != null) {
            OutlierFile.write(forkDir.resolve(ResultLayout.OUTLIERS), buffer);
        }
    }
}
