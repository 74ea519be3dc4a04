package dev.latencybench.runner.jvm;

import java.nio.file.Path;
import java.util.List;

/**
 * A JVM as the matrix sees it: a java binary plus the flags that make it this JVM (the Graal JIT's, for a
 * {@code +graal} variant; none for a plain JDK), under its name, and where it was found ({@code JAVA_HOME},
 * {@code /usr/lib/jvm}, {@code SDKMAN}, {@code --jvm}, {@code this JVM}).
 */
public record Jvm(String name, Path java, List<String> flags, JvmInfo info, String source) {
    public Jvm {
        flags = List.copyOf(flags);
    }

    public boolean graal() {
        return name.endsWith("+graal");
    }

    @Override
    public String toString() {
        return name + " (" + java + ")";
    }
}
