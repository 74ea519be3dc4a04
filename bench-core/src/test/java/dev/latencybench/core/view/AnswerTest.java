package dev.latencybench.core.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The one renderer of every study's answer line: its forms, and a line that never runs past its length. */
class AnswerTest {
    @Test
    void theBestAgainstTheNextWithItsRatioAndIntervalThenClausesThenTheCaution() {
        Answer a = Answer.best("temurin-25 zgc", "lowest median", "1.02µs")
                .against("openjdk-17 g1", "below", "1.17×", "1.12–1.22").also("p99.99 ties").caution("busy machine");
        assertEquals("`temurin-25 zgc` lowest median, 1.02µs, 1.17× (1.12–1.22) below `openjdk-17 g1`; p99.99 ties."
                + " Caution: busy machine.", a.line(Answer.MAX_CHARS));
    }

    @Test
    void aTieIsSaidAsATieWithoutARatio() {
        assertEquals("`zgc jet` and `shenandoah jet` tie at the p99 at 7M items/s (656µs and 681µs).",
                Answer.best("zgc jet", "lowest p99 at 7M items/s", "656µs and 681µs").tiesWith("shenandoah jet")
                        .line(Answer.MAX_CHARS));
    }

    @Test
    void noAnswerAndNoneQualifyingNameNoBest() {
        assertEquals("no answer: no cell ended OK (FAILED).", Answer.none("no cell ended OK (FAILED)").line(200));
        assertEquals("none held 1 chain under p99.9 < 1.00ms; `kafka` 0.", Answer.noneQualifies("none held 1 chain"
                + " under p99.9 < 1.00ms").also("`kafka` 0").line(200));
    }

    @Test
    void clausesAreLeftOutFromTheLastUntilTheLineFitsItsLengthWithoutMarkdown() {
        Answer a = Answer.best("a", "lowest median", "1.00µs").against("b", "below", "2.00×", null);
        for (int i = 0; i < 20; i++) {
            a = a.also("clause number " + i);
        }
        String line = a.line(100);
        assertTrue(Answer.plainLength(line) <= 100, line);
        assertTrue(line.contains("; clause number 0") && !line.contains("clause number 19"), line);
        assertEquals(Answer.plain(line).length(), Answer.plainLength(line));
        assertEquals("queue: a b", Answer.plain("**[queue](#scenario-queue)**: `a` **b**"));
    }

    @Test
    void theTailsCauseIsTheLastClauseLeftOutWhereverItStands() {
        // the README smoke run's queue line on a busy CI machine: yardstick and floor clauses once pushed the cause out
        Answer a = Answer.only("openjdk-17.0.15 g1", "median", "1.07µs")
                .also("`reference` 3.49µs, slower though it does less: conditions differed, no harness cost")
                .also("floor 312ns, +755ns over it").cause("beyond p99.9: 2 of 2 platform").also("p99.9 lowest on g1")
                .caution("CPU placement changed");
        String line = a.line(Answer.MAX_CHARS);
        assertTrue(Answer.plainLength(line) <= Answer.MAX_CHARS, line);
        assertEquals("`openjdk-17.0.15 g1` median, 1.07µs; `reference` 3.49µs, slower though it does less: conditions"
                + " differed, no harness cost; beyond p99.9: 2 of 2 platform. Caution: CPU placement changed.", line);
        assertEquals("`openjdk-17.0.15 g1` median, 1.07µs; beyond p99.9: 2 of 2 platform. Caution: CPU placement"
                + " changed.", a.line(100));
        assertEquals("`openjdk-17.0.15 g1` median, 1.07µs. Caution: CPU placement changed.", a.line(60));
        assertEquals("`a` median, 1ns; new.", Answer.only("a", "median", "1ns").cause("old").cause("new").line(200));
    }

    @Test
    void wordsEveryNameSharesAreLeftOut() {
        assertEquals(1, Answer.sharedWords(List.of("temurin-25.0.3 zgc jet", "temurin-25.0.3 g1 jet")));
        assertEquals(0, Answer.sharedWords(List.of("jdk17 g1", "jdk25 g1")));
        assertEquals(0, Answer.sharedWords(List.of("only one")));
        assertEquals(1, Answer.sharedWords(List.of("jdk25 g1", "jdk25 zgc")), "one word of each is kept");
        assertEquals("zgc jet", Answer.dropWords("temurin-25.0.3 zgc jet", 1));
    }
}
