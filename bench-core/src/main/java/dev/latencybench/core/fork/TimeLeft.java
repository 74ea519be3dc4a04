package dev.latencybench.core.fork;

import dev.latencybench.core.config.Units;

/** The time a progress line says is left of the launcher's estimate. Stateless. */
final class TimeLeft {
    private TimeLeft() {
    }

    /** {@code , at most 1m20s left} (the launcher's estimate), {@code , past the estimate}, or nothing without one. */
    static String text(long endsByMillis, long nowMillis) {
        if (endsByMillis <= 0) {
            return "";
        }
        long leftMs = endsByMillis - nowMillis;
        return leftMs <= 0 ? ", past the launch's estimate"
                : ", at most " + Units.formatDuration((leftMs + 999) / 1_000 * 1_000_000_000L) + " left";
    }
}
