package dev.latencybench.launch;

import dev.latencybench.core.testing.DeclaredOnly;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * A study jar's command line: what it says about the arguments it does not take (JMH's flags, a
 * {@code -D} after {@code -jar}), its {@code --version} and the head of its {@code --help}. Each
 * refusal is exit status 2 before anything starts; the study's reader would fail the test if it ran.
 */
class LaunchArgsTest {
    private static final String NL = System.lineSeparator();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int launch(String... args) {
        return new StudyLauncher(new DeclaredOnly(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private String error() {
        return err.toString(StandardCharsets.UTF_8).trim();
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aPropertyAfterTheJarSaysItGoesBeforeIt() {
        assertEquals(2, launch("-Dbench.forks=3"));
        assertEquals("latency-bench: '-Dbench.forks=3' came after -jar, where Java hands it to the program, not to"
                + " itself: system properties go before -jar (java -Dbench.forks=3 -jar benchmarks.jar)", error());
    }

    @Test
    void jmhsForkFlagNamesThePropertyWithItsValue() {
        assertEquals(2, launch("-f", "3"));
        assertEquals("latency-bench: '-f' is one of JMH's flags; this jar takes its settings as system properties"
                + " before -jar (java -Dbench.NAME=VALUE -jar benchmarks.jar): instead of -f write -Dbench.forks=3"
                + " before -jar", error());
    }

    @Test
    void jmhsIterationFlagsNameTheLengthsOfThePeriods() {
        assertEquals(2, launch("-wi", "5"));
        assertEquals("latency-bench: '-wi' is one of JMH's flags; this jar takes its settings as system properties"
                + " before -jar (java -Dbench.NAME=VALUE -jar benchmarks.jar): each fork runs one warm-up and one"
                + " measured period here, so instead of -wi give its length: -Dbench.warmup=10s before -jar", error());
    }

    @Test
    void otherJmhFlagsPointAtTheHelp() {
        assertEquals(2, launch("-prof", "gc"));
        assertTrue(error().endsWith("(java -Dbench.NAME=VALUE -jar benchmarks.jar): see --help for every property"),
                error());
    }

    @Test
    void anythingElseIsUnknownWithWhereSettingsGo() {
        assertEquals(2, launch("--rate", "5"));
        assertEquals("latency-bench: unknown argument '--rate'; settings are system properties given before -jar"
                + " (java -Dbench.rate=50K -jar benchmarks.jar); see --help", error());
    }

    @Test
    void aRunnersOptionWithoutItsValueIsNamed() {
        assertEquals(2, launch("--classpath"));
        assertEquals("latency-bench: --classpath needs a value (CP)", error());
    }

    @Test
    void versionPrintsTheSuitesVersionLine() {
        assertEquals(0, launch("--version"));
        assertEquals(SuiteCommit.versionLine() + NL, out());
        out.reset();
        assertEquals(0, launch("-V"));
        assertEquals(SuiteCommit.versionLine() + NL, out());
        assertEquals("", error());
    }

    @Test
    void helpSaysHowToStartTheStudyAndHidesTheRunnersOptions() {
        assertEquals(0, launch("--help"));
        assertTrue(out().startsWith("latency-bench declared study: a study known by its declarations" + NL + NL
                + "Usage: java [-Dbench.NAME=VALUE ...] -jar bench-declared/target/benchmarks.jar [--help] [--version]"
                + NL + "   or, across JVMs and collectors: scripts/bench run --scenarios declared [-Dbench.NAME=VALUE"
                + " ...]" + NL + NL + "Options:" + NL
                + "  -h, --help      Show this help message and exit." + NL
                + "  -V, --version   Print version information and exit." + NL + NL
                + "Properties (counts accept 100K / 1M, durations 500ms / 10s / 2m; the warm-up and duration shown"
                + NL), out());
        assertTrue(!out().contains("--part-of-run") && !out().contains("--classpath"), out());
        assertEquals("", error());
    }

    @Test
    void theVersionLineNamesTheSuiteAndItsCommit() {
        String line = SuiteCommit.versionLine();
        assertTrue(line.matches("latency-bench \\S+.* \\(commit ([0-9a-f]{40}(\\+dirty)?|unknown)\\)"), line);
    }
}
