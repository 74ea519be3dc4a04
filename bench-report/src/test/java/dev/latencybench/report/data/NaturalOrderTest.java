package dev.latencybench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A run's folders are read in the order people count: numbers as numbers. */
class NaturalOrderTest {
    @Test
    void stepsSortAsNumbersNotAsText() {
        List<String> names = new ArrayList<>(List.of("kafka-instances-16", "kafka-instances-2", "chronicle-instances-1",
                "kafka-instances-1", "kafka-instances-32", "kafka-instances-8", "kafka-instances-4", "kafka-loop"));
        names.sort(RunDataReader::naturalOrder);
        assertEquals(List.of("chronicle-instances-1", "kafka-instances-1", "kafka-instances-2", "kafka-instances-4",
                "kafka-instances-8", "kafka-instances-16", "kafka-instances-32", "kafka-loop"), names);
        assertEquals(0, RunDataReader.naturalOrder("a-10", "a-10"));
    }
}
