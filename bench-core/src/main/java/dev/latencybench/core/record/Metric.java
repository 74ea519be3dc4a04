package dev.latencybench.core.record;

import java.util.Objects;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.Others;

/**
 * One quantity a study records per event as a histogram: its name (the {@code result.json} key and {@code .hlog}
 * tag), what it measures, its unit, and whether one thread or several record it. Immutable.
 */
public final class Metric {
    /** How many threads record a metric in one fork, which picks the recorder. */
    public enum Writers { ONE, MANY }

    private static final Pattern NAME = Pattern.compile("[a-z][a-zA-Z0-9_-]{0,31}");

    private final String name;
    private final String what;
    private final String unit;
    private final Writers writers;

    /**
     * @param name    lower camel case or dashes, e.g. {@code latency}, {@code hop-3}
     * @param what    what is measured, from what, e.g. {@code latency from the intended send time}
     * @param unit    the histogram's unit, e.g. {@code ns}
     */
    public Metric(String name, String what, String unit, Writers writers) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("metric name must match " + NAME + ": " + name);
        }
        this.name = name;
        this.what = Objects.requireNonNull(what, "what");
        this.unit = Objects.requireNonNull(unit, "unit");
        this.writers = Objects.requireNonNull(writers, "writers");
    }

    /** A metric in nanoseconds recorded by one thread. */
    public static Metric nanos(String name, String what) {
        return new Metric(name, what, "ns", Writers.ONE);
    }

    public String name() {
        return name;
    }

    public String what() {
        return what;
    }

    public String unit() {
        return unit;
    }

    public Writers writers() {
        return writers;
    }

    /** A metric's member of {@code metrics} in the result files: its declaration, then any {@link #figures}. */
    public static final class Declaration {
        public final String what;
        public final String unit;
        @Others
        public final JsonObject figures;

        Declaration(String what, String unit, JsonObject figures) {
            this.what = what;
            this.unit = unit;
            this.figures = figures;
        }

        /** The figures it holds; null for none. */
        public LatencySummary summary() {
            return figures == null || figures.size() == 0 ? null : JsonCodec.fromJson(figures, LatencySummary.class);
        }
    }

    /** The declaration as {@code result.json} records it: {@code {what, unit}}, then {@code summary}'s figures. */
    public JsonObject toJson(LatencySummary summary) {
        return JsonCodec.toJsonObject(declaration(summary));
    }

    /** The declaration with {@code summary}'s figures (none where null). */
    Declaration declaration(LatencySummary summary) {
        return new Declaration(what, unit, summary == null ? new JsonObject() : summary.toJson());
    }

    /** The declaration as {@code result.json} records it: {@code {what, unit}}. */
    public JsonObject toJson() {
        return toJson(null);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metric && ((Metric) o).name.equals(name) && ((Metric) o).what.equals(what)
                && ((Metric) o).unit.equals(unit) && ((Metric) o).writers == writers;
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name + " (" + what + ", " + unit + ")";
    }
}
