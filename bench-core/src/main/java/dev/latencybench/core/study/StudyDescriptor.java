package dev.latencybench.core.study;

import java.util.List;
import java.util.Objects;

import dev.latencybench.core.config.Property;
import dev.latencybench.core.result.ResultPart;

/**
 * What a study is, declared once as data: the names and words the runner, {@code --help}, the report and
 * {@code bench bundle} use, with none of the study's behaviour. Its parts are documented by {@link Study}'s methods
 * of the same names.
 *
 * <pre>
 *   static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("jet", "bench-jet", "engine",
 *           "a sliding-window count on Hazelcast Jet: ...", JetSettings.PROPERTIES)
 *       .withResultParts(JetResult.PART);
 * </pre>
 */
public final class StudyDescriptor {
    public final String name;
    public final String module;
    public final String variantLabel;
    public final String title;
    public final List<Property> properties;
    public final List<ResultPart<?>> resultParts;
    public final boolean inAll;
    public final List<String> runtimeModules;
    public final List<String> besideJar;
    /** The options it adds to {@code bench run}; none for most studies. */
    public final List<StudyOption> options;

    private StudyDescriptor(String name, String module, String variantLabel, String title,
            List<Property> properties, List<ResultPart<?>> resultParts, boolean inAll, List<String> runtimeModules,
            List<String> besideJar, List<StudyOption> options) {
        this.name = requireWord(name, "name");
        this.module = requireWord(module, "module");
        this.variantLabel = requireWord(variantLabel, "variantLabel");
        this.title = requireWord(title, "title");
        this.properties = List.copyOf(properties);
        this.resultParts = List.copyOf(resultParts);
        this.inAll = inAll;
        this.runtimeModules = List.copyOf(runtimeModules);
        this.besideJar = List.copyOf(besideJar);
        this.options = List.copyOf(options);
        for (StudyOption o : options) {
            if (properties.stream().noneMatch(p -> p.name.equals(o.property))) {
                throw new IllegalArgumentException("the option " + o.name + " of the study " + name + " sets "
                        + o.property + ", which is not one of its properties");
            }
        }
    }

    /** A study in {@code --scenarios all} with no result part, extra runtime module or folder beside its jar. */
    public static StudyDescriptor of(String name, String module, String variantLabel, String title,
            List<Property> properties) {
        return new StudyDescriptor(name, module, variantLabel, title, properties, List.of(), true, List.of(),
                List.of(), List.of());
    }

    /** The same, with these result parts. */
    public StudyDescriptor withResultParts(ResultPart<?>... parts) {
        return new StudyDescriptor(name, module, variantLabel, title, properties, List.of(parts), inAll,
                runtimeModules, besideJar, options);
    }

    /** The same, with these JDK modules for a bundle's runtime. */
    public StudyDescriptor withRuntimeModules(String... modules) {
        return new StudyDescriptor(name, module, variantLabel, title, properties, resultParts, inAll,
                List.of(modules), besideJar, options);
    }

    /** The same, with these folders carried beside the study's jar. */
    public StudyDescriptor withBesideJar(String... folders) {
        return new StudyDescriptor(name, module, variantLabel, title, properties, resultParts, inAll,
                runtimeModules, List.of(folders), options);
    }

    /** The same, left out of {@code --scenarios all} (a study that measures nothing until told what). */
    public StudyDescriptor notInAll() {
        return new StudyDescriptor(name, module, variantLabel, title, properties, resultParts, false,
                runtimeModules, besideJar, options);
    }

    /** The same, with these options of {@code bench run}, each a short name for one of its properties. */
    public StudyDescriptor withOptions(StudyOption... runOptions) {
        return new StudyDescriptor(name, module, variantLabel, title, properties, resultParts, inAll,
                runtimeModules, besideJar, List.of(runOptions));
    }

    private static String requireWord(String value, String what) {
        if (Objects.requireNonNull(value, what).isBlank()) {
            throw new IllegalArgumentException("a study's " + what + " is blank");
        }
        return value;
    }
}
