package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;

import org.junit.jupiter.api.Test;

class JavaFlagVariablesTest {
    @Test
    void theLaunchersFlagVariablesGoAndTheRestStays() {
        ProcessBuilder b = new ProcessBuilder("java");
        Map<String, String> env = b.environment();
        env.put("JAVA_TOOL_OPTIONS", "-Xmx1m");
        env.put("JDK_JAVA_OPTIONS", "-Xmx2m");
        env.put("_JAVA_OPTIONS", "-Xmx3m");
        env.put("LB_KEPT", "yes");
        assertSame(b, JavaFlagVariables.removeFrom(b));
        for (String name : JavaFlagVariables.NAMES) {
            assertFalse(env.containsKey(name), name);
        }
        assertEquals("yes", env.get("LB_KEPT"));
    }
}
