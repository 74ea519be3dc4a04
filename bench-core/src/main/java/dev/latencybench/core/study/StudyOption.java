package dev.latencybench.core.study;

import java.util.Objects;

/** An option of {@code bench run} that a study brings: a short name for one of its own properties. Immutable. */
public final class StudyOption {
    /** {@code --task}. */
    public final String name;
    /** The study's property it sets, {@code bench.task.classes}. */
    public final String property;
    public final String paramLabel;
    /** One line for {@code bench run --help}; the runner adds the property's name after it. */
    public final String description;
    /** What joins repeated values: {@code ,} or {@code :}. */
    public final String separator;
    public final boolean paths;

    private StudyOption(String name, String property, String paramLabel, String description, String separator,
            boolean paths) {
        if (!Objects.requireNonNull(name, "name").matches("--[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("a study's option '" + name + "' is not of the form --word");
        }
        this.name = name;
        this.property = Objects.requireNonNull(property, "property");
        this.paramLabel = Objects.requireNonNull(paramLabel, "paramLabel");
        this.description = Objects.requireNonNull(description, "description");
        this.separator = separator;
        this.paths = paths;
    }

    /** An option whose values are a comma-separated list, such as class names. */
    public static StudyOption list(String name, String property, String paramLabel, String description) {
        return new StudyOption(name, property, paramLabel, description, ",", false);
    }

    /** An option whose values are files, ':'-separated, each made absolute. */
    public static StudyOption paths(String name, String property, String paramLabel, String description) {
        return new StudyOption(name, property, paramLabel, description, ":", true);
    }
}
