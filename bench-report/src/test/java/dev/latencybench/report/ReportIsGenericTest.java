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
    private static final Path REPORT = Path.of("src/main/java/dev/latencybench/report");

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

    /** No report class names a study module's package (an import or a qualified name): each study's own part is its view, in its module. */
    @Test
    void noReportClassImportsAStudyModule() throws IOException {
        Pattern study = Pattern.compile("dev\\.latencybench\\.(queue|kafka|jet|startup)\\.");
        List<String> offenders = new ArrayList<>();
        int files = 0;
        try (Stream<Path> s = Files.walk(REPORT)) {
            for (Path f : (Iterable<Path>) s.filter(x -> x.toString().endsWith(".java"))::iterator) {
                files++;
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (study.matcher(line).find()) {
                        offenders.add(REPORT.relativize(f) + ": " + line.trim());
                    }
                }
            }
        }
        assertTrue(files > 10, "found " + files + " sources under " + REPORT.toAbsolutePath());
        assertEquals(List.of(), offenders);
    }
}
