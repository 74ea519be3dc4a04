package dev.latencybench.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class UnitsTest {

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "0, 0",
        "42, 42",
        "100K, 100000",
        "1M, 1000000",
        "2G, 2000000000",
        "10k, 10000",
        "3m, 3000000",
        "5g, 5000000000",
        "1_000_000, 1000000",
        "1_5K, 15000",
        "'  7K ', 7000",
        "9223372036854775807, 9223372036854775807",
    })
    void parseCountAcceptsDigitsWithAnOptionalSuffix(String text, long expected) {
        assertEquals(expected, Units.parseCount(text));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "   ", "K", "1.5K", "-1", "+1", "1e6", "abc", "1KB", "1 000", "10T", "_"})
    void parseCountRejectsWhatIsNotACount(String text) {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> Units.parseCount(text));
        assertEquals("not a count: " + text, e.getMessage());
    }

    @Test
    void parseCountRejectsTooManyDigitsForALong() {
        assertThrows(NumberFormatException.class, () -> Units.parseCount("9223372036854775808"));
    }

    @Test
    void parseCountRejectsASuffixThatOverflowsALong() {
        NumberFormatException e = assertThrows(NumberFormatException.class,
                () -> Units.parseCount("9223372036854776K"));
        assertEquals("count too large: 9223372036854776K", e.getMessage());
    }

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource({
        "10ns, 10",
        "5us, 5000",
        "500ms, 500000000",
        "10s, 10000000000",
        "2m, 120000000000",
        "1h, 3600000000000",
        "0s, 0",
        "0, 0",
        "' 0 ', 0",
        "10S, 10000000000",
        "250MS, 250000000",
        "' 3ms ', 3000000",
    })
    void parseDurationNsAcceptsEveryUnit(String text, long expected) {
        assertEquals(expected, Units.parseDurationNs(text));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"10", "00x", "10d", "10sec", "ms", "", "1.5s", "-1s", "10 s", "s10", "1_000ms"})
    void parseDurationNsRejectsBareNumbersAndUnknownUnits(String text) {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> Units.parseDurationNs(text));
        assertEquals("not a duration: " + text, e.getMessage());
    }

    @Test
    void parseDurationNsRejectsADurationBeyondALong() {
        NumberFormatException e = assertThrows(NumberFormatException.class,
                () -> Units.parseDurationNs("9999999h"));
        assertEquals("duration too long: 9999999h", e.getMessage());
        assertThrows(NumberFormatException.class, () -> Units.parseDurationNs("99999999999999999999s"));
    }

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource({
        "0, 0ns",
        "812, 812ns",
        "999, 999ns",
        "1000, 1.00us",
        "4210, 4.21us",
        "12345, 12.3us",
        "123456, 123us",
        "12000000, 12.0ms",
        "1500000000, 1.50s",
        "600000000000, 600s",
        "-150, -150ns",
        "-448265122, -448ms",
    })
    void formatNsPrintsThreeSignificantFigures(double ns, String expected) {
        assertEquals(expected, Units.formatNs(ns));
    }

    @ParameterizedTest(name = "{0} ns -> {1}")
    @CsvSource({
        "0, 0ms",
        "999999, 0ms",
        "500000000, 500ms",
        "1500000000, 1.5s",
        "30000000000, 30s",
        "59000000000, 59s",
        "90500000000, 90.5s",
        "100000000000, 1m40s",
        "120000000000, 2m",
        "3600000000000, 60m",
        "86400000000000, 1440m",
    })
    void formatDurationPrintsForPeople(long ns, String expected) {
        assertEquals(expected, Units.formatDuration(ns));
    }
}
