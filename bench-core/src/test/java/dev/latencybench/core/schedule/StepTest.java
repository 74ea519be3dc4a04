package dev.latencybench.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StepTest {

    @Test
    void aPlainVariantIsNamedAfterItAndHasNoProperties() {
        Step s = Step.of("chronicle");
        assertEquals("chronicle", s.name());
        assertEquals("chronicle", s.variant());
        assertEquals(Map.of(), s.properties());
        assertEquals("chronicle", s.describe());
        assertEquals("{\"name\":\"chronicle\",\"variant\":\"chronicle\",\"properties\":{},"
                + "\"description\":\"chronicle\"}", s.toJson().toString());
    }

    @Test
    void keepsItsPropertiesInOrder() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("bench.chain.instances", "64");
        props.put("bench.chain.hops", "3");
        Step s = new Step("chronicle-instances-64", "chronicle", props, "64 instances");
        props.clear();
        assertEquals(List.of("bench.chain.instances", "bench.chain.hops"), List.copyOf(s.properties().keySet()));
        assertEquals("chronicle, 64 instances", s.describe());
        assertEquals("{\"name\":\"chronicle-instances-64\",\"variant\":\"chronicle\",\"properties\":"
                + "{\"bench.chain.instances\":\"64\",\"bench.chain.hops\":\"3\"},"
                + "\"description\":\"chronicle, 64 instances\"}", s.toJson().toString());
        assertThrows(UnsupportedOperationException.class, () -> s.properties().put("bench.x", "1"));
    }

    @Test
    void equalByNameVariantAndProperties() {
        Step a = new Step("c-1", "c", Map.of("bench.n", "1"), "1 n");
        assertEquals(a, new Step("c-1", "c", Map.of("bench.n", "1"), "one n"));
        assertEquals(a.hashCode(), new Step("c-1", "c", Map.of("bench.n", "1"), "").hashCode());
        assertNotEquals(a, new Step("c-1", "c", Map.of("bench.n", "2"), "1 n"));
        assertNotEquals(a, new Step("c-2", "c", Map.of("bench.n", "1"), "1 n"));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", ".", "..", "a/b", "a b", "a\\b", "ä"})
    void rejectsNamesThatAreNotFolderNames(String name) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Step(name, "chronicle", Map.of(), ""));
        assertEquals("step name '" + name + "' is not a folder name: use letters, digits, '.', '_' or '-'",
                e.getMessage());
    }

    @Test
    void rejectsPropertiesThatAreNotBenchProperties() {
        assertEquals("step c-1: property 'chain.n' is not a bench.* system property",
                assertThrows(IllegalArgumentException.class,
                        () -> new Step("c-1", "c", Map.of("chain.n", "1"), "")).getMessage());
        assertEquals("step c-1: property 'bench.' is not a bench.* system property",
                assertThrows(IllegalArgumentException.class,
                        () -> new Step("c-1", "c", Map.of("bench.", "1"), "")).getMessage());
    }
}
