package dev.latencybench.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.testing.DeclaredOnly;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.result.CpuPairResult;

class StudyDescriptorTest {
    private static final List<Property> PROPERTIES = List.of(Property.count("bench.x.rate", 10, 1, 100, "a rate"));

    private static Study studyOf(StudyDescriptor d) {
        return new DeclaredOnly(d);
    }

    @Test
    void aStudyAnswersWhatItIsFromItsDescriptor() {
        Study study = studyOf(StudyDescriptor.of("x", "bench-x", "transport", "a study", PROPERTIES)
                .withResultParts(CpuPairResult.PART).withRuntimeModules("java.naming").withBesideJar("jars")
                .notInAll());
        assertEquals("x", study.name());
        assertEquals("bench-x", study.module());
        assertEquals("transport", study.variantLabel());
        assertEquals("a study", study.title());
        assertEquals(PROPERTIES, study.studyProperties());
        assertEquals(List.of(CpuPairResult.PART), study.resultParts());
        assertEquals(List.of("java.naming"), study.runtimeModules());
        assertEquals(List.of("jars"), study.besideJar());
        assertFalse(study.inAll());
        List<Property> all = study.properties();
        assertTrue(all.containsAll(PROPERTIES) && all.size() > PROPERTIES.size(), "the common ones and the study's");
    }

    @Test
    void aPlainDescriptorIsInAllWithNothingMoreAndABlankWordIsRefused() {
        StudyDescriptor d = StudyDescriptor.of("x", "bench-x", "variant", "a study", PROPERTIES);
        assertTrue(d.inAll);
        assertEquals(List.of(), d.resultParts);
        assertEquals(List.of(), d.runtimeModules);
        assertEquals(List.of(), d.besideJar);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StudyDescriptor.of("x", " ", "variant", "a study", PROPERTIES));
        assertEquals("a study's module is blank", e.getMessage());
    }

    /** A study's own runner options: kept in order, each a short name for one of its declared properties. */
    @Test
    void aStudysOptionsNameItsOwnPropertiesOnly() {
        StudyOption rate = StudyOption.list("--x-rate", "bench.x.rate", "RATE", "the rate");
        StudyDescriptor d = StudyDescriptor.of("x", "bench-x", "variant", "a study", PROPERTIES).withOptions(rate)
                .notInAll();
        assertEquals(List.of(rate), d.options);
        assertEquals(",", rate.separator);
        assertFalse(rate.paths);
        assertEquals(":", StudyOption.paths("--x-jar", "bench.x.rate", "JARS", "jars").separator);
        assertEquals(List.of(), StudyDescriptor.of("x", "bench-x", "variant", "a study", PROPERTIES).options);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StudyDescriptor.of("x",
                "bench-x", "variant", "a study", PROPERTIES).withOptions(StudyOption.list("--y", "bench.y", "Y", "y")));
        assertEquals("the option --y of the study x sets bench.y, which is not one of its properties", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> StudyOption.list("-y", "bench.x.rate", "Y", "y"));
        assertEquals("a study's option '-y' is not of the form --word", e.getMessage());
    }
}
