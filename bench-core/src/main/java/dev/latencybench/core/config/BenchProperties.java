package dev.latencybench.core.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The {@code bench.*} properties a run was given, read through typed, validated getters that take the
 * {@link Property} declaration, so name, default, range and description are written once. Every error names the
 * property, the value and what is allowed.
 *
 * <p>A study's reader runs once per cell, in the runner; what it makes travels as data in the cell's plan file, so the
 * launcher and the forks read only the run's own settings through this class. Not thread-safe; used once, before a
 * run starts.
 */
public final class BenchProperties {
    /** The prefix of every property the suite reads. */
    public static final String PREFIX = "bench.";

    /** Each {@code bench.*} property given, by name, as text. */
    private final Map<String, String> properties = new LinkedHashMap<>();
    /** The declarations read, in order. */
    private final List<Property> read = new ArrayList<>();

    public BenchProperties(Map<String, String> values) {
        values.forEach((k, v) -> {
            if (k.startsWith(PREFIX) && v != null) {
                properties.put(k, v);
            }
        });
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

    /** The declarations read so far, in order. */
    public List<Property> read() {
        return Collections.unmodifiableList(read);
    }

    /** Every {@code bench.*} property given, as given (to hand on to forked JVMs). */
    public Map<String, String> given() {
        return Collections.unmodifiableMap(properties);
    }

    /** The text of a {@link Property.Kind#TEXT} declaration, trimmed, or its default. */
    public String string(Property p) {
        p.requireKind(Property.Kind.TEXT);
        String raw = raw(p);
        return raw == null ? (String) p.defaultValue() : raw;
    }

    /** {@code p}'s value: its default where none was given, else the text parsed. */
    @SuppressWarnings("unchecked")
    private <T> T value(Property p, Property.Kind kind, Function<String, T> parse) {
        p.requireKind(kind);
        String raw = raw(p);
        return raw == null ? (T) p.defaultValue() : parse.apply(raw);
    }

    /** A count such as {@code 100000}, {@code 100K} or {@code 1M}, within the declaration's range. */
    public long count(Property p) {
        return value(p, Property.Kind.COUNT, raw -> parseCount(p, raw));
    }

    private static long parseCount(Property p, String raw) {
        long v;
        try {
            v = Units.parseCount(raw);
        } catch (Units.TooLarge e) {
            v = Long.MAX_VALUE; // out of the range below, which the message names
        } catch (NumberFormatException | ArithmeticException e) {
            // the suffixes as examples only where the range reaches them: not for a count of 1 to 100
            throw ConfigException.invalid(p.name, raw, "expected " + p.description + " as a whole number"
                    + (p.max() >= 1_000_000 ? " such as 100000, 100K or 1M," : p.max() >= 1_000 ? " such as 500 or 1K,"
                    : "") + " from " + p.min() + " to " + p.max());
        }
        if (v < p.min() || v > p.max()) {
            throw ConfigException.invalid(p.name, raw, "expected " + p.description + " from " + p.min() + " to "
                    + p.max());
        }
        return v;
    }

    /** A duration such as {@code 10s} or {@code 500ms}, within the declaration's range; returns nanoseconds. */
    public long durationNs(Property p) {
        return value(p, Property.Kind.DURATION, raw -> parseDuration(p, raw));
    }

    private static long parseDuration(Property p, String raw) {
        long v;
        try {
            v = Units.parseDurationNs(raw);
        } catch (Units.TooLarge e) {
            v = Long.MAX_VALUE; // out of the range below, which the message names
        } catch (NumberFormatException | ArithmeticException e) {
            throw ConfigException.invalid(p.name, raw, "expected " + p.description
                    + " as a number with a unit (ns, us, ms, s, m, h) such as 500ms or 10s");
        }
        if (v < p.min() || v > p.max()) {
            throw ConfigException.invalid(p.name, raw, "expected " + p.description + " from "
                    + Units.formatDuration(p.min()) + " to " + Units.formatDuration(p.max()));
        }
        return v;
    }

    /** One of the constants of {@code type} (the declaration's default's), written in any case. */
    public <E extends Enum<E>> E choice(Property p, Class<E> type) {
        return value(p, Property.Kind.CHOICE, raw -> {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(raw)) {
                    return e;
                }
            }
            throw ConfigException.invalid(p.name, raw, "expected one of " + String.join(", ", p.allowed));
        });
    }

    /** {@code true} or {@code false}, in any case. */
    public boolean bool(Property p) {
        return value(p, Property.Kind.FLAG, raw -> {
            if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(raw);
            }
            throw ConfigException.invalid(p.name, raw, "expected true or false");
        });
    }

    /** A non-empty comma-separated subset of the allowed values, without repeats, in the order given. */
    public List<String> subset(Property p) {
        return value(p, Property.Kind.SUBSET, raw -> parseSubset(p, raw));
    }

    private static List<String> parseSubset(Property p, String raw) {
        String noun = p.hint();
        List<String> picked = Arrays.stream(raw.split(",")).map(String::trim).collect(Collectors.toList());
        for (String one : picked) {
            if (!p.allowed.contains(one)) {
                throw ConfigException.invalid(p.name, raw, "unknown " + noun + " '" + one
                        + "'; expected a comma-separated list of " + String.join(", ", p.allowed));
            }
        }
        if (picked.size() != new TreeSet<>(picked).size()) {
            throw ConfigException.invalid(p.name, raw, "a " + noun + " is named twice");
        }
        return picked;
    }

    /** A directory that exists and can be written; the declaration's hint says how to fix it when it cannot. */
    public Path writableDirectory(Property p) {
        p.requireKind(Property.Kind.FOLDER);
        String raw = raw(p);
        String name = p.name;
        if (raw == null) {
            raw = (String) p.defaultValue();
        }
        Path dir;
        try {
            dir = Paths.get(raw);
        } catch (InvalidPathException e) {
            throw ConfigException.invalid(name, raw, ConfigException.pathProblem(e));
        }
        if (!Files.isDirectory(dir)) {
            throw ConfigException.invalid(name, raw, "no such directory; " + p.hint());
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.invalid(name, raw, "the directory is not writable; " + p.hint());
        }
        return dir;
    }

    /** Fails on the first {@code bench.*} property none of {@code declared} accepts, listing those allowed. */
    public void rejectUnknown(Collection<Property> declared) {
        Map<String, String> values = given();
        for (String name : values.keySet()) {
            if (declared.stream().noneMatch(p -> p.accepts(name))) {
                StringBuilder allowed = new StringBuilder();
                Property.listed(declared).forEach(p -> allowed.append(System.lineSeparator()).append("  ")
                        .append(p.name).append("  ").append(p.description));
                throw new ConfigException("unknown property " + name + "=" + values.get(name)
                        + "; the properties allowed here are:" + allowed);
            }
        }
    }

    /** The value given, trimmed; null when none was. */
    private String raw(Property p) {
        read.add(p);
        String text = properties.get(p.name);
        return text == null ? null : text.trim();
    }
}
