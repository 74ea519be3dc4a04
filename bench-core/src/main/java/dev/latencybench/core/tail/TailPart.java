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
 * The samples above the forks' threshold were kept with their end times ({@link #kept}, and {@link #notKept}
 * once a fork's buffer was full); each is put down to a {@link Cause} by {@link Coverage}: the cause whose stops or
 * stalls cover the most of its time above the cell's median ({@link #medianNs}), at least half of it, else
 * {@code code}; where a second cause covered a large share too, it is counted as {@link Beyond#shared}. A result written before the platform and the code were told apart has
 * {@code other} where a newer one has {@code platform} and {@code code}; it is read and shown as it was. Counted beyond p99 and beyond p99.9 of the cell's merged histogram, with the
 * number of samples the histogram holds beyond them: fewer attributed than that means the threshold sat above
 * the percentile or a buffer was full. Written and read through the codec (JsonCodec) by this one type. A plain holder.
 */
public final class TailPart {
    /** The member of {@code result.json} that holds it. */
    public static final String MEMBER = "tail";
    /** Fewer attributed samples than this beyond p99.9: no shares, as a percentile with fewer is not shown. */
    public static final long SHARES_FROM = 10;
    /** How many outliers of each cause a fork keeps in {@link #marks} at most: its worst in each of as many slots. */
    public static final int MARKS_PER_CAUSE = 20;
    /** Bytes per sample under which the measuring threads allocate nothing: less than one object header a thousand samples. */
    public static final double ALLOCATES_NOTHING_BYTES = 0.1;
    /** How the clause names {@code gc} where the measuring threads allocate nothing. */
    public static final String FORKS_PAUSE = "gc, the fork's pause";

    /** The highest of the forks' thresholds: above it, every sample of every fork was kept (unless not kept). */
    public long thresholdNs;
    /** The cell's median: a sample's time above it is what a cause's stops must cover ({@link Coverage}). */
    public long medianNs;
    /** How many samples the cell's merged histogram holds: where every one was kept, the clause says "of all N". */
    public long cellSamples;
    /** The smallest sample kept: where it lies above the median, the kept are the cell's worst. 0: none kept. */
    public long leastKeptNs;
    /**
     * What the measuring threads allocated per sample, where the study counts it ({@code Accounting}); null where it
     * does not. Below {@value #ALLOCATES_NOTHING_BYTES} bytes, the clause names a {@code gc} cause the fork's pause:
     * the garbage came from the fork's other threads, not from the measured code.
     */
    public Double measuredBytesPerSample;
    /** Forks whose outliers and stops were both read; the others' samples are not attributed. */
    public int forksAttributed;
    public long kept;
    public long notKept;
    /** Every outlier kept and attributed, by cause ({@code percentileNs}: the threshold, {@code samples}: those kept). */
    public Beyond aboveThreshold = new Beyond();
    public Beyond beyondP99 = new Beyond();
    public Beyond beyondP99_9 = new Beyond();
    /** Per cause label, the worst sample kept that was put down to it. */
    public Map<String, Worst> worst = new LinkedHashMap<>();
    /**
     * Per fork (its process id), per cause label, the worst kept outlier of that cause in each of
     * {@value #MARKS_PER_CAUSE} equal slots of the fork's time from its first outlier to its last ({@link TailMarks}),
     * each {@code [endNs, latencyNs]}, earliest end first: what the report's timeline marks. Bounded: at most 20 x 5
     * pairs a fork. Empty in a result written before they were kept.
     */
    public Map<String, Map<String, List<long[]>>> marks = new LinkedHashMap<>();
    /**
     * Why samples beyond p99.9 may be missing from {@code beyondP99_9.attributed}, one sentence a fork: a
     * threshold above the cell's p99.9 (the warm-up's second half slower than the measured period), a full
     * buffer whose smallest kept lies above it, a fork without a log on the sample's clock. Empty: none of these.
     */
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
        /** Results written before the hiccup probe, and forks without its {@code stalls.bin}: platform or code. */
        public long other;
        /**
         * Per cause label, the samples put down to another cause in which this one too covered a large share
         * ({@link Coverage#LARGE}) of the time above the median: the split the table and the chart show. Empty in a
         * result written before it was kept (read as null there).
         */
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

    /**
     * One sample: its latency, when it ended, the stop or stall it was put down to (a GC phase, a safepoint's
     * operation, the stall's source such as {@code run queue of lb-producer}; none for {@code code}), its fork.
     */
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

    /**
     * The share of the attributed samples beyond p99.9 put down to {@code cause}, 0 to 1; null when fewer than
     * {@value #SHARES_FROM} samples beyond p99.9 were attributed, for {@code other} when none was (a result that
     * told the platform and the code apart), and for {@code platform} and {@code code} when neither was told apart
     * from {@code other} (a result written before the hiccup probe).
     */
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

    /**
     * Which counts a cause is read from: beyond p99.9 where at least {@value #SHARES_FROM} samples there were
     * attributed, else beyond p99, else every sample kept (a smoke run's few thousand samples leave a handful beyond
     * p99.9). The answer's clause ({@link #causeClause}) picks a level per cell, the report's chart one for a
     * scenario's cells.
     */
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
     * The answer's clause on why the tail is what it is: the cause most of the attributed samples beyond p99.9 were
     * put down to, {@code beyond p99.9: 18 of 20 gc}; where no cause holds two thirds of them, the two largest,
     * {@code beyond p99.9: 5,201 code and 3,785 platform of 8,986} (a cause named alone at 58% read as the other's at
     * 56% in the next run of the same build: a clause that names both holds from one run to the next); where fewer than {@value #SHARES_FROM} beyond p99.9 were
     * attributed, the same beyond p99; where fewer beyond p99 too, over the samples kept: {@code of the 2 worst: 2
     * code} only where every sample kept lies above the cell's median (a threshold above it), {@code of all 304
     * samples: 285 code} where the cell kept every sample (threshold 0: Jet's windows at smoke scale), else {@code of
     * 2,000 samples kept: ...}. A result written before the median was kept reads "worst" as it did. Null when none
     * was attributed.
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

    /**
     * A cause as the clause names it: its label, and for {@code gc} where the measuring threads allocate nothing,
     * {@code gc, the fork's pause}: the pause is real, its garbage another thread's ({@link #measuredBytesPerSample}
     * says how little the measured code made; the answer line, at most 200 characters, gives no figure that no table
     * holds).
     */
    public String named(Cause c) {
        return c == Cause.GC && measuredAllocatesNothing() ? FORKS_PAUSE : c.label();
    }

    /** Whether the study counted its measuring threads' allocation and it was about nothing. */
    public boolean measuredAllocatesNothing() {
        return measuredBytesPerSample != null && measuredBytesPerSample < ALLOCATES_NOTHING_BYTES;
    }

    /**
     * What the samples kept are, in words: {@code of the 2 worst} where each lies above the cell's median, {@code of
     * all 304 samples} where the cell kept every one, else {@code of 2,000 samples kept}.
     */
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

    /** The part of a result, or null when it has none (a result written before tails were attributed). */
    public static TailPart of(JsonObject result) {
        JsonElement e = result == null ? null : result.get(MEMBER);
        return e == null || !e.isJsonObject() ? null : dev.latencybench.core.json.JsonCodec.fromJson(e, TailPart.class);
    }
}
