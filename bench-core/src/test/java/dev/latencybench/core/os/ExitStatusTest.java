package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExitStatusTest {
    @Test
    void aStatusAbove128NamesTheSignal() {
        assertEquals("0", ExitStatus.describe(0));
        assertEquals("1", ExitStatus.describe(1));
        assertEquals("128", ExitStatus.describe(128));
        assertEquals("137 (signal 9)", ExitStatus.describe(137));
        assertEquals("143 (signal 15)", ExitStatus.describe(143));
    }
}
