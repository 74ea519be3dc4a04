package dev.latencybench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StudyLauncherTest {
    @Test
    void anOutOfMemoryErrorSaysOutOfMemory() {
        // JMH hands the fork's error over as the cause; its message alone would be "Java heap space"
        Exception e = new RuntimeException("Benchmark error", new OutOfMemoryError("Java heap space"));
        assertEquals("out of memory (java.lang.OutOfMemoryError: Java heap space)", StudyLauncher.rootMessage(e));
    }

    @Test
    void otherErrorsGiveTheInnermostMessage() {
        Exception e = new RuntimeException("outer", new IllegalStateException("inner\nsecond line"));
        assertEquals("inner", StudyLauncher.rootMessage(e));
    }
}
