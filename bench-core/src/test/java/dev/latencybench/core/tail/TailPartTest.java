package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The answer's clause on the tail's cause, at the highest part that rests on enough samples. */
class TailPartTest {
    @Test
    void beyondP999WhereTenOrMoreWereAttributed() {
        TailPart t = new TailPart();
        t.beyondP99_9.attributed = 11;
        t.beyondP99_9.gc = 9;
        t.beyondP99_9.code = 2;
        t.beyondP99.attributed = 100;
        t.beyondP99.platform = 100;
        assertEquals("beyond p99.9: 9 of 11 gc", t.causeClause());
        assertEquals("beyond p99.9: 9 of 11 gc", TailPart.ofMember(t.toJson()).causeClause());
    }

    @Test
    void beyondP99WhereFewerBeyondP999() {
        TailPart t = new TailPart();
        t.beyondP99_9.attributed = 3;
        t.beyondP99_9.gc = 3;
        t.beyondP99.attributed = 30;
        t.beyondP99.gc = 3;
        t.beyondP99.platform = 27;
        assertEquals("beyond p99: 27 of 30 platform", t.causeClause());
    }

    @Test
    void overEverySampleKeptWhereFewerStill() {
        TailPart t = new TailPart();
        t.aboveThreshold.attributed = 2;
        t.aboveThreshold.code = 2;
        t.beyondP99.attributed = 2;
        t.beyondP99.code = 2;
        assertEquals("of the 2 worst: 2 code", t.causeClause());
        assertNull(new TailPart().causeClause(), "nothing attributed: no clause");
        assertNull(TailPart.ofMember(null));
    }

    /** Jet at smoke scale: threshold 0 and 304 samples, every one kept: not "the worst", all of them. */
    @Test
    void aCellThatKeptEverySampleSaysOfAll() {
        TailPart t = new TailPart();
        t.cellSamples = 304;
        t.medianNs = 2_000_000;
        t.leastKeptNs = 900_000;
        t.aboveThreshold.attributed = 304;
        t.aboveThreshold.code = 285;
        t.aboveThreshold.platform = 19;
        assertEquals("of all 304 samples: 285 code", t.causeClause());
    }

    /**
     * No cause holding two thirds, the clause names the two largest: of three standard queue runs of one build, one
     * read g1's tail "5,021 of 8,984 platform" (3,844 code) and the next "5,201 of 8,986 code" (3,785 platform).
     */
    @Test
    void whereNoCauseHoldsTwoThirdsTheClauseNamesTheTwoLargest() {
        TailPart t = new TailPart();
        t.beyondP99_9.attributed = 8_986;
        t.beyondP99_9.code = 5_201;
        t.beyondP99_9.platform = 3_785;
        assertEquals("beyond p99.9: 5,201 code and 3,785 platform of 8,986", t.causeClause());
        t.beyondP99_9.code = 3_844;
        t.beyondP99_9.platform = 5_021;
        t.beyondP99_9.safepoint = 119;
        assertEquals("beyond p99.9: 5,021 platform and 3,844 code of 8,986", t.causeClause());
        t.beyondP99_9.platform = 6_000; // two thirds of 8,986 is 5,990.7
        assertEquals("beyond p99.9: 6,000 of 8,986 platform", t.causeClause());

        TailPart kept = new TailPart();
        kept.cellSamples = 304;
        kept.aboveThreshold.attributed = 304;
        kept.aboveThreshold.code = 150;
        kept.aboveThreshold.platform = 154;
        assertEquals("of all 304 samples: 154 platform and 150 code", kept.causeClause());
    }

    /** Kept samples that reach down to the median or below are not "the worst" either. */
    @Test
    void keptSamplesNotAllAboveTheMedianAreNotTheWorst() {
        TailPart t = new TailPart();
        t.cellSamples = 100_000;
        t.medianNs = 2_000;
        t.leastKeptNs = 1_500;
        t.aboveThreshold.attributed = 5;
        t.aboveThreshold.code = 5;
        assertEquals("of 5 samples kept: 5 code", t.causeClause());
        t.leastKeptNs = 2_001;
        assertEquals("of the 5 worst: 5 code", t.causeClause());
    }

    /** A GC pause under measuring threads that allocate nothing is the fork's: its garbage came from elsewhere. */
    @Test
    void aGcCauseWhereTheMeasuredCodeAllocatesNothingIsTheForksPause() {
        TailPart t = new TailPart();
        t.beyondP99_9.attributed = 198;
        t.beyondP99_9.gc = 144;
        t.beyondP99_9.code = 54;
        assertEquals("beyond p99.9: 144 of 198 gc", t.causeClause(), "allocation not counted: plain gc");
        t.measuredBytesPerSample = 0.009;
        assertEquals("beyond p99.9: 144 of 198 gc, the fork's pause", t.causeClause());
        assertEquals("beyond p99.9: 144 of 198 gc, the fork's pause", TailPart.ofMember(t.toJson()).causeClause(),
                "read back");
        t.measuredBytesPerSample = 24.0;
        assertEquals("beyond p99.9: 144 of 198 gc", t.causeClause(), "the measured code's own garbage");
    }
}
