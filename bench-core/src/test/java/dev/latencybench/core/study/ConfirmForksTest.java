package dev.latencybench.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.schedule.CapacitySearch;
import dev.latencybench.core.schedule.PassRule;

/** {@code bench.confirm.forks}: declared with the shared periods, 3 beyond smoke, and in the time estimate. */
class ConfirmForksTest {
    private static final long S = 1_000_000_000L;
    private static final RunLength ONE_FORK = RunLength.of(S, S, 10 * S, 20 * S, 10 * S, 60 * S);

    private static Periods read(Map<String, String> given) {
        return Periods.read(new BenchProperties(given), Scale.STANDARD, ONE_FORK);
    }

    @Test
    void threeInAllBeyondSmokeNoneAtSmokeAndSettable() {
        assertEquals(3, read(Map.of()).confirmForks);
        assertEquals(2, read(Map.of()).extraConfirmForks());
        assertEquals(3, read(Map.of(Periods.SCALE, "paper")).confirmForks);
        assertEquals(0, read(Map.of(Periods.SCALE, "smoke")).extraConfirmForks());
        assertEquals(0, read(Map.of(Periods.CONFIRM_FORKS, "1")).extraConfirmForks());
        assertEquals(4, read(Map.of(Periods.CONFIRM_FORKS, "5")).extraConfirmForks());
        // a step that already has 3 forks is not run again
        assertEquals(0, read(Map.of(Periods.FORKS, "3")).extraConfirmForks());
        assertEquals(3, read(Map.of()).withForks(1).confirmForks);
        assertThrows(ConfigException.class, () -> read(Map.of(Periods.CONFIRM_FORKS, "0")));
    }

    @Test
    void declaredSoTheUnknownPropertyCheckKnowsIt() {
        new BenchProperties(Map.of(Periods.CONFIRM_FORKS, "3"))
                .rejectUnknown(Periods.properties(Scale.STANDARD, ONE_FORK));
        assertThrows(ConfigException.class, () -> new BenchProperties(Map.of("bench.confirm.fork", "3"))
                .rejectUnknown(Periods.properties(Scale.STANDARD, ONE_FORK)));
    }

    @Test
    void theEstimateCountsTheExtraForksOfTheDecidingSteps() {
        CapacitySearch search = CapacitySearch.of("chronicle", "bench.chain.instances").limit(8)
                .passRule(PassRule.percentileBelow("p99.9", 1_000_000)).build();
        Periods confirmed = read(Map.of());
        Periods not = read(Map.of(Periods.CONFIRM_FORKS, "1"));
        long stepNs = 10 * S + 20 * S + Study.Plan.FORK_OVERHEAD_NS;

        long with = Study.Plan.builder(List.of("chronicle"), confirmed, Metrics.ONE_WAY).schedule(search).build()
                .estimatedMaxNs();
        long without = Study.Plan.builder(List.of("chronicle"), not, Metrics.ONE_WAY).schedule(search).build()
                .estimatedMaxNs();

        assertEquals(search.maxSteps() * stepNs, without);
        // the last pass and the first fail, each with 2 more forks of a step's length
        assertEquals(without + 2 * 2 * stepNs, with);
        // a broker started once for the steps may start again for the deciding ones
        long broker = 7 * S;
        long withBroker = Study.Plan.builder(List.of("chronicle"), confirmed, Metrics.ONE_WAY).schedule(search)
                .estimate(0, broker).build().estimatedMaxNs();
        assertEquals(with + 2 * broker, withBroker);
        assertEquals(0, Study.Plan.builder(List.of("chronicle"), not, Metrics.ONE_WAY).schedule(search)
                .estimate(0, broker).build().estimatedConfirmNs(2));
    }
}
