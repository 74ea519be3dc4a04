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
 * Keeps bench-core machinery only, by reading its sources: no source names a study's package (the
 * launcher, fork session, merger, result files and profiler know only the workload interface; the
 * one-way harness lives in bench-queue, the chain's floor in bench-kafka), and no source reads the
 * system clocks directly (they come injected, through {@code Clock}, {@code EpochClock} or
 * {@code Clocks}). Neither check exempts a package.
 */
class GenericCodeTest {
    private static final Path MAIN = Paths.get("src/main/java/dev/latencybench/core");
    /** The launcher, a module of its own above bench-core and as generic. */
    private static final Path LAUNCH = Paths.get("../bench-launch/src/main/java/dev/latencybench/launch");
    /** The studies' packages: every package of the suite that is not bench-core's or the runner's. */
    private static final String[] STUDIES = {"dev.latencybench.queue", "dev.latencybench.kafka",
        "dev.latencybench.jet", "dev.latencybench.startup"};
    /** The one class that reads the system's clocks for everyone else. */
    private static final Path SYSTEM_CLOCK = MAIN.resolve("time/SystemClock.java");

    @Test
    void noSourceNamesAStudy() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (Path file : generic()) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (String study : STUDIES) {
                    if (lines.get(i).contains(study)) {
                        offenders.add(file + ":" + (i + 1) + ": " + lines.get(i).trim());
                    }
                }
            }
        }
        assertEquals(List.of(), offenders, "bench-core and bench-launch must know only the Workload interface, no study");
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
                if (line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) {
                    continue; // javadoc and comments may name them
                }
                for (String read : reads) {
                    if (line.contains(read)) {
                        offenders.add(file + ":" + (i + 1) + ": " + line);
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
        assertTrue(files.stream().anyMatch(f -> f.endsWith("StudyLauncher.java")), files.toString());
    }

    /** Every main source of bench-core and bench-launch. */
    private static List<Path> generic() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path root : List.of(MAIN, LAUNCH)) {
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(f -> f.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        return files;
    }
}
