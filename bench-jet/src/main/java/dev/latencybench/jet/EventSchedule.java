package dev.latencybench.jet;

import java.io.Serializable;

/**
 * The source's fixed schedule: event {@code n}, key {@code n % keys}, is stamped {@code startNs + n / rate} s, so
 * every key's count in every window {@code [end - window, end)} is known exactly and each result can be checked.
 * Epoch ns here; whole ms in the job. Immutable; serializable, as it travels inside the job.
 */
final class EventSchedule implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final long NANOS_PER_SEC = 1_000_000_000L;
    private static final long NANOS_PER_MS = 1_000_000L;

    private final long startNs;
    private final long ratePerSec;
    private final long keys;
    private final long windowNs;
    private final long slideNs;

    /**
     * @param startNs    the timestamp of event 0, epoch nanoseconds
     * @param ratePerSec events per second
     * @param keys       distinct keys, {@code n % keys}
     * @param windowNs   the window's length, a whole number of slides
     * @param slideNs    how far it slides, whole milliseconds
     */
    EventSchedule(long startNs, long ratePerSec, long keys, long windowNs, long slideNs) {
        if (ratePerSec < 1 || keys < 1 || slideNs < NANOS_PER_MS || slideNs % NANOS_PER_MS != 0 || windowNs < slideNs
                || windowNs % slideNs != 0) {
            throw new IllegalArgumentException("rate " + ratePerSec + ", keys " + keys + ", window " + windowNs
                    + " ns, slide " + slideNs + " ns");
        }
        this.startNs = startNs;
        this.ratePerSec = ratePerSec;
        this.keys = keys;
        this.windowNs = windowNs;
        this.slideNs = slideNs;
    }

    /** The timestamp of event {@code n}, rounded down to the nanosecond; whole seconds first so it cannot overflow. */
    long timestampNs(long n) {
        return startNs + (n / ratePerSec) * NANOS_PER_SEC + (n % ratePerSec) * NANOS_PER_SEC / ratePerSec;
    }

    /** The first event whose timestamp is at or after {@code t}: events {@code [0, result)} are before it. */
    long firstAtOrAfter(long t) {
        if (t <= startNs) {
            return 0;
        }
        long d = t - startNs;
        long n = (d / NANOS_PER_SEC) * ratePerSec + (d % NANOS_PER_SEC) * ratePerSec / NANOS_PER_SEC;
        while (timestampNs(n) < t) {
            n++;
        }
        while (n > 0 && timestampNs(n - 1) >= t) {
            n--;
        }
        return n;
    }

    /** Events with a timestamp in {@code [end - window, end)}. */
    long eventsIn(long end) {
        return firstAtOrAfter(end) - firstAtOrAfter(end - windowNs);
    }

    /** The count key {@code key} must have in the window ending at {@code end}. */
    long expectedCount(long key, long end) {
        return countOfKey(key, firstAtOrAfter(end - windowNs), firstAtOrAfter(end));
    }

    /** How many of the events {@code [from, to)} have key {@code key}. */
    long countOfKey(long key, long from, long to) {
        return eventsOfKeyBefore(key, to) - eventsOfKeyBefore(key, from);
    }

    /** How many results (keys with a count) the window ending at {@code end} has: every key, once it is full. */
    long expectedResults(long end) {
        return Math.min(keys, eventsIn(end));
    }

    /** Events {@code n < before} with {@code n % keys == key}. */
    private long eventsOfKeyBefore(long key, long before) {
        return before / keys + (before % keys > key ? 1 : 0);
    }

    /**
     * A time as the job carries it: whole epoch ms, rounded down. Not ns, as Jet's planner assumes ms when throttling
     * watermarks and would emit one per microsecond; whole-ms windows keep every count exact.
     */
    static long toJobMs(long epochNs) {
        return Math.floorDiv(epochNs, NANOS_PER_MS);
    }

    /** A job time ({@link #toJobMs}) back in epoch ns; saturates rather than overflow (an idle watermark). */
    static long fromJobMs(long epochMs) {
        if (epochMs >= Long.MAX_VALUE / NANOS_PER_MS) {
            return Long.MAX_VALUE;
        }
        if (epochMs <= Long.MIN_VALUE / NANOS_PER_MS) {
            return Long.MIN_VALUE;
        }
        return epochMs * NANOS_PER_MS;
    }

    long startNs() {
        return startNs;
    }

    long ratePerSec() {
        return ratePerSec;
    }

    long keys() {
        return keys;
    }

    long windowNs() {
        return windowNs;
    }

    long slideNs() {
        return slideNs;
    }
}
