package dev.latencybench.core.config;

import java.util.Locale;

/**
 * How long a study runs. One switch, {@code -Dbench.scale=...}, selects it for every study; each
 * study maps a scale to its own warm-up and measured durations.
 */
public enum Scale {
    /** Seconds: tests and CI. Shows the study works, not how fast the machine is. */
    SMOKE,
    /** Minutes: the {@code -Pbench} default, stable percentiles up to p99.9. */
    STANDARD,
    /** The published durations and rates. */
    PAPER;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
