package dev.latencybench.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.testing.MainSources;

/**
 * A study's reader ({@link Study#plan(dev.latencybench.core.config.BenchProperties,
 * dev.latencybench.core.affinity.CpuTopology)}) is called in two places of the suite's main code: the runner's one
 * resolution ({@code CellPlans}) and a study jar run on its own ({@code StudyLauncher}, when it has no plan file).
 * The launcher of a cell and its forks take the study's settings from the plan file ({@code StudyBenchmarkPlanTest}).
 */
class OneReaderTest {
    /** A call of the reader: {@code .plan(} whose arguments name the CPU topology, as only the reader's do. */
    private static final Pattern READER_CALL = Pattern.compile("\\.plan\\([^;]*CpuTopology");

    @Test
    void onlyTheRunnersResolutionAndAStudyJarOnItsOwnCallAStudysReader() throws IOException {
        List<Path> files = MainSources.files();
        List<String> callers = new ArrayList<>();
        for (Path f : files) {
            Matcher m = READER_CALL.matcher(Files.readString(f).replaceAll("\\s+", " "));
            while (m.find()) {
                callers.add(f.getFileName().toString());
            }
        }
        callers.sort(null);
        assertEquals(List.of("CellPlans.java", "StudyLauncher.java"), callers);
    }
}
