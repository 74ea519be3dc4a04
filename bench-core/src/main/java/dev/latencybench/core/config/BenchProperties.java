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
 * <p>Values resolved once travel with a cell's plan file and are handed back unread while their text is unchanged.
 * Not thread-safe; used once, before a run starts.
 */
public final class BenchProperties {
    /** The prefix of every property the suite reads. */
    public static final String PREFIX = "bench.";

    /** Each property by name: the text given (null: none) and the plan's value for that text (null: none). */
    private final Map<String, Given> properties = new LinkedHashMap<>();
    /** The declarations read, in order. */
    private final List<Property> read = new ArrayList<>();
    /** Each value read, in its plain form, by name: what a plan file keeps. */
    private final Map<String, String> resolved = new LinkedHashMap<>();
    /** The names whose text was parsed and checked, once per read. */
    private final List<String> parsed = new ArrayList<>();

    public BenchProperties(Map<String, String> values) {
        this(values, Map.of(), Map.of());
    }

    /**
     * Properties over a cell's plan: a value in {@code planValues} is handed back unread while its text in
     * {@code values} equals the one in {@code planGiven} it was resolved from; a different text is read as usual.
     */
    public BenchProperties(Map<String, String> values, Map<String, String> planGiven, Map<String, String> planValues) {
        values.forEach((k, v) -> {
            if (k.startsWith(PREFIX)) {
                properties.put(k, new Given(v, null));
            }
        });
        planValues.forEach((k, v) -> {
            Given g = properties.get(k);
            String text = g == null ? null : g.text;
            if (k.startsWith(PREFIX) && java.util.Objects.equals(text, planGiven.get(k))) {
                properties.put(k, new Given(text, v));
            }
        });
    }

    /** A property's text as given (null: none), and the value a plan resolved from that same text (null: none). */
    private static final class Given {
        final String text;
        final String planned;

        Given(String text, String planned) {
            this.text = text;
            this.planned = planned;
        }
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

    /** Each value read so far, by name, in plain form (durations in ns, choices by name); the last read wins. */
    public Map<String, String> resolved() {
        return Collections.unmodifiableMap(resolved);
    }

    /** The names whose text was read and checked, once per read, in order (values from a plan are not). */
    public List<String> parsed() {
        return Collections.unmodifiableList(parsed);
    }

    /** Whether {@code p}'s value comes from a plan that already checked it, so a reader need not check again. */
    public boolean fromPlan(Property p) {
        return planned(p) != null;
    }

    /** The value a plan resolved for {@code p} while its text is the one it was resolved from; else null. */
    private String planned(Property p) {
        Given g = properties.get(p.name);
        return g == null ? null : g.planned;
    }

    private <T> T keep(Property p, T v, String plain) {
        resolved.put(p.name, plain);
        return v;
    }

    /** Every {@code bench.*} property given, as given (to hand on to forked JVMs). */
    public Map<String, String> given() {
        Map<String, String> given = new LinkedHashMap<>();
        properties.forEach((k, g) -> {
            if (g.text != null) {
                given.put(k, g.text);
            }
        });
        return Collections.unmodifiableMap(given);
    }

    /** The text of a {@link Property.Kind#TEXT} declaration, trimmed, or its default. */
    public String string(Property p) {
        p.requireKind(Property.Kind.TEXT);
        String planned = planned(p);
        if (planned != null) {
            read.add(p);
            return keep(p, planned, planned);
        }
        String raw = raw(p);
        String v = raw == null ? (String) p.defaultValue() : raw;
        return keep(p, v, v);
    }

    /**
     * {@code p}'s value: the plan's (read from its plain form), else the default where none was given, else the text
     * parsed; each kept in plain form ({@link #resolved}).
     */
    @SuppressWarnings("unchecked")
    private <T> T value(Property p, Property.Kind kind, Function<String, T> fromPlain, Function<T, String> toPlain,
            Function<String, T> parse) {
        p.requireKind(kind);
        String planned = planned(p);
        if (planned != null) {
            read.add(p);
            return keep(p, fromPlain.apply(planned), planned);
        }
        String raw = raw(p);
        if (raw == null) {
            T v = (T) p.defaultValue();
            return keep(p, v, toPlain.apply(v));
        }
        parsed.add(p.name);
        T v = parse.apply(raw);
        return keep(p, v, toPlain.apply(v));
    }

    /** A count such as {@code 100000}, {@code 100K} or {@code 1M}, within the declaration's range. */
    public long count(Property p) {
        return value(p, Property.Kind.COUNT, Long::parseLong, v -> Long.toString(v), raw -> parseCount(p, raw));
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
        return value(p, Property.Kind.DURATION, Long::parseLong, v -> Long.toString(v), raw -> parseDuration(p, raw));
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
        return value(p, Property.Kind.CHOICE, plain -> Enum.valueOf(type, plain), Enum::name, raw -> {
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
        return value(p, Property.Kind.FLAG, Boolean::parseBoolean, v -> Boolean.toString(v), raw -> {
            if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(raw);
            }
            throw ConfigException.invalid(p.name, raw, "expected true or false");
        });
    }

    /** A non-empty comma-separated subset of the allowed values, without repeats, in the order given. */
    public List<String> subset(Property p) {
        return value(p, Property.Kind.SUBSET, plain -> List.of(plain.split(",")), v -> String.join(",", v),
                raw -> parseSubset(p, raw));
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
        return keep(p, dir, raw);
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
        Given g = properties.get(p.name);
        return g == null || g.text == null ? null : g.text.trim();
    }
}
