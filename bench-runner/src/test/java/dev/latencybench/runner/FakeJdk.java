package dev.latencybench.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A fake JDK folder for tests: {@code bin/java} is a shell script that answers
 * {@code -XshowSettings:properties -XX:+PrintFlagsFinal -version} like a JDK of the given version,
 * refuses the flags it is told to (exit 1, as a JVM does), and appends each start to {@code calls}.
 */
public final class FakeJdk {
    public final Path home;

    private FakeJdk(Path home) {
        this.home = home;
    }

    /**
     * @param refused flags the fake refuses, such as {@code -XX:+UseShenandoahGC}
     */
    public static FakeJdk create(Path home, int feature, String vendor, String version, List<String> refused) {
        StringBuilder cases = new StringBuilder();
        for (String f : refused) {
            cases.append("    ").append(f.replace("+", "\\+")).append(") echo \"Unrecognized VM option '")
                    .append(f.replaceFirst("^-XX:[+-]?", "")).append("'\"; echo 'Error: Could not create the Java"
                            + " Virtual Machine.'; exit 1 ;;\n");
        }
        String script = "#!/bin/sh\n"
                + "echo \"$*\" >> \"$(dirname \"$0\")/../calls\"\n"
                + "for a in \"$@\"; do\n  case \"$a\" in\n" + cases + "  esac\ndone\n"
                + "cat <<'OUT'\n"
                + "Property settings:\n"
                + "    java.specification.version = " + feature + "\n"
                + "    java.vendor = " + vendor + "\n"
                + "    java.version = " + version + "\n"
                + "    java.vm.name = OpenJDK 64-Bit Server VM\n"
                + "\n[Global flags]\n"
                + (feature < 18 ? "     bool UseBiasedLocking                         = " + (feature < 15) + "  {product} {default}\n" : "")
                + "     bool UseG1GC                                  = true   {product} {ergonomic}\n"
                + "     bool UseSerialGC                              = false  {product} {default}\n"
                + "OUT\n"
                + "echo 'openjdk version \"" + version + "\"' >&2\n";
        try {
            Path java = home.resolve("bin").resolve("java");
            Files.createDirectories(java.getParent());
            Files.writeString(java, script, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new FakeJdk(home);
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** How many times the fake was started. */
    public int calls() {
        try {
            Path calls = home.resolve("calls");
            return Files.exists(calls) ? Files.readAllLines(calls).size() : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
