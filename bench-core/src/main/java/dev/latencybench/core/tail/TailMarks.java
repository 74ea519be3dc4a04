package dev.latencybench.core.tail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks the outliers of one fork the report's timeline marks ({@link TailPart#marks}): per cause, the worst sample of
 * each of its {@value TailPart#MARKS_PER_CAUSE} worst episodes, an episode being samples whose lifetimes
 * {@code [end - latency, end]} overlap. One stall delays every sample in flight alike, so the worst samples of a
 * cause are mostly one spike; one mark per episode shows where else the cause struck. Stateless; runs in the
 * launcher after a cell, in time O(outliers x log(outliers)) and memory O(outliers).
 */
final class TailMarks {
    private TailMarks() {
    }

    /**
     * @param causeOf the cause each outlier was put down to, by index
     * @return per cause label, in {@link Cause}'s order, its marks as {@code [endNs, latencyNs]}, earliest end first;
     *         a cause without outliers is left out
     */
    static Map<String, List<long[]>> of(OutlierFile outliers, Cause[] causeOf) {
        Integer[] worstFirst = new Integer[outliers.size()];
        Arrays.setAll(worstFirst, i -> i);
        Arrays.sort(worstFirst, Comparator.comparingLong((Integer i) -> outliers.latencyNs(i)).reversed());
        Map<Cause, List<long[]>> picked = new EnumMap<>(Cause.class);
        int full = 0;
        for (int k = 0; k < worstFirst.length && full < Cause.values().length; k++) {
            int i = worstFirst[k];
            List<long[]> marks = picked.computeIfAbsent(causeOf[i], c -> new ArrayList<>());
            if (marks.size() == TailPart.MARKS_PER_CAUSE) {
                continue;
            }
            long end = outliers.endNs(i);
            long start = end - outliers.latencyNs(i);
            boolean sameEpisode = false;
            for (long[] m : marks) {
                sameEpisode |= start <= m[0] && m[0] - m[1] <= end;
            }
            if (!sameEpisode) {
                marks.add(new long[] {end, outliers.latencyNs(i)});
                full += marks.size() == TailPart.MARKS_PER_CAUSE ? 1 : 0;
            }
        }
        Map<String, List<long[]>> byLabel = new LinkedHashMap<>();
        picked.forEach((cause, marks) -> {
            marks.sort(Comparator.comparingLong((long[] m) -> m[0]));
            byLabel.put(cause.label(), marks);
        });
        return byLabel;
    }
}
