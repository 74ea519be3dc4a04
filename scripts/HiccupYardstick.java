import java.nio.file.Paths;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

import dev.latencybench.core.tail.StallFile;
import dev.latencybench.core.tail.Stop;

/**
 * scripts/hiccup-yardstick's comparison: jHiccup's interval log against the suite's hiccup probe's stalls from the
 * same seconds. jHiccup records every 1 ms wake-up's lateness corrected for coordinated omission (a 20 ms stall also
 * records 19, 18, ... ms for the wake-ups it held up); the probe keeps only wake-ups more than 1 ms late, one interval
 * each, as the attribution needs. So the probe's stalls are corrected the same way here, its on-time wake-ups counted
 * as 0, and the two are set side by side: in full, and from 1 ms up, where both see the same thing.
 *
 * <p>Run by the script: {@code java -cp bench.jar scripts/HiccupYardstick.java <jHiccup .hlog> <stalls.bin> <seconds>}.
 */
public class HiccupYardstick {
    private static final long TICK_NS = 1_000_000L;

    public static void main(String[] args) throws Exception {
        Histogram jhiccup = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(args[0]);
        for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
            jhiccup.add((Histogram) h);
        }
        StallFile stalls = StallFile.read(Paths.get(args[1]));
        long runNs = Long.parseLong(args[2]) * 1_000_000_000L;
        Histogram probe = new Histogram(3);
        long stalledNs = 0;
        for (Stop s : stalls.stalls()) {
            probe.recordValueWithExpectedInterval(s.endNs - s.startNs, TICK_NS);
            stalledNs += s.endNs - s.startNs;
        }
        System.out.printf("the probe kept %d stalls over %d ns (%d not kept)%n", stalls.stalls().size(), stalls.boundNs,
                stalls.notKept);
        System.out.printf("%-26s %9s %9s %9s %9s %9s%n", "", "count", "p99 ms", "p99.9", "p99.99", "max");
        row("jHiccup", jhiccup);
        Histogram whole = probe.copy();
        // the probe's on-time wake-ups, about one per 1.06 ms (the sleep and the wake-up), recorded as 0
        whole.recordValueWithCount(0, Math.max(0, (runNs - stalledNs) / (TICK_NS * 106 / 100) - probe.getTotalCount()));
        row("probe (on time as 0)", whole);
        Histogram over = new Histogram(3);
        for (HistogramIterationValue v : jhiccup.recordedValues()) {
            if (v.getValueIteratedTo() >= TICK_NS) {
                over.recordValueWithCount(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
            }
        }
        row("jHiccup from 1 ms", over);
        row("probe from 1 ms", probe);
    }

    private static void row(String name, Histogram h) {
        System.out.printf("%-26s %9d %9.3f %9.3f %9.3f %9.3f%n", name, h.getTotalCount(),
                h.getValueAtPercentile(99) / 1e6, h.getValueAtPercentile(99.9) / 1e6,
                h.getValueAtPercentile(99.99) / 1e6, h.getMaxValue() / 1e6);
    }
}
