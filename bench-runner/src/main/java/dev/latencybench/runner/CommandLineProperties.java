package dev.latencybench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.latencybench.core.study.RunSettings;
import dev.latencybench.launch.UsageException;

/**
 * The {@code bench.*} properties of one {@code bench run}: system properties, then {@code -D} words and options over
 * them. A value given twice is refused so none is dropped silently. Not thread-safe; one per command line.
 */
final class CommandLineProperties {
    /** The command line's {@code -D} words by name. */
    private final Map<String, String> given = new LinkedHashMap<>();
    /** The system's and the command line's, less those taken out. */
    private final Map<String, String> remaining;

    /** {@code words}: the command line's {@code -D} words, over {@code system}, the runner JVM's own properties. */
    CommandLineProperties(List<String> words, Map<String, String> system) {
        for (String arg : words) {
            int eq = arg.indexOf('=');
            String key = eq < 0 ? arg : arg.substring(0, eq);
            if (eq < 0 || !key.startsWith("bench.")) {
                throw new UsageException("bench run: '-D" + arg + "': expected -Dbench.NAME=VALUE");
            }
            if (given.containsKey(key)) {
                throw new UsageException("bench run: -D" + key + " is given twice ('" + given.get(key) + "', then '"
                        + arg.substring(eq + 1) + "'); give each property once");
            }
            given.put(key, arg.substring(eq + 1));
        }
        remaining = new LinkedHashMap<>(system);
        remaining.putAll(given);
    }

    /** The names given as {@code -D} words on the command line (less {@code bench.verbose} once read). */
    Set<String> givenNames() {
        return given.keySet();
    }

    /** The properties not taken out yet, the scenarios' once the runner's are read; changed in place. */
    Map<String, String> remaining() {
        return remaining;
    }

    /** An option's value, else its property's (taken out either way); giving both is an error. */
    String option(String option, String property, String value) {
        refuseBoth(option, value, property);
        String fromProperty = remaining.remove(property);
        return value != null ? value : fromProperty;
    }

    void refuseBoth(String option, String value, String property) {
        if (value != null && given.containsKey(property)) {
            throw new UsageException("bench run: " + option + " and -D" + property + " say the same; give one of them");
        }
    }

    /** A property given as an option ({@code --forks 3}); giving it both ways is an error. */
    void optionProperty(String option, String value, String property) {
        refuseBoth(option, value, property);
        if (value != null) {
            remaining.put(property, value);
        }
    }

    /** {@code --verbose} or {@code -Dbench.verbose=true}; taken out, since it changes what is printed, not measured. */
    boolean verbose(boolean verboseOption) {
        given.remove(RunSettings.VERBOSE);
        String v = remaining.remove(RunSettings.VERBOSE);
        if (v != null && !v.trim().equalsIgnoreCase("true") && !v.trim().equalsIgnoreCase("false")) {
            throw new UsageException("bench run: -D" + RunSettings.VERBOSE + "=" + v + ": expected true or false");
        }
        return verboseOption || (v != null && v.trim().equalsIgnoreCase("true"));
    }
}
