package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

class ChainStudyTest {
    /** {@code --help} names the study's own jar: its module is the one these tests run in, not "bench-" + name(). */
    @Test
    void theStudySaysTheModuleItLivesIn() {
        assertEquals(Paths.get("").toAbsolutePath().getFileName().toString(), new ChainStudy().module());
        assertEquals("bench-kafka", new ChainStudy().module());
    }
}
