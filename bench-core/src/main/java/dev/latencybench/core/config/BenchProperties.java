package dev.latencybench.core.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The {@code bench.*} properties a run was given, read through typed, validated getters.
 *
 * <p>Every getter registers the property it reads as known; {@link #rejectUnknown()} then fails on
 * any {@code bench.*} property no getter asked for (a typo such as {@code bench.rtae}), naming the
 * properties that are allowed. Every error names the property, the value and what is allowed.
 *
 * <p>Not thread-safe; used once, before a run starts.
 */
public final class BenchProperties {
    /** The prefix of every property the suite reads. */
    public static final String PREFIX = "bench.";

    private final Map<String, String> values;
    private final Map<String, String> known = new TreeMap<>();
    private final Map<String, String> defaults = new TreeMap<>();

    public BenchProperties(Map<String, String> values) {
        Map<String, String> copy = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith(PREFIX)) {
                copy.put(k, v);
            }
        });
        this.values = Collections.unmodifiableMap(copy);
    }

    /** The {@code bench.*} system properties of this JVM. */
    public static BenchProperties fromSystem() {
        Properties system = System.getProperties();
        Map<String, String> map = new LinkedHashMap<>();
        for (String name : system.stringPropertyNames()) {
            map.put(name, system.getProperty(name));
        }
        return new BenchProperties(map);
    }

    /** Every {@code bench.*} property given, as given (to hand on to forked JVMs). */
    public Map<String, String> given() {
        return values;
    }

    public String string(String name, String defaultValue, String description) {
        known.put(name, description);
        defaults.put(name, defaultValue.isEmpty() ? "none" : defaultValue);
        String v = values.get(name);
        return v == null ? defaultValue : v.trim();
    }

    /** A count such as {@code 100000}, {@code 100K} or {@code 1M}, within [min, max]. */
    public long count(String name, long defaultValue, long min, long max, String description) {
        String raw = raw(name, description, Long.toString(defaultValue));
        if (raw == null) {
            return defaultValue;
        }
        long v;
        try {
            v = Units.parseCount(raw);
        } catch (NumberFormatException | ArithmeticException e) {
            throw ConfigException.invalid(name, raw, "expected " + description + " as a whole number such as "
                    + "100000, 100K or 1M, from " + min + " to " + max);
        }
        if (v < min || v > max) {
            throw ConfigException.invalid(name, raw, "expected " + description + " from " + min + " to " + max);
        }
        return v;
    }

    /** A duration such as {@code 10s} or {@code 500ms}, within [minNs, maxNs]; returns nanoseconds. */
    public long durationNs(String name, long defaultNs, long minNs, long maxNs, String description) {
        // a default below a whole millisecond is shown exactly (125us), not rounded to one that is not it (0ms)
        String raw = raw(name, description, defaultNs % 1_000_000 == 0 ? Units.formatDuration(defaultNs)
                : Units.formatNs(defaultNs));
        if (raw == null) {
            return defaultNs;
        }
        long v;
        try {
            v = Units.parseDurationNs(raw);
        } catch (NumberFormatException | ArithmeticException e) {
            throw ConfigException.invalid(name, raw, "expected " + description
                    + " as a number with a unit (ns, us, ms, s, m, h) such as 500ms or 10s");
        }
        if (v < minNs || v > maxNs) {
            throw ConfigException.invalid(name, raw, "expected " + description + " from "
                    + Units.formatDuration(minNs) + " to " + Units.formatDuration(maxNs));
        }
        return v;
    }

    /** One of the constants of {@code type}, written in lower case. */
    public <E extends Enum<E>> E choice(String name, E defaultValue, Class<E> type, String description) {
        String raw = raw(name, description, defaultValue.name().toLowerCase(Locale.ROOT));
        if (raw == null) {
            return defaultValue;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(raw)) {
                return e;
            }
        }
        throw ConfigException.invalid(name, raw, "expected one of " + Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }

    /** {@code true} or {@code false}, in any case. */
    public boolean bool(String name, boolean defaultValue, String description) {
        String raw = raw(name, description, Boolean.toString(defaultValue));
        if (raw == null) {
            return defaultValue;
        }
        if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(raw);
        }
        throw ConfigException.invalid(name, raw, "expected true or false");
    }

    /** A non-empty comma-separated subset of {@code allowed}, without repeats, in the order given. */
    public List<String> subset(String name, List<String> defaultValue, List<String> allowed, String description) {
        String raw = raw(name, "which " + description + "s to run, comma-separated: " + String.join(", ", allowed),
                String.join(",", defaultValue));
        if (raw == null) {
            return defaultValue;
        }
        List<String> picked = Arrays.stream(raw.split(",")).map(String::trim).collect(Collectors.toList());
        for (String p : picked) {
            if (!allowed.contains(p)) {
                throw ConfigException.invalid(name, raw, "unknown " + description + " '" + p
                        + "'; expected a comma-separated list of " + String.join(", ", allowed));
            }
        }
        if (picked.size() != new TreeSet<>(picked).size()) {
            throw ConfigException.invalid(name, raw, "a " + description + " is named twice");
        }
        return picked;
    }

    /**
     * A directory that exists and can be written; {@code hint} says how to fix it when it cannot.
     */
    public Path writableDirectory(String name, String defaultValue, String description, String hint) {
        String raw = string(name, defaultValue, description);
        Path dir;
        try {
            dir = Paths.get(raw);
        } catch (InvalidPathException e) {
            throw ConfigException.invalid(name, raw, "not a path (" + e.getReason() + ")");
        }
        if (!Files.isDirectory(dir)) {
            throw ConfigException.invalid(name, raw, "no such directory; " + hint);
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.invalid(name, raw, "the directory is not writable; " + hint);
        }
        return dir;
    }

    /** The text of a {@link Property.Kind#TEXT} declaration, or its default. */
    public String string(Property p) {
        p.requireKind(Property.Kind.TEXT);
        return string(p.name(), (String) p.defaultValue(), p.description());
    }

    /** The value of a {@link Property.Kind#COUNT} declaration, or its default. */
    public long count(Property p) {
        p.requireKind(Property.Kind.COUNT);
        return count(p.name(), (Long) p.defaultValue(), p.min(), p.max(), p.description());
    }

    /** The value of a {@link Property.Kind#DURATION} declaration in nanoseconds, or its default. */
    public long durationNs(Property p) {
        p.requireKind(Property.Kind.DURATION);
        return durationNs(p.name(), (Long) p.defaultValue(), p.min(), p.max(), p.description());
    }

    /** The value of a {@link Property.Kind#CHOICE} declaration, or its default. */
    public <E extends Enum<E>> E choice(Property p, Class<E> type) {
        p.requireKind(Property.Kind.CHOICE);
        return choice(p.name(), type.cast(p.defaultValue()), type, p.description());
    }

    /** The value of a {@link Property.Kind#FLAG} declaration, or its default. */
    public boolean bool(Property p) {
        p.requireKind(Property.Kind.FLAG);
        return bool(p.name(), (Boolean) p.defaultValue(), p.description());
    }

    /** The value of a {@link Property.Kind#SUBSET} declaration, or its default. */
    @SuppressWarnings("unchecked")
    public List<String> subset(Property p) {
        p.requireKind(Property.Kind.SUBSET);
        return subset(p.name(), (List<String>) p.defaultValue(), p.allowed(), p.hint());
    }

    /** The folder of a {@link Property.Kind#FOLDER} declaration, or its default; it must exist and be writable. */
    public Path writableDirectory(Property p) {
        p.requireKind(Property.Kind.FOLDER);
        return writableDirectory(p.name(), (String) p.defaultValue(), p.description(), p.hint());
    }

    /**
     * Fails on the first {@code bench.*} property given that none of {@code declared} accepts (a typo such as
     * {@code bench.rtae}), naming the listed ones with their descriptions; reads no value.
     */
    public void rejectUnknown(Collection<Property> declared) {
        for (String name : values.keySet()) {
            if (declared.stream().noneMatch(p -> p.accepts(name))) {
                StringBuilder allowed = new StringBuilder();
                Property.listed(declared).forEach(p -> allowed.append(System.lineSeparator()).append("  ")
                        .append(p.name()).append("  ").append(p.description()));
                throw new ConfigException("unknown property " + name + "=" + values.get(name)
                        + "; the properties allowed here are:" + allowed);
            }
        }
    }

    /** Fails on the first {@code bench.*} property that no getter asked for. */
    public void rejectUnknown() {
        for (String name : values.keySet()) {
            if (!known.containsKey(name)) {
                StringBuilder allowed = new StringBuilder();
                known.forEach((k, d) -> allowed.append(System.lineSeparator()).append("  ").append(k)
                        .append("  ").append(d));
                throw new ConfigException("unknown property " + name + "=" + values.get(name)
                        + "; the properties allowed here are:" + allowed);
            }
        }
    }

    /** The properties read so far, with their descriptions (for {@code --help}). */
    public Map<String, String> known() {
        return Collections.unmodifiableMap(known);
    }

    /** The default of each property read so far, as text (for {@code --help}). */
    public Map<String, String> defaults() {
        return Collections.unmodifiableMap(defaults);
    }

    private String raw(String name, String description, String defaultText) {
        known.put(name, description);
        defaults.put(name, defaultText);
        String v = values.get(name);
        return v == null ? null : v.trim();
    }
}
