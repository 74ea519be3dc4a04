package dev.latencybench.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The report and compare serve every study: they read the metrics and roles a result declares, and
 * know neither the one-way study shape's classes nor its variants by name.
 */
class ReportIsGenericTest {
    private static final Path REPORT = Path.of("src/main/java/dev/latencybench/runner/report");

    @Test
    void noReportClassUsesTheOneWayPackage() throws IOException {
        List<String> offenders = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(REPORT)) {
            s.filter(f -> f.toString().endsWith(".java")).forEach(files::add);
        }
        assertTrue(files.size() > 10, "found " + files.size() + " sources under " + REPORT.toAbsolutePath());
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (line.contains("dev.latencybench.queue.oneway")) {
                    offenders.add(f.getFileName() + ": " + line.trim());
                }
            }
        }
        assertEquals(List.of(), offenders);
    }

    /**
     * The study sections that still live in the runner, each reading its study's own result type. The
     * list only shrinks: a section that moves to its study's module leaves it (the test fails until it
     * does), and no other report class may import a study module's package.
     */
    private static final Set<String> STUDY_SECTIONS_IN_THE_RUNNER = Set.of("JetSection.java", "StartupSection.java");

    @Test
    void noOtherReportClassImportsAStudyModule() throws IOException {
        Pattern study = Pattern.compile("^import (static )?dev\\.latencybench\\.(queue|kafka|jet|startup)\\.");
        List<String> offenders = new ArrayList<>();
        Set<String> found = new TreeSet<>();
        try (Stream<Path> s = Files.walk(REPORT)) {
            for (Path f : (Iterable<Path>) s.filter(x -> x.toString().endsWith(".java"))::iterator) {
                found.add(f.getFileName().toString());
                if (STUDY_SECTIONS_IN_THE_RUNNER.contains(f.getFileName().toString())) {
                    continue;
                }
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (study.matcher(line).find()) {
                        offenders.add(REPORT.relativize(f) + ": " + line.trim());
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
        assertTrue(found.containsAll(STUDY_SECTIONS_IN_THE_RUNNER), "a section that moved leaves the list: " + found);
    }
}
