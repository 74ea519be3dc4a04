package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * A run is read into one model, and what each part of the report shows comes from it: one class of the report's
 * code reads a cell's interval log, and one asks a study for its view of the run. Scans the module's main sources.
 */
class OneReaderTest {
    /** The main source files (by file name) in which {@code pattern} occurs. */
    private static List<String> filesWith(Pattern pattern) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (pattern.matcher(Files.readString(f)).find()) {
                    found.add(f.getFileName().toString());
                }
            }
        }
        return found;
    }

    @Test
    void oneClassReadsACellsIntervalLog() throws IOException {
        assertEquals(List.of("RunData.java"), filesWith(Pattern.compile("IntervalLog\\.read\\(")),
                "RunData.Row.intervals reads it; the spectra, each percentile's interval and a study's view ask the row");
    }

    @Test
    void oneCallerAsksAStudyForItsViewOfTheRun() throws IOException {
        assertEquals(List.of("Views.java"), filesWith(Pattern.compile("\\.answer\\((Views\\.)?rows\\(")));
    }
}
