package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;

import dev.latencybench.core.time.Pacer;

/**
 * A unit test's view of a short period that ran on the real clock: on a busy machine its sender may end more
 * than {@link Pacer#allowedBehindNs} behind its schedule (50 ms for a period under 5 s), which fails the period
 * "rate not held" as it should. The test then checks what holds on any machine: that reason appears exactly when
 * the recorded final lag bears it out, the status is what the reasons make it, and the other reasons are the ones
 * the test expects. Stateless.
 */
public final class RateNotHeld {
    private RateNotHeld() {
    }

    /**
     * The reasons but a "rate not held" one, after checking it against the lag and the status against them all.
     *
     * @param finalLagNs how far behind its schedule the sender ended, as fork.json records it
     * @param periodNs   the measured period's length
     */
    public static List<String> reasonsButTheRate(String status, List<String> reasons, long finalLagNs, long periodNs) {
        long allowedNs = Pacer.allowedBehindNs(periodNs);
        List<String> rate = reasons.stream().filter(r -> r.startsWith("rate not held: ")).collect(Collectors.toList());
        assertEquals(finalLagNs > allowedNs, !rate.isEmpty(), "'rate not held' exactly when the sender ended over "
                + allowedNs + " ns behind (" + finalLagNs + " ns): " + reasons);
        assertEquals(reasons.isEmpty() ? "OK" : "FAILED", status, reasons.toString());
        return reasons.stream().filter(r -> !rate.contains(r)).collect(Collectors.toList());
    }
}
