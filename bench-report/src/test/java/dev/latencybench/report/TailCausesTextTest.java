package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.tail.TailPart;

class TailCausesTextTest {
    private static TailPart.Beyond beyond(long gc, long safepoint, long platform, long code, long other) {
        TailPart.Beyond b = new TailPart.Beyond();
        b.gc = gc;
        b.safepoint = safepoint;
        b.platform = platform;
        b.code = code;
        b.other = other;
        b.attributed = gc + safepoint + platform + code + other;
        return b;
    }

    @Test
    void theFiguresTableGivesGcSafepointPlatformAndCodeAndAnOlderResultsOtherAsItWas() {
        assertEquals("1,200 / 0 / 3 / 1 of 1,204", VariantAnswer.causes(beyond(1_200, 0, 3, 1, 0)));
        assertEquals("12 / 0 / 8 other of 20", VariantAnswer.causes(beyond(12, 0, 0, 0, 8)));
        assertEquals("12 / 0 / 2 / 1, 5 other of 20", VariantAnswer.causes(beyond(12, 0, 2, 1, 5)),
                "forks with and without a probe in one cell");
    }

    @Test
    void theFiguresTableShowsTheSplitWhereTwoCausesCoveredTheSameSamples() {
        TailPart.Beyond b = beyond(10, 0, 0, 0, 0);
        b.shared.put("platform", 10L);
        assertEquals("10 / 0 / 0 / 0 of 10, platform shared 10", VariantAnswer.causes(b));
    }
}
