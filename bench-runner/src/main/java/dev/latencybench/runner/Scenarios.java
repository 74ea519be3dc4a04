package dev.latencybench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.study.StudyOption;

/** The scenarios on the class path: every study a module registers in {@code META-INF/services}. */
public final class Scenarios {
    private final List<Study> studies;

    private Scenarios(List<Study> studies) {
        this.studies = studies;
    }

    public static Scenarios discover() {
        return new Scenarios(Studies.onClassPath());
    }

    /** These studies, as if they were the ones on the class path (tests). */
    static Scenarios of(List<Study> studies) {
        return new Scenarios(List.copyOf(studies));
    }

    public List<Study> all() {
        return studies;
    }

    public List<String> names() {
        List<String> n = new ArrayList<>();
        studies.forEach(s -> n.add(s.name()));
        return n;
    }

    /** The names {@code all} stands for: every study but those that run only when asked ({@link Study#inAll}). */
    public List<String> defaultNames() {
        List<String> n = new ArrayList<>();
        studies.stream().filter(Study::inAll).forEach(s -> n.add(s.name()));
        return n;
    }

    /** Every option the studies add to {@code bench run} ({@link StudyOption}), in the studies' order. */
    public List<StudyOption> options() {
        List<StudyOption> o = new ArrayList<>();
        studies.forEach(s -> o.addAll(s.descriptor().options));
        return o;
    }

    /**
     * The scenarios of a new run: those {@code --scenarios} lists; without it, the studies whose own options were
     * given, else all.
     * @throws IllegalArgumentException when {@code --scenarios} leaves out a study whose options were given
     */
    public List<String> namesFor(List<String> given, Map<String, String> properties) {
        List<String> asked = new ArrayList<>();
        for (Study s : studies) {
            if (s.descriptor().options.stream().anyMatch(o -> given(properties, o.property))) {
                asked.add(s.name());
            }
        }
        List<String> names = !given.isEmpty() ? given : asked.isEmpty() ? List.of("all") : asked;
        if (names.contains("all")) {
            names = defaultNames();
        }
        for (String a : asked) {
            if (!names.contains(a)) {
                List<String> options = new ArrayList<>();
                get(a).descriptor().options.forEach(o -> options.add(o.name));
                throw new IllegalArgumentException(String.join(" and ", options)
                        + (options.size() > 1 ? " are" : " is") + " the " + a + " scenario's, which --scenarios "
                        + String.join(",", names) + " leaves out; add " + a + " to --scenarios, or leave --scenarios out");
            }
        }
        return names;
    }

    private static boolean given(Map<String, String> props, String property) {
        String v = props.get(property);
        return v != null && !v.trim().isEmpty();
    }

    /**
     * The studies of a list of names, in its order; {@code all} stands for {@link #defaultNames}.
     * @throws IllegalArgumentException for a name that is not a scenario, naming those there are
     */
    public List<Study> select(List<String> names) {
        List<String> expanded = names.contains("all") ? defaultNames() : names;
        List<Study> out = new ArrayList<>();
        expanded.forEach(n -> out.add(get(n)));
        return out;
    }

    /**
     * Each named scenario's lowest Java: its own, or what the user's input named in {@code properties} needs where
     * that is newer; one no longer on the class path is left out.
     */
    public Map<String, Integer> minimumJava(List<String> names, Map<String, String> properties) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Study s : studies) {
            if (names.contains(s.name())) {
                int input = 0;
                try {
                    input = CellPlans.read(s, properties).userCheck().minimumJava();
                } catch (ConfigException e) {
                    // a bad value is the run's check to refuse; here only the study's own Java counts
                }
                m.put(s.name(), Math.max(s.minimumJava(), input));
            }
        }
        return m;
    }

    public Study get(String name) {
        for (Study s : studies) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + name + "'; expected one of " + String.join(", ",
                names()));
    }
}
