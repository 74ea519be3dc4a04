package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The report and compare serve every study: they read the metrics and roles a result declares, and
 * know neither the one-way study shape's classes nor its variants by name.
 */
class ReportIsGenericTest {
    /** The report's sources, and compare's and history's (bench-compare, beside this module). */
    private static final List<Path> ROOTS = List.of(Path.of("src/main/java/dev/latencybench/report"),
            Path.of("../bench-compare/src/main/java/dev/latencybench"));

    private static List<Path> sources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path root : ROOTS) {
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(f -> f.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    @Test
    void noReportClassUsesTheOneWayPackage() throws IOException {
        List<String> offenders = new ArrayList<>();
        List<Path> files = sources();
        assertTrue(files.size() > 40, "found " + files.size() + " sources under " + ROOTS);
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (line.contains("dev.latencybench.queue.oneway")) {
                    offenders.add(f.getFileName() + ": " + line.trim());
                }
            }
        }
        assertEquals(List.of(), offenders);
    }

    /** No report class names a study module's package (an import or a qualified name): each study's own part is its view, in its module. */
    @Test
    void noReportClassImportsAStudyModule() throws IOException {
        Pattern study = Pattern.compile("dev\\.latencybench\\.(queue|kafka|jet|startup)\\.");
        List<String> offenders = new ArrayList<>();
        List<Path> files = sources();
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (study.matcher(line).find()) {
                    offenders.add(f.getFileName() + ": " + line.trim());
                }
            }
        }
        assertTrue(files.size() > 40, "found " + files.size() + " sources under " + ROOTS);
        assertEquals(List.of(), offenders);
    }
}
