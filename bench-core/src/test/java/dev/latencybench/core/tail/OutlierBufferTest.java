package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

/** The buffer keeps the worst outliers, not the first: exact counts on known data. */
class OutlierBufferTest {
    private static long[] keptSorted(OutlierBuffer b) {
        long[] kept = new long[b.size()];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = b.latencyNs(i);
        }
        Arrays.sort(kept);
        return kept;
    }

    @Test
    void aFullBufferKeepsTheLargestAndCountsTheRest() {
        OutlierBuffer b = new OutlierBuffer(1_000, 2);
        b.add(10, 2_000);
        b.add(20, 3_000);
        b.add(30, 4_000);
        b.add(40, 2_500); // smaller than both kept: counted
        assertEquals(2, b.size());
        assertEquals(2, b.notKept(), "2,000 gave way to 4,000; 2,500 was not kept");
        assertArrayEquals(new long[] {3_000, 4_000}, keptSorted(b));
        assertEquals(3_000, b.smallestKeptNs());
        for (int i = 0; i < b.size(); i++) {
            assertEquals(b.latencyNs(i) == 3_000 ? 20 : 30, b.endNs(i), "each value keeps its own end time");
        }
    }

    @Test
    void anEmptyBufferCountsEveryOutlier() {
        OutlierBuffer b = new OutlierBuffer(1_000, 0);
        b.add(1, 5_000);
        assertEquals(0, b.size());
        assertEquals(1, b.notKept());
    }

    /**
     * A period of 1,000,000 samples whose first 20,000 outliers are moderate and whose 900 worst come last: a
     * buffer of 10,000 keeps exactly the 10,000 largest, so every sample beyond the period's p99.9 (fewer than
     * the buffer) is kept, although the buffer was full long before they came.
     */
    @Test
    void theSamplesBeyondP99_9AreAllKeptWhenFewerThanTheBuffer() {
        SplittableRandom random = new SplittableRandom(40);
        int samples = 1_000_000;
        long[] values = new long[samples];
        for (int i = 0; i < samples; i++) {
            values[i] = 1_000 + random.nextInt(9_000); // below the threshold of 10,000
        }
        for (int i = 0; i < 20_000; i++) {
            values[i * 40] = 10_001 + random.nextInt(5_000); // moderate outliers, early in the period
        }
        for (int i = 0; i < 900; i++) {
            values[samples - 1 - i * 7] = 50_000 + random.nextInt(1_000_000); // the worst, late
        }
        OutlierBuffer b = new OutlierBuffer(10_000, 10_000);
        for (int i = 0; i < samples; i++) {
            if (values[i] > b.aboveNs()) {
                b.add(i, values[i]);
            }
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        long p99_9 = sorted[(int) Math.ceil(samples * 0.999) - 1];
        long beyond = LongStream.of(values).filter(v -> v > p99_9).count();
        long keptBeyond = LongStream.of(keptSorted(b)).filter(v -> v > p99_9).count();
        assertEquals(10_000, b.size());
        assertEquals(20_900 - 10_000, b.notKept());
        assertEquals(beyond, keptBeyond, "every sample beyond p99.9 (" + p99_9 + " ns) kept");
        assertArrayEquals(Arrays.copyOfRange(sorted, samples - 10_000, samples), keptSorted(b),
                "exactly the 10,000 largest");
        for (int i = 0; i < b.size(); i++) {
            assertEquals(values[(int) b.endNs(i)], b.latencyNs(i), "each value with its own end time");
        }
    }

    @Test
    void severalWritersSharingItKeepTheLargest() throws InterruptedException {
        OutlierBuffer b = new OutlierBuffer(0, 1_000);
        int writers = 4;
        int each = 50_000;
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[writers];
        for (int w = 0; w < writers; w++) {
            int first = w;
            threads[w] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    long value = 1 + (long) i * writers + first; // 1 .. 200,000, each once
                    b.addShared(value, value);
                }
            });
            threads[w].start();
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(1_000, b.size());
        assertEquals(writers * each - 1_000, b.notKept());
        assertArrayEquals(LongStream.rangeClosed(199_001, 200_000).toArray(), keptSorted(b));
    }
}
