package dev.latencybench.runner.jvm;

import java.nio.file.Path;
import java.util.List;

/** A JVM as the matrix sees it: a java binary plus the flags that make it this JVM, under its name. Immutable. */
public final class Jvm {
    private final String name;
    private final Path java;
    private final List<String> flags;
    private final JvmInfo info;
    private final String source;

    public Jvm(String name, Path java, List<String> flags, JvmInfo info, String source) {
        this.name = name;
        this.java = java;
        this.flags = List.copyOf(flags);
        this.info = info;
        this.source = source;
    }

    public String name() {
        return name;
    }

    public Path java() {
        return java;
    }

    /** The flags that make this JVM (the Graal JIT's, for a {@code +graal} variant); none for a plain JDK. */
    public List<String> flags() {
        return flags;
    }

    public JvmInfo info() {
        return info;
    }

    /** Where it was found: {@code JAVA_HOME}, {@code /usr/lib/jvm}, {@code SDKMAN}, {@code --jvm}, {@code this JVM}. */
    public String source() {
        return source;
    }

    public boolean graal() {
        return name.endsWith("+graal");
    }

    @Override
    public String toString() {
        return name + " (" + java + ")";
    }
}
