package dev.latencybench.core.tail;

import java.util.List;

/**
 * The one rule that puts a tail sample down to a cause: the cause whose stops or stalls cover the most of the
 * sample's time above the cell's median, where that is at least {@linkplain #HALF half}; or where two each cover at
 * least {@linkplain #LARGE a third}, the larger, the other kept as {@link #shared}. Otherwise {@link #cause} is null:
 * the code's. The median is what a sample costs when nothing stops it, so a stop can explain only the rest.
 *
 * <p>Immutable; made once per sample in the launcher after a cell, not on a hot path.
 */
public final class Coverage {
    /** The causes a stop or stall can have, in the order that names one on a tie. */
    static final List<Cause> CAUSES = List.of(Cause.GC, Cause.SAFEPOINT, Cause.PLATFORM);
    /** The share of a sample's time above the median that one cause must cover to explain it alone. */
    public static final double HALF = 0.5;
    /** The share each of two causes covers where they are both kept: a large share, though neither half. */
    public static final double LARGE = 1.0 / 3.0;

    /** The time the shares are of: the sample's latency less the cell's median. */
    public final long aboveMedianNs;
    private final long[] coveredNs;
    /** What the sample is put down to; null where no cause covers enough: the code's. */
    public final Cause cause;
    /** The second cause where it covered a {@linkplain #LARGE large share} too; else null. */
    public final Cause shared;
    /** The stop or stall of {@link #cause} that covers the most of the sample, e.g. a GC phase. */
    public final String name;

    private Coverage(long aboveMedianNs, long[] coveredNs, Cause cause, Cause shared, String name) {
        this.aboveMedianNs = aboveMedianNs;
        this.coveredNs = coveredNs;
        this.cause = cause;
        this.shared = shared;
        this.name = name;
    }

    /** @param coveredNs per cause of {@link #CAUSES}, the time of the sample its stops cover together */
    static Coverage of(long aboveMedianNs, long[] coveredNs, Stop[] named) {
        if (aboveMedianNs <= 0) { // nothing to explain
            return new Coverage(1, new long[CAUSES.size()], null, null, null);
        }
        long[] capped = new long[CAUSES.size()];
        int best = -1;
        int second = -1;
        for (int c = 0; c < capped.length; c++) {
            capped[c] = Math.min(Math.max(0, coveredNs[c]), aboveMedianNs);
            if (best < 0 || capped[c] > capped[best]) {
                second = best;
                best = c;
            } else if (second < 0 || capped[c] > capped[second]) {
                second = c;
            }
        }
        double bestShare = (double) capped[best] / aboveMedianNs;
        double secondShare = (double) capped[second] / aboveMedianNs;
        boolean two = secondShare >= LARGE;
        if (bestShare < HALF && !two) {
            return new Coverage(aboveMedianNs, capped, null, null, null);
        }
        return new Coverage(aboveMedianNs, capped, CAUSES.get(best), two ? CAUSES.get(second) : null,
                named[best].name);
    }

    /** The share of the sample's time above the median that {@code c}'s stops cover, 0 to 1. */
    public double share(Cause c) {
        int i = CAUSES.indexOf(c);
        return i < 0 ? 0 : (double) coveredNs[i] / aboveMedianNs;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%s (gc %.2f, safepoint %.2f, platform %.2f of %d ns)",
                cause == null ? "none" : cause.label() + (shared == null ? "" : "+" + shared.label()),
                share(Cause.GC), share(Cause.SAFEPOINT), share(Cause.PLATFORM), aboveMedianNs);
    }
}
