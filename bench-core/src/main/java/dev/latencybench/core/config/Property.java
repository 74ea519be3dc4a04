package dev.latencybench.core.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One {@code bench.*} property a study declares up front: name, kind, default, description and allowed values, so
 * they are written once and {@code --help} and the unknown-property check need no reader. A scale-dependent default
 * is declared by a static method of the scale. Immutable and thread-safe.
 */
public final class Property {
    /** What kind of value a property takes. */
    public enum Kind {
        TEXT,
        /** A whole number within a range, accepting 100K and 1M. */
        COUNT,
        /** A duration within a range, with a unit: 500ms, 10s. */
        DURATION,
        /** One of an enum's constants, in any case. */
        CHOICE,
        FLAG,
        SUBSET,
        FOLDER,
        /** Any property whose name starts with this one's (a pass-through to a library's settings). */
        PREFIX
    }

    public final String name;
    public final Kind kind;
    public final String description;
    private final Object defaultValue;
    /** The default as {@code --help} shows it. */
    public final String defaultText;
    private final long min;
    private final long max;
    public final List<String> allowed;
    /** A folder's fix when it cannot be used; a subset's noun ("transport"). */
    private final String hint;
    /** Whether {@code --help} and the unknown-property error list it. */
    public final boolean listed;

    private Property(String name, Kind kind, String description, Object defaultValue, String defaultText, long min,
                     long max, List<String> allowed, String hint, boolean listed) {
        if (!name.startsWith(BenchProperties.PREFIX)) {
            throw new IllegalArgumentException("a property's name starts with " + BenchProperties.PREFIX + ": " + name);
        }
        this.name = name;
        this.kind = kind;
        this.description = Objects.requireNonNull(description);
        this.defaultValue = defaultValue;
        this.defaultText = defaultText;
        this.min = min;
        this.max = max;
        this.allowed = List.copyOf(allowed);
        this.hint = hint;
        this.listed = listed;
    }

    /** Any text; an empty default is shown as {@code none}. */
    public static Property text(String name, String defaultValue, String description) {
        return new Property(name, Kind.TEXT, description, defaultValue, defaultValue.isEmpty() ? "none" : defaultValue,
                0, 0, List.of(), null, true);
    }

    /** A count such as {@code 100000}, {@code 100K} or {@code 1M}, within [min, max]. */
    public static Property count(String name, long defaultValue, long min, long max, String description) {
        return new Property(name, Kind.COUNT, description, defaultValue, Long.toString(defaultValue), min, max,
                List.of(), null, true);
    }

    /** A duration such as {@code 10s} or {@code 500ms}, within [minNs, maxNs]. */
    public static Property duration(String name, long defaultNs, long minNs, long maxNs, String description) {
        // a default below a whole millisecond is shown exactly (125us), not rounded to one that is not it (0ms)
        String text = defaultNs % 1_000_000 == 0 ? Units.formatDuration(defaultNs) : Units.formatNs(defaultNs);
        return new Property(name, Kind.DURATION, description, defaultNs, text, minNs, maxNs, List.of(), null, true);
    }

    /** One of the constants of the default's enum, written in lower case. */
    public static <E extends Enum<E>> Property choice(String name, E defaultValue, String description) {
        List<String> allowed = Arrays.stream(defaultValue.getDeclaringClass().getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.toList());
        return new Property(name, Kind.CHOICE, description, defaultValue, defaultValue.name().toLowerCase(Locale.ROOT),
                0, 0, allowed, null, true);
    }

    /** {@code true} or {@code false}. */
    public static Property flag(String name, boolean defaultValue, String description) {
        return new Property(name, Kind.FLAG, description, defaultValue, Boolean.toString(defaultValue), 0, 0,
                List.of("true", "false"), null, true);
    }

    /**
     * A non-empty comma-separated subset of {@code allowed}.
     *
     * @param noun what one value is, e.g. {@code transport}: the description says "which transports to run"
     */
    public static Property subset(String name, List<String> defaultValue, List<String> allowed, String noun) {
        return new Property(name, Kind.SUBSET, "which " + noun + "s to run, comma-separated: "
                + String.join(", ", allowed), List.copyOf(defaultValue), String.join(",", defaultValue), 0, 0,
                allowed, noun, true);
    }

    /** A directory that exists and can be written; {@code hint} says how to fix it when it cannot. */
    public static Property folder(String name, String defaultValue, String description, String hint) {
        return new Property(name, Kind.FOLDER, description, defaultValue, defaultValue.isEmpty() ? "none"
                : defaultValue, 0, 0, List.of(), hint, true);
    }

    /** Every property starting with {@code prefix}, handed on by its reader; accepted, not listed in {@code --help}. */
    public static Property prefix(String prefix, String description) {
        return new Property(prefix, Kind.PREFIX, description, "", "none", 0, 0, List.of(), null, false);
    }

    /** The same property, accepted but not listed in {@code --help}. */
    public Property unlisted() {
        return new Property(name, kind, description, defaultValue, defaultText, min, max, allowed, hint, false);
    }

    /** The same property, its default shown in {@code --help} as {@code text} (one worked out from other values). */
    public Property showingDefault(String text) {
        return new Property(name, kind, description, defaultValue, text, min, max, allowed, hint, listed);
    }

    /** Whether a given property is this one (or, for a {@link Kind#PREFIX} declaration, one of them). */
    public boolean accepts(String given) {
        return kind == Kind.PREFIX ? given.startsWith(name) && given.length() > name.length() : given.equals(name);
    }

    /** The listed properties in {@code declared}, by name, one per line as {@code --help} shows them. */
    public static List<String> helpLines(Collection<Property> declared) {
        List<String> lines = new ArrayList<>();
        listed(declared).forEach(p -> lines.add(String.format(Locale.ROOT, "  %-18s %s (default: %s)", p.name,
                p.description, p.defaultText)));
        return lines;
    }

    /** The listed properties in {@code declared}, sorted by name; the first of several with one name. */
    static List<Property> listed(Collection<Property> declared) {
        Map<String, Property> byName = new TreeMap<>();
        declared.stream().filter(p -> p.listed).forEach(p -> byName.putIfAbsent(p.name, p));
        return new ArrayList<>(byName.values());
    }

    long min() {
        return min;
    }

    long max() {
        return max;
    }

    String hint() {
        return hint;
    }

    Object defaultValue() {
        return defaultValue;
    }

    void requireKind(Kind wanted) {
        if (kind != wanted) {
            throw new IllegalArgumentException(name + " is declared as " + kind + ", read as " + wanted);
        }
    }

    @Override
    public String toString() {
        return name + " (" + kind.name().toLowerCase(Locale.ROOT) + ", default " + defaultText + ")";
    }
}
