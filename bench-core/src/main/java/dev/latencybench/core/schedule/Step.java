package dev.latencybench.core.schedule;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

/** One JMH run a {@link Schedule} asks for: a variant, its {@code bench.*} properties and a folder name. Immutable. */
public final class Step {
    /** What a step name (a folder name) and a variant may contain. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
    /** What {@link #NAME} allows, for messages. */
    static final String NAME_RULE = "use letters, digits, '.', '_' or '-'";
    private static final String PROPERTY_PREFIX = "bench.";

    private final String name;
    private final String variant;
    private final Map<String, String> properties;
    private final String detail;

    /**
     * @param name       the step's folder under the study folder, e.g. {@code chronicle-instances-64}
     * @param variant    the JMH {@code @Param} value, e.g. {@code chronicle}
     * @param properties {@code bench.*} system properties in the order given
     * @param detail     what the properties mean to people, e.g. {@code 64 instances}; empty for none
     * @throws IllegalArgumentException when the name or variant is not a folder name, or a property is not
     *                                  a {@code bench.*} one
     */
    public Step(String name, String variant, Map<String, String> properties, String detail) {
        this.name = checkName("step name", name);
        this.variant = checkName("variant", variant);
        Map<String, String> copy = new LinkedHashMap<>();
        properties.forEach((k, v) -> {
            if (k == null || !k.startsWith(PROPERTY_PREFIX) || k.length() == PROPERTY_PREFIX.length()) {
                throw new IllegalArgumentException("step " + name + ": property '" + k
                        + "' is not a bench.* system property");
            }
            if (v == null) {
                throw new IllegalArgumentException("step " + name + ": property " + k + " has no value");
            }
            copy.put(k, v);
        });
        this.properties = Collections.unmodifiableMap(copy);
        this.detail = Objects.requireNonNull(detail, "detail");
    }

    /** A plain variant: named after it, no properties. */
    public static Step of(String variant) {
        return new Step(variant, variant, Map.of(), "");
    }

    /** Checks that {@code value} can be a folder name; returns it, or throws IllegalArgumentException. */
    static String checkName(String what, String value) {
        if (!isName(value)) {
            throw new IllegalArgumentException(what + " '" + value + "' is not a folder name: " + NAME_RULE);
        }
        return value;
    }

    /** True when {@code value} can be a folder name; see {@link #checkName}. */
    static boolean isName(String value) {
        return value != null && NAME.matcher(value).matches() && !value.equals(".") && !value.equals("..");
    }

    /** The last part of a {@code bench.*} property: {@code bench.jet.keys} gives {@code keys}. */
    static String propertyLabel(String property) {
        if (property == null || !property.startsWith(PROPERTY_PREFIX) || property.endsWith(".")) {
            throw new IllegalArgumentException("property '" + property + "' is not a bench.* system property");
        }
        String label = property.substring(property.lastIndexOf('.') + 1);
        if (!isName(label)) {
            throw new IllegalArgumentException("property " + property + " ends in '" + label
                    + "', which is not a folder name: " + NAME_RULE);
        }
        return label;
    }

    public String name() {
        return name;
    }

    public String variant() {
        return variant;
    }

    /** The {@code bench.*} system properties, in order; empty for a plain variant. Unmodifiable. */
    public Map<String, String> properties() {
        return properties;
    }

    /** For people: {@code chronicle}, or {@code chronicle, 64 instances}. */
    public String describe() {
        return detail.isEmpty() ? variant : variant + ", " + detail;
    }

    /** {@code {"name": ..., "variant": ..., "properties": {...}, "description": ...}}: {@link Written}'s fields. */
    public JsonObject toJson() {
        return JsonCodec.toJsonObject(new Written(name, variant, properties, describe()));
    }

    /** The variant of a step as {@link #toJson} wrote it (a result's {@code step}); null where it names none. */
    public static String variantOf(JsonObject written) {
        return written == null ? null : JsonCodec.fromJson(written, Written.class).variant;
    }

    /** The members a step is written with. */
    private static final class Written {
        final String name;
        final String variant;
        final Map<String, String> properties;
        final String description;

        Written(String name, String variant, Map<String, String> properties, String description) {
            this.name = name;
            this.variant = variant;
            this.properties = properties;
            this.description = description;
        }
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Step)) {
            return false;
        }
        Step o = (Step) other;
        return name.equals(o.name) && variant.equals(o.variant) && properties.equals(o.properties);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, variant, properties);
    }

    @Override
    public String toString() {
        return name + (properties.isEmpty() ? "" : " " + properties);
    }
}
