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
}
