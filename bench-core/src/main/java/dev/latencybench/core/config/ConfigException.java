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

    /** The message with {@code prefix} before each of its lines (a check that found several problems says each). */
    public String linesAfter(String prefix) {
        return prefix + getMessage().replace("\n", "\n" + prefix);
    }

    /**
     * Why a path given by the user cannot be used, in one line: the JVM's reason, and where the path has
     * characters the JVM cannot name files with (a non-UTF-8 locale such as {@code LC_ALL=C}), what to do.
     */
    public static String pathProblem(java.nio.file.InvalidPathException e) {
        return pathProblem(e, System.getProperty("sun.jnu.encoding", ""));
    }

    /** The same, for a JVM that names files in {@code encoding}. */
    static String pathProblem(java.nio.file.InvalidPathException e, String encoding) {
        boolean nonAscii = e.getInput().chars().anyMatch(c -> c > 127);
        return "the path '" + e.getInput() + "' cannot be used here: " + e.getReason()
                + (nonAscii && !encoding.equalsIgnoreCase("UTF-8") ? "; this JVM names files in " + encoding + ", as the"
                + " locale says (LC_ALL, LANG): run it under a UTF-8 locale such as LC_ALL=C.UTF-8, or choose a path of"
                + " ASCII characters" : "");
    }
}
