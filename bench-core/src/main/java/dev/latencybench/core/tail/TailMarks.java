package dev.latencybench.core.tail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Picks each cause's worst outlier in each equal slot of a fork's outlier time, for the timeline. Stateless. */
final class TailMarks {
    private TailMarks() {
    }

    /** @return per cause label, its marks as {@code [endNs, latencyNs]}, earliest end first */
    static Map<String, List<long[]>> of(OutlierFile outliers, Cause[] causeOf) {
        Map<String, List<long[]>> byLabel = new LinkedHashMap<>();
        if (outliers.size() == 0) {
            return byLabel;
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < outliers.size(); i++) {
            first = Math.min(first, outliers.endNs(i));
            last = Math.max(last, outliers.endNs(i));
        }
        int slots = TailPart.MARKS_PER_CAUSE;
        double slotNs = (double) (last - first + 1) / slots;
        int[][] worst = new int[Cause.values().length][slots]; // index + 1 of the worst outlier; 0: none yet
        for (int i = 0; i < outliers.size(); i++) {
            int[] ofCause = worst[causeOf[i].ordinal()];
            int slot = (int) Math.min(slots - 1, (outliers.endNs(i) - first) / slotNs);
            if (ofCause[slot] == 0 || outliers.latencyNs(i) > outliers.latencyNs(ofCause[slot] - 1)) {
                ofCause[slot] = i + 1;
            }
        }
        for (Cause c : Cause.values()) {
            List<long[]> marks = new ArrayList<>();
            for (int index : worst[c.ordinal()]) {
                if (index > 0) {
                    marks.add(new long[] {outliers.endNs(index - 1), outliers.latencyNs(index - 1)});
                }
            }
            if (!marks.isEmpty()) {
                byLabel.put(c.label(), marks);
            }
        }
        return byLabel;
    }
}
