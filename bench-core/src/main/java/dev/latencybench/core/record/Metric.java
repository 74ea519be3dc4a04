package dev.latencybench.core.record;

import java.util.Objects;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;

/**
 * One quantity a study records per event, as a histogram of nanoseconds (or another unit): its
 * name (the key in {@code result.json}'s {@code metrics} and the tag of its intervals in the
 * {@code .hlog}), what it is measured from and to, its unit, and whether one thread or several
 * record it (which decides the recorder: single-writer or concurrent). Immutable.
 */
public final class Metric {
    /** How many threads record a metric in one fork. */
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

    /** The declaration as {@code result.json} records it: {@code {what, unit}}. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("what", what);
        o.addProperty("unit", unit);
        return o;
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
