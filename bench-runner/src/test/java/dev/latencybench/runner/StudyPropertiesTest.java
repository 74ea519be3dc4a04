package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.run.RunSettings;
import dev.latencybench.core.run.Study;
import dev.latencybench.core.run.StudyLauncher;
import dev.latencybench.core.run.StudyMain;

/** Every study's declarations against its {@code --help} and its reader. */
class StudyPropertiesTest {
    private static final List<Study> STUDIES = StudyMain.studies();

    private static List<String> helpPropertyLines(Study study) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, new StudyLauncher(study, new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
                .run(new String[] {"--help"}));
        List<String> lines = Arrays.asList(out.toString(StandardCharsets.UTF_8).split("\\R"));
        int first = lines.indexOf("are the standard scale's, bench.scale=smoke or paper changes them):") + 1;
        assertTrue(first > 0, study.name() + ": " + lines);
        return lines.subList(first, lines.size());
    }

    @Test
    void everyStudyIsChecked() {
        assertEquals(List.of("chain", "jet", "queue", "startup"),
                STUDIES.stream().map(Study::name).sorted().collect(Collectors.toList()));
    }

    @Test
    void helpListsTheDeclaredPropertiesWithOneDefaultEachAndNotTheLaunchersStep() {
        for (Study s : STUDIES) {
            List<String> lines = helpPropertyLines(s);
            assertEquals(Property.helpLines(s.properties()), lines, s.name());
            for (String line : lines) {
                assertEquals(line.indexOf("(default"), line.lastIndexOf("(default"), s.name() + ": " + line);
                assertFalse(line.contains(RunSettings.STEP), s.name() + ": " + line);
            }
            // the launcher sets it for a step: accepted all the same
            new BenchProperties(Map.of(RunSettings.STEP, "keys-5000")).rejectUnknown(s.properties());
        }
    }

    @Test
    void aReaderReadsOnlyWhatItsStudyDeclaresAsDeclared() {
        for (Study s : STUDIES) {
            Map<String, Property> declared = s.properties().stream()
                    .collect(Collectors.toMap(Property::name, p -> p, (a, b) -> a));
            BenchProperties empty = new BenchProperties(Map.of());
            try {
                RunSettings.read(empty, RunSettings.DEFAULT_RESULTS);
                s.plan(empty, CpuTopology.system());
            } catch (ConfigException e) {
                // a default this machine cannot use (a jar not built): what was read up to there is checked
            }
            assertFalse(empty.read().isEmpty(), s.name());
            for (Property read : empty.read()) {
                Property d = declared.get(read.name());
                assertTrue(d != null, s.name() + " reads " + read.name() + ", which it does not declare");
                assertEquals(d.toString() + " " + d.description(), read.toString() + " " + read.description(),
                        s.name());
            }
        }
    }

    @Test
    void theRunnerRefusesAPropertyNoStudyDeclaresNamingTheAllowedOnes() {
        BenchProperties given = new BenchProperties(Map.of("bench.rat", "5"));
        List<Property> all = new java.util.ArrayList<>(RunCommand.RUNNER_PROPERTIES);
        STUDIES.forEach(s -> all.addAll(s.properties()));
        String e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> given.rejectUnknown(all)).getMessage();
        assertTrue(e.startsWith("unknown property bench.rat=5; the properties allowed here are:"), e);
        for (String name : List.of("bench.rate", "bench.jet.keys", "bench.chain.slo", "bench.startup.modes",
                "bench.jvms", "bench.scale")) {
            assertTrue(e.contains(System.lineSeparator() + "  " + name + "  "), name + " in " + e);
        }
        assertFalse(e.contains(RunSettings.STEP), e);
    }
}
