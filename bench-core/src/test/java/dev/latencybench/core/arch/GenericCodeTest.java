package dev.latencybench.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Keeps bench-core's generic layers generic, by reading its sources: no package but the one-way
 * study shape's own uses {@code dev.latencybench.core.oneway} (the launcher, fork session, merger,
 * result files and profiler know only the workload interface), and no generic code reads the system
 * clocks directly (they come injected, through {@code Clock}, {@code EpochClock} or {@code Clocks}).
 */
class GenericCodeTest {
    private static final Path MAIN = Paths.get("src/main/java/dev/latencybench/core");
    /** The one-way study shape: two threads passing messages. Allowed to know itself. */
    private static final String ONE_WAY = "oneway";
    /** The one class that reads the system's clocks for everyone else. */
    private static final Path SYSTEM_CLOCK = MAIN.resolve("time/SystemClock.java");

    @Test
    void noGenericPackageUsesTheOneWayPackage() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (Path file : generic()) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("dev.latencybench.core.oneway")) {
                    offenders.add(MAIN.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).trim());
                }
            }
        }
        assertEquals(List.of(), offenders, "generic code must know only the Workload interface");
    }

    @Test
    void noGenericCodeReadsTheSystemClocksDirectly() throws IOException {
        List<String> offenders = new ArrayList<>();
        String[] reads = {"System.nanoTime()", "System.currentTimeMillis()", "Instant.now()", "ZonedDateTime.now()",
            "LocalDateTime.now()"};
        for (Path file : generic()) {
            if (file.equals(SYSTEM_CLOCK)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).trim();
                if (line.startsWith("*") || line.startsWith("//")) {
                    continue; // javadoc and comments may name them
                }
                for (String read : reads) {
                    if (line.contains(read)) {
                        offenders.add(MAIN.relativize(file) + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertEquals(List.of(), offenders, "use an injected Clock / EpochClock (time.SystemClock in production)");
    }

    @Test
    void theCheckSeesTheSources() throws IOException {
        List<Path> files = generic();
        assertTrue(files.size() > 40, "found only " + files.size() + " sources under " + MAIN.toAbsolutePath());
        assertTrue(files.stream().anyMatch(f -> f.endsWith("ForkSession.java")), files.toString());
        assertTrue(files.stream().noneMatch(f -> f.startsWith(MAIN.resolve(ONE_WAY))), "the one-way package is excluded");
    }

    /** Every main source of bench-core outside the one-way package. */
    private static List<Path> generic() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(MAIN)) {
            s.filter(f -> f.toString().endsWith(".java") && !f.startsWith(MAIN.resolve(ONE_WAY))).sorted()
                    .forEach(files::add);
        }
        return files;
    }
}
