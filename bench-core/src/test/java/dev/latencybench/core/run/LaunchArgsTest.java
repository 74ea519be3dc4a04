package dev.latencybench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class LaunchArgsTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private LaunchArgs parse(String... args) {
        return LaunchArgs.parse(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String error() {
        return err.toString(StandardCharsets.UTF_8).trim();
    }

    @Test
    void aPropertyAfterTheJarSaysItGoesBeforeIt() {
        assertNull(parse("-Dbench.forks=3"));
        assertEquals("latency-bench: '-Dbench.forks=3' came after -jar, where Java hands it to the program, not to"
                + " itself: system properties go before -jar (java -Dbench.forks=3 -jar benchmarks.jar)", error());
    }

    @Test
    void jmhsForkFlagNamesThePropertyWithItsValue() {
        assertNull(parse("-f", "3"));
        assertEquals("latency-bench: '-f' is one of JMH's flags; this jar takes its settings as system properties"
                + " before -jar (java -Dbench.NAME=VALUE -jar benchmarks.jar): instead of -f write -Dbench.forks=3"
                + " before -jar", error());
    }

    @Test
    void jmhsIterationFlagsNameTheLengthsOfThePeriods() {
        assertNull(parse("-wi", "5"));
        assertEquals("latency-bench: '-wi' is one of JMH's flags; this jar takes its settings as system properties"
                + " before -jar (java -Dbench.NAME=VALUE -jar benchmarks.jar): each fork runs one warm-up and one"
                + " measured period here, so instead of -wi give its length: -Dbench.warmup=10s before -jar", error());
    }

    @Test
    void otherJmhFlagsPointAtTheHelp() {
        assertNull(parse("-prof", "gc"));
        assertTrue(error().endsWith("(java -Dbench.NAME=VALUE -jar benchmarks.jar): see --help for every property"),
                error());
    }

    @Test
    void anythingElseIsUnknownWithWhereSettingsGo() {
        assertNull(parse("--rate", "5"));
        assertEquals("latency-bench: unknown argument '--rate'; settings are system properties given before -jar"
                + " (java -Dbench.rate=50K -jar benchmarks.jar); see --help", error());
    }

    @Test
    void versionAndHelpAreFlags() {
        assertTrue(parse("--version").version);
        assertTrue(parse("-V").version);
        assertTrue(parse("--help").help);
        assertEquals("", error());
    }

    @Test
    void theVersionLineNamesTheSuiteAndItsCommit() {
        String line = SuiteCommit.versionLine();
        assertTrue(line.matches("latency-bench \\S+.* \\(commit ([0-9a-f]{40}(\\+dirty)?|unknown)\\)"), line);
    }
}
