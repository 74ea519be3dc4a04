package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.study.StudyDescriptor;
import dev.latencybench.core.testing.DeclaredOnly;

/**
 * {@code --help} and the unknown-property check read a study's declarations alone: the study here fails
 * the test if anything runs its reader ({@link Study#plan}).
 */
public class StudyHelpTest {
    private static final String NL = System.lineSeparator();
    private static final RunLength LENGTH = RunLength.of(TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(2),
            TimeUnit.SECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30), TimeUnit.SECONDS.toNanos(20),
            TimeUnit.SECONDS.toNanos(100));

    private final Study study = new DeclaredOnly();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int launch(String... args) {
        return new StudyLauncher(study, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private List<String> helpPropertyLines() {
        assertEquals(0, launch("--help"));
        List<String> lines = Arrays.asList(out.toString(StandardCharsets.UTF_8).split("\\R"));
        int first = lines.indexOf("are the standard scale's, bench.scale=smoke or paper changes them):") + 1;
        assertTrue(first > 0, out.toString(StandardCharsets.UTF_8));
        return lines.subList(first, lines.size());
    }

    @Test
    void helpListsExactlyTheDeclaredPropertiesByName() {
        List<String> lines = helpPropertyLines();
        assertEquals(Property.helpLines(study.properties()), lines);
        List<String> listed = study.properties().stream().filter(p -> p.listed).map(p -> p.name).sorted()
                .collect(Collectors.toList());
        assertEquals(listed, lines.stream().map(l -> l.trim().split(" ")[0]).collect(Collectors.toList()));
        assertTrue(lines.contains("  bench.declared.rate messages per second (default: 1000)"), lines.toString());
        assertTrue(lines.contains("  bench.declared.variants which variants to run, comma-separated: a, b, c"
                + " (default: a,b)"), lines.toString());
        assertTrue(lines.contains("  bench.scale        run length: smoke (seconds), standard (minutes), paper (the"
                + " published durations) (default: standard)"), lines.toString());
    }

    @Test
    void noHelpLineShowsTwoDefaults() {
        for (String line : helpPropertyLines()) {
            assertEquals(line.indexOf("(default"), line.lastIndexOf("(default"), line);
        }
        assertTrue(helpPropertyLines().stream().anyMatch(l -> l.startsWith("  bench.jvm          the benchmark JVMs'"
                + " java: a JDK folder or its bin/java (default: the JVM running the launcher, ")));
    }

    @Test
    void theLaunchersStepIsAcceptedButNotListed() {
        assertFalse(helpPropertyLines().stream().anyMatch(l -> l.contains(RunSettings.STEP)));
        new BenchProperties(Map.of(RunSettings.STEP, "rate-1000", "bench.declared.lib.linger.ms", "1"))
                .rejectUnknown(study.properties()); // does not throw
    }

    @Test
    void anUnknownPropertyIsRefusedBeforeAnyReaderRunsNamingTheListedOnes() {
        System.setProperty("bench.rat", "5");
        try {
            assertEquals(2, launch());
        } finally {
            System.clearProperty("bench.rat");
        }
        String allowed = study.properties().stream().filter(p -> p.listed).map(p -> p.name).sorted()
                .map(n -> NL + "  " + n + "  " + study.properties().stream().filter(p -> p.name.equals(n))
                        .findFirst().orElseThrow().description).collect(Collectors.joining());
        assertEquals("latency-bench: unknown property bench.rat=5; the properties allowed here are:" + allowed + NL,
                err.toString(StandardCharsets.UTF_8));
        assertTrue(allowed.contains(NL + "  bench.declared.rate  messages per second" + NL), allowed);
        assertFalse(allowed.contains(RunSettings.STEP), allowed);
    }
}
