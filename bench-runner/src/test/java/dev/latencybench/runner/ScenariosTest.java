package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.testing.DeclaredOnly;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.study.StudyDescriptor;
import dev.latencybench.core.study.StudyOption;

/** The runner knows a study only through its descriptor: a study's own options ask for it by their properties. */
class ScenariosTest {
    private static final Study PLAIN = study(StudyDescriptor.of("plain", "bench-plain", "variant", "a study",
            List.of(Property.count("bench.plain.rate", 10, 1, 100, "a rate"))));
    /** A throwaway study that, like the task study, runs only when asked, and brings two options of its own. */
    private static final Study OWN = study(StudyDescriptor.of("own", "bench-own", "variant", "another study",
            List.of(Property.text("bench.own.classes", "", "classes"), Property.text("bench.own.jar", "", "jars")))
            .withOptions(StudyOption.list("--own", "bench.own.classes", "CLASSES", "classes"),
                    StudyOption.paths("--own-jar", "bench.own.jar", "JARS", "jars"))
            .notInAll());
    private static final Scenarios SCENARIOS = Scenarios.of(List.of(PLAIN, OWN));

    private static Study study(StudyDescriptor d) {
        return new DeclaredOnly(d);
    }

    @Test
    void aStudysOwnOptionAsksForItWhenScenariosIsNotGiven() {
        assertEquals(List.of("plain"), SCENARIOS.namesFor(List.of(), Map.of()), "all: the studies in 'all'");
        assertEquals(List.of("own"), SCENARIOS.namesFor(List.of(), Map.of("bench.own.jar", "/x.jar")));
        assertEquals(List.of("plain"), SCENARIOS.namesFor(List.of(), Map.of("bench.own.jar", " ")),
                "a blank value asks nothing");
        assertEquals(List.of("plain", "own"), SCENARIOS.namesFor(List.of("plain", "own"),
                Map.of("bench.own.classes", "A")));
        assertEquals(List.of("--own", "--own-jar"), SCENARIOS.options().stream().map(o -> o.name).toList());
    }

    @Test
    void scenariosThatLeaveOutAStudyWhoseOptionsWereGivenAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SCENARIOS.namesFor(List.of("plain"), Map.of("bench.own.classes", "A")));
        assertEquals("--own and --own-jar are the own scenario's, which --scenarios plain leaves out; add own to"
                + " --scenarios, or leave --scenarios out", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> SCENARIOS.namesFor(List.of("all"), Map.of("bench.own.jar", "j")));
        assertEquals("--own and --own-jar are the own scenario's, which --scenarios plain leaves out; add own to"
                + " --scenarios, or leave --scenarios out", e.getMessage());
    }
}
