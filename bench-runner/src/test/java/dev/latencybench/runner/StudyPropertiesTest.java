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

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.launch.StudyLauncher;
import dev.latencybench.launch.StudyMain;
import dev.latencybench.launch.SuiteCommit;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;

/** Every study's declarations against its {@code --help} and its reader. */
class StudyPropertiesTest {
    private static final List<Study> STUDIES = Studies.onClassPath();

    private static List<String> helpPropertyLines(Study study) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, new StudyLauncher(study, new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
                .run(new String[] {"--help"}));
        List<String> lines = Arrays.asList(out.toString(StandardCharsets.UTF_8).split("\\R"));
        String scale = study.properties().stream().filter(p -> p.name.equals(Periods.SCALE)).findFirst()
                .orElseThrow().defaultText;
        String others = Arrays.stream(Scale.values()).map(Scale::id).filter(id -> !id.equals(scale))
                .collect(Collectors.joining(" or "));
        // the defaults shown are those of the study's own default scale (start-up's is smoke)
        int first = lines.indexOf("are the " + scale + " scale's, bench.scale=" + others + " changes them):") + 1;
        assertTrue(first > 0, study.name() + ": " + lines);
        return lines.subList(first, lines.size());
    }

    @Test
    void theStartupStudysHelpSaysItsDefaultsAreTheSmokeScales() {
        Study startup = STUDIES.stream().filter(s -> s.name().equals("startup")).findFirst().orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, new StudyLauncher(startup, new PrintStream(out, true, StandardCharsets.UTF_8), System.err)
                .run(new String[] {"--help"}));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains(System.lineSeparator() + "are the smoke scale's,"
                + " bench.scale=standard or paper changes them):" + System.lineSeparator()), out.toString());
    }

    @Test
    void studyMainNamesTheStudiesAndHandsTheRestToTheStudy() {
        String nl = System.lineSeparator();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(0, StudyMain.run(new String[] {"--help"}, o, e));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: StudyMain [-hV] STUDY [ARGUMENT...]"
                + nl + "Runs one study of those on the class path; STUDY --help lists its properties." + nl), out.toString());
        assertTrue(out.toString(StandardCharsets.UTF_8).matches("(?s).*STUDY +the study: [a-z, ]*queue.*"),
                out.toString());
        out.reset();
        assertEquals(0, StudyMain.run(new String[] {"--version"}, o, e));
        assertEquals(SuiteCommit.versionLine() + nl, out.toString(StandardCharsets.UTF_8));
        out.reset();
        assertEquals(0, StudyMain.run(new String[] {"queue", "--help"}, o, e));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("latency-bench queue study: "), out.toString());
        assertEquals(2, StudyMain.run(new String[] {"queue", "-f", "3"}, o, e));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("instead of -f write -Dbench.forks=3 before -jar"),
                err.toString());
        err.reset();
        assertEquals(2, StudyMain.run(new String[] {"qeue"}, o, e));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("latency-bench: unknown study 'qeue'; studies on"
                + " the class path: "), err.toString());
        err.reset();
        assertEquals(2, StudyMain.run(new String[0], o, e));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("latency-bench: STUDY is missing; studies on the"
                + " class path: "), err.toString());
    }

    /**
     * Every study a module of the checkout registers ({@code META-INF/services}) is on the runner's class
     * path and so checked here: found by discovery, not by a list a new study would have to join.
     */
    @Test
    void everyStudyIsChecked() throws java.io.IOException {
        List<String> registered = new java.util.ArrayList<>();
        try (java.util.stream.Stream<java.nio.file.Path> modules = java.nio.file.Files.list(
                java.nio.file.Path.of("..").toAbsolutePath().normalize())) {
            for (java.nio.file.Path m : modules.sorted().collect(Collectors.toList())) {
                java.nio.file.Path services = m.resolve("src/main/resources/META-INF/services/" + Study.class.getName());
                if (java.nio.file.Files.isRegularFile(services)) {
                    java.nio.file.Files.readAllLines(services).stream().map(String::trim)
                            .filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(registered::add);
                }
            }
        }
        assertFalse(registered.isEmpty(), "the checkout's study modules register their studies");
        assertEquals(registered.stream().sorted().collect(Collectors.toList()),
                STUDIES.stream().map(s -> s.getClass().getName()).sorted().collect(Collectors.toList()));
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

    /** The settings a plan file keeps give the launcher the plan the runner's reader made, and write back the same. */
    @Test
    void everyStudysSettingsReadBackFromAPlanFileAsItsReaderMadeThem() {
        List<String> checked = new java.util.ArrayList<>();
        for (Study s : STUDIES) {
            Study.Plan read;
            try {
                read = CellPlans.read(s, Map.of(Periods.SCALE, "smoke"));
            } catch (ConfigException e) {
                continue; // a default this machine cannot use (a jar not built)
            }
            JsonElement file = JsonParser.parseString(JsonCodec.pretty(read.settings())); // as the file has it
            assertEquals(read.settings(), writtenAgain((ForkedStudy<?>) s, file), s.name());
            Study.Plan again = s.planOf(file);
            assertEquals(read.facts(), again.facts(), s.name());
            assertEquals(read.recorded(), again.recorded(), s.name());
            assertEquals(read.variants(), again.variants(), s.name());
            assertEquals(read.roles(), again.roles(), s.name());
            assertEquals(List.of(read.periods().scale, read.periods().warmupNs, read.periods().measureNs,
                    read.periods().forks), List.of(again.periods().scale, again.periods().warmupNs,
                    again.periods().measureNs, again.periods().forks), s.name());
            assertEquals(read.estimatedMaxNs(), again.estimatedMaxNs(), s.name());
            checked.add(s.name());
        }
        assertTrue(checked.containsAll(List.of("queue", "jet", "task")), checked.toString());
    }

    private static <S> JsonElement writtenAgain(ForkedStudy<S> study, JsonElement settings) {
        return JsonCodec.toJson(JsonCodec.fromJson(settings, study.settingsType()), study.settingsType());
    }

    @Test
    void aReaderReadsOnlyWhatItsStudyDeclaresAsDeclared() {
        for (Study s : STUDIES) {
            Map<String, Property> declared = s.properties().stream()
                    .collect(Collectors.toMap(p -> p.name, p -> p, (a, b) -> a));
            BenchProperties empty = new BenchProperties(Map.of());
            try {
                RunSettings.read(empty, RunSettings.DEFAULT_RESULTS);
                s.plan(empty, CpuTopology.system());
            } catch (ConfigException e) {
                // a default this machine cannot use (a jar not built): what was read up to there is checked
            }
            assertFalse(empty.read().isEmpty(), s.name());
            for (Property read : empty.read()) {
                Property d = declared.get(read.name);
                assertTrue(d != null, s.name() + " reads " + read.name + ", which it does not declare");
                assertEquals(d.toString() + " " + d.description, read.toString() + " " + read.description,
                        s.name());
            }
        }
    }

    @Test
    void theRunnerRefusesAPropertyNoStudyDeclaresNamingTheAllowedOnes() {
        BenchProperties given = new BenchProperties(Map.of("bench.rat", "5"));
        List<Property> all = new java.util.ArrayList<>(NewRunRequest.RUNNER_PROPERTIES);
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
