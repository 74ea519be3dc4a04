package dev.latencybench.kafka;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.AbstractHistogram;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.schedule.PassRule;
import dev.latencybench.core.schedule.TooShort;

/**
 * The chain study's SLO, e.g. {@code p99.9<100ms}: a percentile of end-to-end latency that every chain must keep
 * below a bound; the search's {@link PassRule} and each chain's check. Immutable.
 */
public final class ChainSlo {
    /** The percentiles {@link PassRule#percentileBelow} knows, as written in the property. */
    static final String ALLOWED = "p50, p90, p99, p99.9, p99.99 or max";
    private static final Pattern FORM = Pattern.compile("(p[0-9.]+|max)\\s*<\\s*(.+)");

    private final String percentile;
    private final double quantile;
    private final long boundNs;

    private ChainSlo(String percentile, double quantile, long boundNs) {
        this.percentile = percentile;
        this.quantile = quantile;
        this.boundNs = boundNs;
    }

    /**
     * @param property the property's name, for the message
     * @throws ConfigException naming the property, the value and what is allowed
     */
    static ChainSlo parse(String property, String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        String expected = "expected <percentile><<bound> such as p99.9<100ms, with a percentile of " + ALLOWED
                + " and a bound above 0 with a unit (ns, us, ms, s)";
        if (!m.matches()) {
            throw ConfigException.invalid(property, text, expected);
        }
        double quantile;
        switch (m.group(1)) {
            case "p50": quantile = 50; break;
            case "p90": quantile = 90; break;
            case "p99": quantile = 99; break;
            case "p99.9": quantile = 99.9; break;
            case "p99.99": quantile = 99.99; break;
            case "max": quantile = 100; break;
            default: throw ConfigException.invalid(property, text, "unknown percentile '" + m.group(1) + "'; "
                    + expected);
        }
        long bound;
        try {
            bound = Units.parseDurationNs(m.group(2).trim());
        } catch (NumberFormatException | ArithmeticException e) {
            throw ConfigException.invalid(property, text, "the bound '" + m.group(2).trim() + "' is not a duration; "
                    + expected);
        }
        if (bound <= 0) {
            throw ConfigException.invalid(property, text, "the bound must be above 0; " + expected);
        }
        return new ChainSlo(m.group(1), quantile, bound);
    }

    /** The search's rule: the step OK and the merged latency's percentile below the bound. */
    public PassRule passRule() {
        return PassRule.percentileBelow(percentile, boundNs);
    }

    /** {@code p99.9}. */
    public String percentile() {
        return percentile;
    }

    public long boundNs() {
        return boundNs;
    }

    /** The percentile as a number: 99.9; 100 for the max. */
    double quantile() {
        return quantile;
    }

    /** Whether {@code samples} leave enough (10 or more) beyond the percentile to judge it. */
    boolean decides(long samples) {
        return !TooShort.applies(samples, quantile);
    }

    /** This percentile of a histogram (one chain's latency). */
    long valueOf(AbstractHistogram h) {
        return quantile == 100 ? h.getMaxValue() : h.getValueAtPercentile(quantile);
    }

    /** {@code p99.9 < 100ms}. */
    public String describe() {
        return passRule().describe();
    }

    /** {@code p99.9 140ms >= 100ms}, or {@code p99.9 61.0ms}. */
    String judge(long valueNs) {
        return percentile + " " + Units.formatNs(valueNs) + (valueNs < boundNs ? "" : " >= " + Units.formatNs(boundNs));
    }

    @Override
    public String toString() {
        return describe();
    }
}
