package dev.latencybench.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchPropertiesTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);
    private static final List<String> TRANSPORTS = List.of("chronicle", "mailbox", "aeron");
    private static final String NL = System.lineSeparator();

    private static BenchProperties props(String... keyValues) {
        Map<String, String> map = new TreeMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new BenchProperties(map);
    }

    private static String message(Runnable r) {
        return assertThrows(ConfigException.class, r::run).getMessage();
    }

    @Test
    void givenKeepsOnlyBenchProperties() {
        BenchProperties p = props("bench.rate", "1K", "java.home", "/opt/jdk", "benchmark", "x", "other.rate", "2");
        assertEquals(Map.of("bench.rate", "1K"), p.given());
    }

    @Test
    void stringReturnsTheDefaultOrTheTrimmedValue() {
        assertEquals("auto", props().string(Property.text("bench.cpus", "auto", "cpus")));
        assertEquals("2,4", props("bench.cpus", "  2,4 ").string(Property.text("bench.cpus", "auto", "cpus")));
    }

    @Test
    void countReturnsTheDefaultWhenAbsent() {
        assertEquals(7, props().count(Property.count("bench.n", 7, 1, 10, "things")));
    }

    @Test
    void countParsesSuffixesAndSpaces() {
        assertEquals(2_000, props("bench.n", "2K").count(Property.count("bench.n", 7, 1, 1_000_000, "things")));
        assertEquals(5, props("bench.n", " 5 ").count(Property.count("bench.n", 7, 1, 10, "things")));
        assertEquals(1, props("bench.n", "1").count(Property.count("bench.n", 7, 1, 10, "things")));
        assertEquals(10, props("bench.n", "10").count(Property.count("bench.n", 7, 1, 10, "things")));
    }

    @Test
    void countBelowTheRange() {
        assertEquals("bench.n=0 is not valid: expected things from 1 to 10",
                message(() -> props("bench.n", "0").count(Property.count("bench.n", 7, 1, 10, "things"))));
    }

    @Test
    void countAboveTheRange() {
        assertEquals("bench.n=1K is not valid: expected things from 1 to 10",
                message(() -> props("bench.n", "1K").count(Property.count("bench.n", 7, 1, 10, "things"))));
    }

    @Test
    void countThatIsNotANumberGivesExamplesOnlyWithinItsRange() {
        assertEquals("bench.n=abc is not valid: expected things as a whole number from 1 to 10",
                message(() -> props("bench.n", "abc").count(Property.count("bench.n", 7, 1, 10, "things"))));
        assertEquals("bench.n=1.5K is not valid: expected things as a whole number such as 500 or 1K, from 1 to 65536",
                message(() -> props("bench.n", " 1.5K ").count(Property.count("bench.n", 7, 1, 65_536, "things"))));
        assertEquals("bench.n=fast is not valid: expected things as a whole number such as 100000, 100K or 1M, from 1"
                        + " to 10000000",
                message(() -> props("bench.n", "fast").count(Property.count("bench.n", 7, 1, 10_000_000, "things"))));
    }

    @Test
    void countThatOverflowsIsOutOfRange() {
        assertEquals("bench.n=9223372036854776K is not valid: expected things from 1 to 10",
                message(() -> props("bench.n", "9223372036854776K").count(Property.count("bench.n", 7, 1, 10, "things"))));
        assertEquals("bench.n=99999999999999999999 is not valid: expected things from 1 to 10",
                message(() -> props("bench.n", "99999999999999999999").count(Property.count("bench.n", 7, 1, 10,
                        "things"))));
    }

    @Test
    void durationReturnsTheDefaultWhenAbsent() {
        assertEquals(5 * MS, props().durationNs(Property.duration("bench.d", 5 * MS, 0, HOUR, "warm-up")));
    }

    @Test
    void durationParsesUnits() {
        assertEquals(250 * MS, props("bench.d", "250ms").durationNs(Property.duration("bench.d", 5 * MS, 0, HOUR, "warm-up")));
        assertEquals(HOUR, props("bench.d", " 60m ").durationNs(Property.duration("bench.d", 5 * MS, 0, HOUR, "warm-up")));
    }

    @Test
    void durationWithoutAUnit() {
        assertEquals("bench.d=10 is not valid: expected warm-up as a number with a unit (ns, us, ms, s, m, h)"
                        + " such as 500ms or 10s",
                message(() -> props("bench.d", "10").durationNs(Property.duration("bench.d", 5 * MS, 0, HOUR, "warm-up"))));
    }

    @Test
    void durationWithAnUnknownUnit() {
        assertEquals("bench.d=3d is not valid: expected warm-up as a number with a unit (ns, us, ms, s, m, h)"
                        + " such as 500ms or 10s",
                message(() -> props("bench.d", "3d").durationNs(Property.duration("bench.d", 5 * MS, 0, HOUR, "warm-up"))));
    }

    @Test
    void durationOutOfRange() {
        assertEquals("bench.d=50ms is not valid: expected warm-up from 100ms to 60m",
                message(() -> props("bench.d", "50ms").durationNs(Property.duration("bench.d", 200 * MS, 100 * MS, HOUR, "warm-up"))));
        assertEquals("bench.d=2h is not valid: expected warm-up from 100ms to 60m",
                message(() -> props("bench.d", "2h").durationNs(Property.duration("bench.d", 200 * MS, 100 * MS, HOUR, "warm-up"))));
        for (String tooLong : List.of("99999999999999999999s", "9999999999h")) { // overflow a long of nanoseconds
            assertEquals("bench.d=" + tooLong + " is not valid: expected warm-up from 100ms to 60m",
                    message(() -> props("bench.d", tooLong).durationNs(Property.duration("bench.d", 200 * MS, 100 * MS,
                            HOUR, "warm-up"))));
        }
    }

    @Test
    void choiceIsCaseInsensitiveWithADefault() {
        assertEquals(Scale.SMOKE, props().choice(Property.choice("bench.scale", Scale.SMOKE, "run length"), Scale.class));
        assertEquals(Scale.PAPER, props("bench.scale", "Paper").choice(Property.choice("bench.scale", Scale.SMOKE, "run length"), Scale.class));
        assertEquals(Scale.STANDARD, props("bench.scale", " standard ").choice(Property.choice("bench.scale", Scale.SMOKE, "run length"), Scale.class));
    }

    @Test
    void choiceNotAllowed() {
        assertEquals("bench.scale=huge is not valid: expected one of smoke, standard, paper",
                message(() -> props("bench.scale", "huge").choice(Property.choice("bench.scale", Scale.SMOKE, "length"), Scale.class)));
    }

    @Test
    void boolIsTrueOrFalseInAnyCaseWithADefault() {
        assertEquals(false, props().bool(Property.flag("bench.verbose", false, "everything")));
        assertEquals(true, props("bench.verbose", " TRUE ").bool(Property.flag("bench.verbose", false, "everything")));
        assertEquals(false, props("bench.verbose", "false").bool(Property.flag("bench.verbose", true, "everything")));
        assertEquals("bench.verbose=yes is not valid: expected true or false",
                message(() -> props("bench.verbose", "yes").bool(Property.flag("bench.verbose", false, "everything"))));
    }

    @Test
    void subsetKeepsTheOrderGiven() {
        assertEquals(TRANSPORTS, props().subset(Property.subset("bench.t", TRANSPORTS, TRANSPORTS, "transport")));
        assertEquals(List.of("mailbox", "chronicle"),
                props("bench.t", "mailbox, chronicle").subset(Property.subset("bench.t", TRANSPORTS, TRANSPORTS, "transport")));
    }

    @Test
    void subsetWithAnUnknownItem() {
        assertEquals("bench.t=chronicle,kafka is not valid: unknown transport 'kafka'; expected a comma-separated"
                        + " list of chronicle, mailbox, aeron",
                message(() -> props("bench.t", "chronicle,kafka").subset(Property.subset("bench.t", TRANSPORTS, TRANSPORTS, "transport"))));
    }

    @Test
    void subsetWithAnEmptyItem() {
        assertEquals("bench.t=chronicle,,mailbox is not valid: unknown transport ''; expected a comma-separated"
                        + " list of chronicle, mailbox, aeron",
                message(() -> props("bench.t", "chronicle,,mailbox").subset(Property.subset("bench.t", TRANSPORTS, TRANSPORTS, "transport"))));
    }

    @Test
    void subsetWithARepeatedItem() {
        assertEquals("bench.t=chronicle,mailbox, chronicle is not valid: a transport is named twice",
                message(() -> props("bench.t", "chronicle,mailbox, chronicle").subset(Property.subset("bench.t", TRANSPORTS, TRANSPORTS, "transport"))));
    }

    @Test
    void writableDirectoryReturnsAnExistingDirectory(@TempDir Path dir) {
        assertEquals(dir, props("bench.results", dir.toString())
                .writableDirectory(Property.folder("bench.results", "results", "output folder", "create it first")));
        assertEquals(dir, props().writableDirectory(Property.folder("bench.results", dir.toString(), "output folder", "create it")));
    }

    @Test
    void writableDirectoryThatDoesNotExist(@TempDir Path dir) {
        String missing = dir.resolve("missing").toString();
        assertEquals("bench.results=" + missing + " is not valid: no such directory; create it first",
                message(() -> props("bench.results", missing)
                        .writableDirectory(Property.folder("bench.results", "results", "output folder", "create it first"))));
    }

    @Test
    void writableDirectoryThatIsAFile(@TempDir Path dir) throws IOException {
        Path file = Files.createFile(dir.resolve("file.txt"));
        assertEquals("bench.results=" + file + " is not valid: no such directory; create it first",
                message(() -> props("bench.results", file.toString())
                        .writableDirectory(Property.folder("bench.results", "results", "output folder", "create it first"))));
    }

    @Test
    void writableDirectoryThatIsNotWritable(@TempDir Path dir) throws IOException {
        Path readOnly = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(readOnly), "running as root: every directory is writable");
            assertEquals("bench.results=" + readOnly + " is not valid: the directory is not writable; chmod it",
                    message(() -> props("bench.results", readOnly.toString())
                            .writableDirectory(Property.folder("bench.results", "results", "output folder", "chmod it"))));
        } finally {
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void rejectUnknownNamesTheUnknownPropertyAndListsTheListedOnesByName() {
        BenchProperties p = props("bench.rate", "1K", "bench.rtae", "5", "java.home", "/opt/jdk");
        List<Property> declared = List.of(Property.count("bench.rate", 100, 1, 1_000_000, "messages per second"),
                Property.text("bench.note", "", "a note for the log"),
                Property.text("bench.step", "", "set by the launcher").unlisted());
        assertEquals("unknown property bench.rtae=5; the properties allowed here are:"
                        + NL + "  bench.note  a note for the log"
                        + NL + "  bench.rate  messages per second",
                message(() -> p.rejectUnknown(declared)));
    }

    @Test
    void rejectUnknownReadsNoValueAndIgnoresOtherProperties() {
        // bench.rate's value is bad, but only the names are checked here; other.x is not a bench. property
        props("bench.rate", "lots", "other.x", "1").rejectUnknown(
                List.of(Property.count("bench.rate", 100, 1, 1_000_000, "messages per second")));
    }

    @Test
    void rejectUnknownAcceptsUnlistedPropertiesAndThoseUnderAPrefix() {
        props("bench.step", "x", "bench.lib.linger.ms", "1").rejectUnknown(List.of(
                Property.text("bench.step", "", "set by the launcher").unlisted(),
                Property.prefix("bench.lib.", "a library's setting")));
        assertEquals("unknown property bench.lib.=1; the properties allowed here are:",
                message(() -> props("bench.lib.", "1").rejectUnknown(
                        List.of(Property.prefix("bench.lib.", "a library's setting")))));
    }

    @Test
    void aPropertyIsReadAsTheKindItIsDeclared() {
        Property rate = Property.count("bench.rate", 100, 1, 1_000_000, "messages per second");
        assertEquals("bench.rate is declared as COUNT, read as TEXT",
                assertThrows(IllegalArgumentException.class, () -> props().string(rate)).getMessage());
    }

    @Test
    void aPathTheLocaleCannotNameSaysWhatToDo() {
        java.nio.file.InvalidPathException e = new java.nio.file.InvalidPathException("/tmp/r\u00e9sultats",
                "Malformed input or input contains unmappable characters");
        assertEquals("the path '/tmp/r\u00e9sultats' cannot be used here: Malformed input or input contains unmappable"
                + " characters; this JVM names files in ANSI_X3.4-1968, as the locale says (LC_ALL, LANG): run it under a"
                + " UTF-8 locale such as LC_ALL=C.UTF-8, or choose a path of ASCII characters",
                ConfigException.pathProblem(e, "ANSI_X3.4-1968"));
        assertEquals("the path '/tmp/r\u00e9sultats' cannot be used here: Malformed input or input contains unmappable"
                + " characters", ConfigException.pathProblem(e, "UTF-8"), "a UTF-8 locale is not the cause");
    }
}
