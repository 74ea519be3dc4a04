package dev.latencybench.core.tail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The {@code tail} member of a cell's {@code result.json}: why its primary metric's worst samples were slow.
 * Each sample kept above the forks' threshold is put down to a {@link Cause} by {@link Coverage}, and counted
 * beyond p99 and p99.9 of the cell's merged histogram with the number of samples the histogram holds there. A
 * result written before the platform and the code were told apart has {@code other} in their place. A plain holder.
 */
public final class TailPart {
    /** The member of {@code result.json} that holds it. */
    public static final String MEMBER = "tail";
    /** Fewer attributed samples than this beyond p99.9: no shares, as a percentile with fewer is not shown. */
    public static final long SHARES_FROM = 10;
    /** How many outliers of each cause a fork keeps in {@link #marks} at most. */
    public static final int MARKS_PER_CAUSE = 20;
    /** Bytes per sample under which the measuring threads allocate nothing. */
    public static final double ALLOCATES_NOTHING_BYTES = 0.1;
    /** How the clause names {@code gc} where the measuring threads allocate nothing. */
    public static final String FORKS_PAUSE = "gc, the fork's pause";

    /** The highest of the forks' thresholds: above it, every sample of every fork was kept (unless not kept). */
    public long thresholdNs;
    /** The cell's median: a sample's time above it is what a cause's stops must cover ({@link Coverage}). */
    public long medianNs;
    /** How many samples the cell's merged histogram holds. */
    public long cellSamples;
    /** The smallest sample kept; 0: none kept. */
    public long leastKeptNs;
    /** What the measuring threads allocated per sample; null where the study does not count it. */
    public Double measuredBytesPerSample;
    /** Forks whose outliers and stops were both read; the others' samples are not attributed. */
    public int forksAttributed;
    public long kept;
    public long notKept;
    /** Every outlier kept and attributed, by cause ({@code percentileNs}: the threshold). */
    public Beyond aboveThreshold = new Beyond();
    public Beyond beyondP99 = new Beyond();
    public Beyond beyondP99_9 = new Beyond();
    /** Per cause label, the worst sample kept that was put down to it. */
    public Map<String, Worst> worst = new LinkedHashMap<>();
    /** Per fork, per cause label, its marks ({@link TailMarks}), each {@code [endNs, latencyNs]}, earliest first. */
    public Map<String, Map<String, List<long[]>>> marks = new LinkedHashMap<>();
    /** Why samples beyond p99.9 may be missing from {@code beyondP99_9.attributed}, a sentence a fork. */
    public List<String> shortfall = new ArrayList<>();

    /** The samples beyond one percentile, by cause. */
    public static final class Beyond {
        public long percentileNs;
        /** How many samples the merged histogram holds above {@link #percentileNs}. */
        public long samples;
        /** How many of them were kept and attributed: {@code gc + safepoint + platform + code + other}. */
        public long attributed;
        public long gc;
        public long safepoint;
        public long platform;
        public long code;
        /** Forks without the hiccup probe's {@code stalls.bin}, and older results: platform or code. */
        public long other;
        /** Per cause label, the samples put down to another cause in which this one covered a large share too. */
        public Map<String, Long> shared = new LinkedHashMap<>();

        /** The samples put down to another cause that {@code c} shared; 0 for none, or a result without the split. */
        public long sharedBy(Cause c) {
            Long n = shared == null ? null : shared.get(c.label());
            return n == null ? 0 : n;
        }

        public long count(Cause c) {
            switch (c) {
                case GC:
                    return gc;
                case SAFEPOINT:
                    return safepoint;
                case PLATFORM:
                    return platform;
                case CODE:
                    return code;
                default:
                    return other;
            }
        }

        /** One sample put down to {@code c}, with {@code sharedWith} (null for none) covering a large share too. */
        void add(Cause c, Cause sharedWith) {
            if (sharedWith != null) {
                if (shared == null) {
                    shared = new LinkedHashMap<>();
                }
                shared.merge(sharedWith.label(), 1L, Long::sum);
            }
            add(c);
        }

        void add(Cause c) {
            attributed++;
            switch (c) {
                case GC:
                    gc++;
                    break;
                case SAFEPOINT:
                    safepoint++;
                    break;
                case PLATFORM:
                    platform++;
                    break;
                case CODE:
                    code++;
                    break;
                default:
                    other++;
            }
        }
    }

    /** One sample: its latency, when it ended, the stop or stall it was put down to, and its fork. */
    public static final class Worst {
        public long latencyNs;
        public long endNs;
        public String stop;
        /** The share of its time above the median the cause's stops covered, 0 to 1; null for {@code code}. */
        public Double covered;
        /** The cause that covered a large share of it too, where one did; else null. */
        public String sharedWith;
        public String fork;
    }

    /** The share of the attributed samples beyond p99.9 put down to {@code cause}, 0 to 1; null when unknown. */
    public Double shareBeyondP99_9(Cause cause) {
        Beyond b = beyondP99_9;
        if (b.attributed < SHARES_FROM || cause == Cause.OTHER && b.other == 0) {
            return null;
        }
        if ((cause == Cause.PLATFORM || cause == Cause.CODE) && b.other > 0 && b.platform + b.code == 0) {
            return null;
        }
        return (double) beyondP99_9.count(cause) / beyondP99_9.attributed;
    }

    public JsonObject toJson() {
        return dev.latencybench.core.json.JsonCodec.toJsonObject(this);
    }

    /** Which counts a cause is read from: beyond p99.9 where enough, else beyond p99, else every sample kept. */
    public enum Level {
        P99_9("beyond p99.9"), P99("beyond p99"), KEPT("kept");

        /** How the level is named in a clause or a table's column: {@code beyond p99.9}. */
        public final String label;

        Level(String label) {
            this.label = label;
        }
    }

    /** The counts at {@code level}. */
    public Beyond at(Level level) {
        return level == Level.P99_9 ? beyondP99_9 : level == Level.P99 ? beyondP99 : aboveThreshold;
    }

    /** Whether at least {@value #SHARES_FROM} samples were attributed at {@code level}, enough for shares. */
    public boolean enoughAt(Level level) {
        return at(level).attributed >= SHARES_FROM;
    }

    /**
     * The answer's clause on why the tail is what it is, e.g. {@code beyond p99.9: 18 of 20 gc}; where no cause holds
     * two thirds, the two largest, since a cause named alone at 58% may read as the other's in the next run. Falls
     * back to p99 and then the samples kept ({@link #keptWords}); null when none was attributed.
     */
    public String causeClause() {
        for (Level l : new Level[] {Level.P99_9, Level.P99}) {
            if (enoughAt(l)) {
                Beyond b = at(l);
                Cause most = most(b, null);
                return l.label + ": " + (heldAlone(b, most) ? String.format(Locale.ROOT, "%,d of %,d %s",
                        b.count(most), b.attributed, named(most)) : twoLargest(b) + String.format(Locale.ROOT,
                        " of %,d", b.attributed));
            }
        }
        Beyond kept = at(Level.KEPT);
        if (kept.attributed == 0) {
            return null;
        }
        Cause most = most(kept, null);
        return keptWords() + ": " + (heldAlone(kept, most) ? String.format(Locale.ROOT, "%,d %s", kept.count(most),
                named(most)) : twoLargest(kept));
    }

    /** Whether {@code c} holds at least two thirds of the samples attributed: then the clause names it alone. */
    private static boolean heldAlone(Beyond b, Cause c) {
        return b.count(c) * 3 >= b.attributed * 2L;
    }

    /** {@code 5,201 code and 3,785 platform}: the two causes with the most samples. */
    private String twoLargest(Beyond b) {
        Cause most = most(b, null);
        Cause next = most(b, most);
        return String.format(Locale.ROOT, "%,d %s and %,d %s", b.count(most), named(most), b.count(next), named(next));
    }

    /** A cause as the clause names it: its label, or {@value #FORKS_PAUSE} where measuring allocates nothing. */
    public String named(Cause c) {
        return c == Cause.GC && measuredAllocatesNothing() ? FORKS_PAUSE : c.label();
    }

    /** Whether the study counted its measuring threads' allocation and it was about nothing. */
    public boolean measuredAllocatesNothing() {
        return measuredBytesPerSample != null && measuredBytesPerSample < ALLOCATES_NOTHING_BYTES;
    }

    /** {@code of the 2 worst}, {@code of all 304 samples} or {@code of 2,000 samples kept}. */
    public String keptWords() {
        Beyond kept = at(Level.KEPT);
        if (cellSamples > 0 && kept.attributed >= cellSamples) {
            return String.format(Locale.ROOT, "of all %,d samples", kept.attributed);
        }
        if (medianNs == 0 && leastKeptNs == 0 || leastKeptNs > medianNs) { // an older result: as it read
            return String.format(Locale.ROOT, "of the %,d worst", kept.attributed);
        }
        return String.format(Locale.ROOT, "of %,d samples kept", kept.attributed);
    }

    /** The cause with the most samples but {@code not} (null: any), the first in {@link Cause}'s order on a tie. */
    private static Cause most(Beyond b, Cause not) {
        Cause most = null;
        for (Cause c : Cause.values()) {
            if (c != not && (most == null || b.count(c) > b.count(most))) {
                most = c;
            }
        }
        return most;
    }

    /** The part as a result's {@code tail} member holds it; null for none. */
    public static TailPart ofMember(JsonObject tail) {
        return tail == null ? null : dev.latencybench.core.json.JsonCodec.fromJson(tail, TailPart.class);
    }

    /** The part of a result, or null when it has none. */
    public static TailPart of(JsonObject result) {
        JsonElement e = result == null ? null : result.get(MEMBER);
        return e == null || !e.isJsonObject() ? null : dev.latencybench.core.json.JsonCodec.fromJson(e, TailPart.class);
    }
}
