package dev.latencybench.jet;

import java.io.Serializable;

/**
 * The source's fixed schedule and what it implies for every window: event {@code n} (its value is
 * {@code n}, its key {@code n % keys}) has the timestamp {@code startNs + n / rate} seconds, taken
 * from the schedule and not from when it was emitted. A window covers the timestamps
 * {@code [end - window, end)}, as Jet's sliding windows do, so with a steady source the count of
 * every key in every window is known exactly: the measuring stage checks each result against it.
 * Timestamps are epoch nanoseconds. Immutable; serializable, because it travels inside the job.
 */
final class EventSchedule implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final long NANOS_PER_SEC = 1_000_000_000L;

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
     * @param slideNs    how far it slides
     */
    EventSchedule(long startNs, long ratePerSec, long keys, long windowNs, long slideNs) {
        if (ratePerSec < 1 || keys < 1 || slideNs < 1 || windowNs < slideNs || windowNs % slideNs != 0) {
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
