package dev.latencybench.core.os;

import java.util.List;

/**
 * The environment variables through which the {@code java} launcher takes extra flags:
 * {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS} and {@code _JAVA_OPTIONS}. A study removes them from
 * the environment of a JVM it starts (a broker, a service under test), so that the JVM runs with the flags
 * recorded and nothing else. Stateless.
 */
public final class JavaFlagVariables {
    public static final List<String> NAMES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private JavaFlagVariables() {
    }

    /** Removes {@link #NAMES} from {@code b}'s environment; returns {@code b}. */
    public static ProcessBuilder removeFrom(ProcessBuilder b) {
        for (String name : NAMES) {
            b.environment().remove(name);
        }
        return b;
    }
}
