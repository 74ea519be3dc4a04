package dev.latencybench.core.config;

/**
 * A property or value the suite cannot accept. Thrown before anything starts; the message names
 * the property, the value and what is allowed, so it can be printed to the user as it is.
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    /** {@code bench.rate=abc is not valid: expected a positive rate such as 100000, 100K or 1M}. */
    public static ConfigException invalid(String property, String value, String allowed) {
        return new ConfigException(property + "=" + value + " is not valid: " + allowed);
    }
}
