package dev.latencybench.core.schedule;

import java.util.Locale;

import dev.latencybench.core.config.Periods;
import dev.latencybench.core.record.LatencySummary;

/** Why a step cannot be judged on a percentile, and how long it would need to be: one wording for all. Stateless. */
public final class TooShort {
    /** The answer of a search that stopped on such a step. */
    public static final String ANSWER = "cannot tell at this length";

    private TooShort() {
    }

    /**
     * {@code a 2,000-message step puts 2 messages beyond p99.9; 10,000 are needed: ...}; without the period when
     * the rate is not known.
     *
     * @param count          the step's samples, over all its forks
     * @param pct            the percentile as a number, {@code 99.9}
     * @param sample         what one sample is, singular: {@code message}
     * @param ratePerSec     the samples a second of one fork's measured period; 0 when not known
     * @param forks          the forks the count adds up, at least 1
     */
    public static String text(long count, String percentile, double pct, String sample, double ratePerSec,
                              String rateUnit, int forks) {
        long needed = LatencySummary.neededFor(pct);
        long beyond = LatencySummary.beyond(count, pct);
        String s = String.format(Locale.ROOT, "a %,d-%s step puts %,d %s beyond %s; %,d are needed", count, sample,
                beyond, beyond == 1 ? sample : sample + "s", percentile, needed);
        if (ratePerSec > 0) {
            long seconds = (long) Math.ceil(needed / (ratePerSec * Math.max(1, forks)) - 1e-9);
            s += String.format(Locale.ROOT, ": a measured period of %,d s%s at %,.0f %s, -D%s=%ds", seconds,
                    forks > 1 ? " per fork" : "", ratePerSec, rateUnit, Periods.DURATION, seconds);
        }
        return s;
    }

    /** Whether {@code count} samples leave too few beyond the {@code pct} percentile to judge it; never for the max. */
    public static boolean applies(long count, double pct) {
        return pct < 100 && !LatencySummary.shown(count, pct);
    }
}
