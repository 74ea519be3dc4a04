package dev.latencybench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.latencybench.core.study.RunSettings;
import dev.latencybench.launch.UsageException;

/**
 * The {@code bench.*} properties of one {@code bench run}: the runner's own system properties, then the
 * command line's {@code -Dbench.NAME=VALUE} words over them, and the options that say the same as one of
 * them ({@code --forks 3} is {@code -Dbench.forks=3}). A property given twice on the command line, or
 * given both as an option and as its property, is refused, so that no value given is dropped without a
 * word. The runner's own settings are taken out as they are read; what {@link #remaining} keeps is the
 * scenarios'. Not thread-safe; one per command line.
 */
final class CommandLineProperties {
    /** The command line's {@code -D} words by name. */
    private final Map<String, String> given = new LinkedHashMap<>();
    /** The system's and the command line's, less those taken out. */
    private final Map<String, String> remaining;

    /**
     * @param words  the command line's {@code -D} words, each {@code bench.NAME=VALUE}
     * @param system the runner JVM's own {@code bench.*} system properties, under the words
     */
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

    /**
     * An option's value, else the property that says the same (taken out of the properties either way);
     * giving both on the command line is an error, as for {@link #optionProperty}.
     */
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

    /**
     * {@code --verbose} or {@code -Dbench.verbose=true}: each cell's console shows JMH's whole output.
     * Taken out of the properties: it changes what is printed, not what is measured, so it is no
     * property of the run (a resumed run may set it).
     */
    boolean verbose(boolean verboseOption) {
        given.remove(RunSettings.VERBOSE);
        String v = remaining.remove(RunSettings.VERBOSE);
        if (v != null && !v.trim().equalsIgnoreCase("true") && !v.trim().equalsIgnoreCase("false")) {
            throw new UsageException("bench run: -D" + RunSettings.VERBOSE + "=" + v + ": expected true or false");
        }
        return verboseOption || (v != null && v.trim().equalsIgnoreCase("true"));
    }
}
