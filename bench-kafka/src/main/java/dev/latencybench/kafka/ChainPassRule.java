package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.run.schedule.PassRule;
import dev.latencybench.core.run.schedule.StepOutcome;

/**
 * The chain study's pass rule for its capacity search: a step passes when it is OK and the merged
 * latency keeps the SLO; it bounds the capacity only when it failed for load, that is for reasons that
 * all say the chains did not fit ({@link ChainTally#boundsCapacity}: an SLO broken, a source behind its
 * schedule, messages lost or miscounted, chains that could not all start sending in time). A step that
 * failed for anything else (a crashed or killed JVM, a broker that did not start or died, a transport's
 * error, no threads to be had) is an {@link PassRule.Verdict#error}: it says nothing about how many
 * chains fit, and the search stops there without an answer.
 *
 * <p>Immutable; shareable.
 */
final class ChainPassRule implements PassRule {
    private final PassRule slo;

    ChainPassRule(ChainSlo slo) {
        this.slo = slo.passRule();
    }

    @Override
    public Verdict judge(StepOutcome outcome) {
        if (outcome.status() == StepOutcome.Status.OK) {
            if (!outcome.measured()) {
                return Verdict.error("OK, but nothing was measured");
            }
            Verdict v = slo.judge(outcome);
            return v.passed() ? v : Verdict.fail("limited by the SLO: " + v.text());
        }
        List<String> other = new ArrayList<>();
        boolean load = false;
        for (String r : outcome.reasons()) {
            if (ChainTally.boundsCapacity(r)) {
                load = true;
            } else if (!r.equals(ChainTally.NOTHING_MEASURED)) {
                other.add(r);
            }
        }
        String status = outcome.status().name();
        if (outcome.status() == StepOutcome.Status.FAILED && load && other.isEmpty()) {
            return Verdict.fail("limited by " + ChainTally.limiter(outcome.reasons()) + ": " + status + ": "
                    + String.join("; ", outcome.reasons()));
        }
        // the reasons that are not load first: they are why the step says nothing
        List<String> why = new ArrayList<>(other);
        outcome.reasons().stream().filter(r -> !other.contains(r)).forEach(why::add);
        return Verdict.error(status + (why.isEmpty() ? " without a reason" : ": " + String.join("; ", why)));
    }

    @Override
    public String describe() {
        return slo.describe();
    }

    @Override
    public String toString() {
        return describe();
    }
}
