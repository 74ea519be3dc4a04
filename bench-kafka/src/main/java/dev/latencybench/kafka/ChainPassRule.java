package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.schedule.PassRule;
import dev.latencybench.core.schedule.StepOutcome;
import dev.latencybench.core.schedule.TooShort;

/**
 * The chain study's pass rule: a step passes when it is OK and its merged latency keeps the SLO, and bounds the
 * capacity only when it failed for load ({@link ChainTally#boundsCapacity}); any other failure is an
 * {@link PassRule.Verdict#error}. A step too short to judge the percentile cannot tell, unless it is over for
 * certain ({@link PassRule#overForCertain}). Immutable.
 */
final class ChainPassRule implements PassRule {
    private final ChainSlo slo;
    private final PassRule rule;
    private final long ratePerSecPerChain;
    private final int forks;

    /**
     * @param ratePerSecPerChain each chain's messages a second, to say how long a step would need to be
     * @param forks              the forks each step's messages add up over
     */
    ChainPassRule(ChainSlo slo, long ratePerSecPerChain, int forks) {
        this.slo = slo;
        this.rule = slo.passRule();
        this.ratePerSecPerChain = ratePerSecPerChain;
        this.forks = forks;
    }

    @Override
    public Verdict judge(StepOutcome outcome) {
        if (outcome.status == StepOutcome.Status.OK) {
            if (!outcome.measured()) {
                return Verdict.error("OK, but nothing was measured");
            }
            Verdict v = rule.judge(outcome);
            if (v.cannotTellAtThisLength()) {
                return tooShort(outcome);
            }
            return v.passed() ? v : Verdict.fail("limited by the SLO: " + v.text());
        }
        List<String> other = new ArrayList<>();
        boolean load = false;
        for (String r : outcome.reasons) {
            if (ChainTally.boundsCapacity(r)) {
                load = true;
            } else if (!r.equals(ChainTally.NOTHING_MEASURED)) {
                other.add(r);
            }
        }
        String status = outcome.status.name();
        if (outcome.status == StepOutcome.Status.FAILED && load && other.isEmpty()) {
            boolean sloAlone = outcome.reasons.stream()
                    .allMatch(r -> r.startsWith(ChainTally.SLO_BROKEN) || r.equals(ChainTally.NOTHING_MEASURED));
            if (sloAlone && outcome.measured() && !slo.decides(outcome.summary.count)) {
                String over = PassRule.overForCertain(outcome.summary, slo.percentile(), slo.quantile(),
                        slo.boundNs());
                return over != null ? Verdict.fail("limited by the SLO: " + over) : tooShort(outcome);
            }
            return Verdict.fail("limited by " + ChainTally.limiter(outcome.reasons) + ": " + status + ": "
                    + String.join("; ", outcome.reasons));
        }
        // the reasons that are not load first: they are why the step says nothing
        List<String> why = new ArrayList<>(other);
        outcome.reasons.stream().filter(r -> !other.contains(r)).forEach(why::add);
        return Verdict.error(status + (why.isEmpty() ? " without a reason" : ": " + String.join("; ", why)));
    }

    /** {@code a 2,000-message step puts 2 messages beyond p99.9; 10,000 are needed: a measured period of 10 s ...}. */
    private Verdict tooShort(StepOutcome outcome) {
        long chains = Long.parseLong(outcome.step.properties().getOrDefault(ChainConfig.INSTANCES, "1"));
        return Verdict.cannotTell(TooShort.text(outcome.summary.count, slo.percentile(), slo.quantile(), "message",
                (double) chains * ratePerSecPerChain, "msg/s", forks));
    }

    @Override
    public String describe() {
        return rule.describe();
    }

    @Override
    public String toString() {
        return describe();
    }
}
