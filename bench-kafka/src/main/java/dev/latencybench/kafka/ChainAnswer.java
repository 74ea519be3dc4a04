package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.schedule.Decision;
import dev.latencybench.core.schedule.ScheduleFile;
import dev.latencybench.core.study.Study.Plan;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.view.Answer;
import dev.latencybench.core.view.ViewRow;

/**
 * The chain study's answer as data: the transport that held the most chains under the SLO against the next, and a
 * clause for each other transport. Counts are the launcher's decisions ({@link ChainCapacity}); the first cell's
 * search answers. Stateless.
 */
final class ChainAnswer {
    private static final Pattern RULE = Pattern.compile("pass: ([^;]+)");

    private ChainAnswer() {
    }

    static Answer of(List<ScheduleFile> schedules, List<ViewRow> rows) {
        ScheduleFile s = schedules.get(0);
        Map<String, ChainCapacity.Held> held = ChainCapacity.of(s, rows);
        String floor = floor(rows);
        List<ChainCapacity.Held> ranked = new ArrayList<>();
        held.values().stream().filter(h -> !h.transport.equals(floor)).forEach(ranked::add);
        ranked.sort((a, b) -> Long.compare(b.chains, a.chains));
        List<String> undecided = new ArrayList<>();
        if (s.decision != null) {
            s.decision.parts.forEach((transport, d) -> {
                if (!held.containsKey(transport) && !ChainTransports.isLoop(transport)) { // a loop searches nothing
                    undecided.add("`" + transport + "`" + (d.kind == Decision.Kind.CANNOT_TELL ? " cannot tell"
                            : d.kind == Decision.Kind.FAILED ? " failed" : " has no count"));
                }
            });
        }
        Answer a;
        if (ranked.isEmpty()) {
            a = Answer.none(undecided.isEmpty() ? "no transport's search has a count" : String.join("; ", undecided));
            return a;
        }
        ChainCapacity.Held best = ranked.get(0);
        if (best.chains == 0) {
            a = Answer.noneQualifies("none held 1 chain under " + rule(s));
            for (ChainCapacity.Held h : ranked) {
                a = a.also(clause(h));
            }
        } else {
            ChainCapacity.Held next = ranked.size() > 1 ? ranked.get(1) : null;
            boolean tie = next != null && (next.chains == best.chains || best.lowerBound && next.lowerBound);
            a = Answer.best(best.transport, "most chains held", tie ? tieValue(best, next) : count(best)
                    + (Double.isNaN(best.coresPerChain) ? "" : " (" + cores(best) + " cores a chain)"));
            String cause = cause(s, rows, best);
            if (next != null) {
                a = tie ? a.tiesWith(next.transport) : a.against(next.transport,
                        figures(next), "over", next.chains > 0
                        && !best.lowerBound && !next.lowerBound ? String.format(Locale.ROOT, "%.1f×",
                        (double) best.chains / next.chains) : null, null);
            }
            a = a.also(limit(s, best));
            ChainCapacity.Held f = held.get(floor);
            if (f != null) { // said before the other transports, so a long line keeps it
                a = a.also("floor " + clause(f));
            }
            if (next != null) {
                for (ChainCapacity.Held h : ranked.subList(2, ranked.size())) {
                    a = a.also(clause(h));
                }
            }
            a = a.cause(cause);
        }
        for (String u : undecided) {
            a = a.also(u);
        }
        for (ChainCapacity.Held h : ranked) { // the harness's cost per hop: a chain's first hop against the bare loop
            a = a.also(hopAgainstLoop(s, rows, h.transport));
        }
        ChainCapacity.Held f = held.get(floor);
        return f == null || best.chains > 0 ? a : a.also("floor " + clause(f));
    }

    /** {@code the search's limit, 2 chains} where the best count is the search's limit, not the machine's; or null. */
    private static String limit(ScheduleFile s, ChainCapacity.Held best) {
        Decision d = s.decision == null ? null : s.decision.parts.isEmpty() ? s.decision
                : s.decision.parts.get(best.transport);
        return d == null || d.kind != Decision.Kind.AT_LIMIT ? null : String.format(Locale.ROOT,
                "the search's limit, %,d chain%s", d.value, d.value == 1 ? "" : "s");
    }

    /** The cause of the best transport's tail at the count it held; null where that step has no attributed tail. */
    static String cause(ScheduleFile s, List<ViewRow> rows, ChainCapacity.Held best) {
        List<ViewRow> at = ChainCapacity.rowsAt(s, rows, best.transport, best.cpuAtChains);
        TailPart t = at.isEmpty() ? null : TailPart.ofMember(at.get(at.size() - 1).result.tail);
        String c = t == null ? null : t.causeClause();
        return c == null ? null : String.format(Locale.ROOT, "%,d chain%s %s", best.cpuAtChains,
                best.cpuAtChains == 1 ? "" : "s", c);
    }

    /**
     * {@code `kafka` hop p50 2.10ms vs `kafka-loop` 1.76ms}: a 1-chain step's first hop against its hop loop, the
     * difference being the harness's; null where either did not run or measured nothing.
     */
    static String hopAgainstLoop(ScheduleFile s, List<ViewRow> rows, String transport) {
        String loop = transport + HopLoopWorkload.SUFFIX;
        ViewRow bare = null;
        ViewRow chain = null;
        List<ScheduleFile.RanStep> steps = s.steps == null ? List.of() : s.steps;
        for (ViewRow r : rows) {
            if (!r.cell.equals(s.cell) || !r.ok() || !r.measured()) {
                continue;
            }
            for (ScheduleFile.RanStep step : steps) {
                if (!step.name.equals(r.variant)) {
                    continue;
                }
                if (step.variant.equals(loop)) {
                    bare = r;
                } else if (step.variant.equals(transport) && step.properties != null
                        && "1".equals(step.properties.get(ChainConfig.INSTANCES))) {
                    chain = r;
                }
            }
        }
        // hop-1 on both sides: the loop's own latency also holds its pacer's wait
        LatencySummary hop = chain == null ? null : chain.summary(ChainWorkload.hopMetric(1));
        LatencySummary bareHop = bare == null ? null : bare.summary(ChainWorkload.hopMetric(1));
        if (hop == null || hop.count == 0 || bareHop == null || bareHop.count == 0) {
            return null;
        }
        return "`" + transport + "` hop p50 " + Units.formatNs(hop.p50) + " vs `" + loop + "` "
                + Units.formatNs(bareHop.p50);
    }

    /** {@code 30, 0.35}, {@code 0; 1 chain: 1.57}, or the count alone: the figures of a transport set against. */
    private static String figures(ChainCapacity.Held h) {
        if (Double.isNaN(h.coresPerChain)) {
            return count(h);
        }
        return count(h) + (h.chains > 0 ? ", " + cores(h) : "; 1 chain: " + cores(h));
    }

    /** {@code kafka 30 (0.35)}, {@code kafka-as-published 0 (1 chain: 1.57)}: the count and the cores a chain. */
    private static String clause(ChainCapacity.Held h) {
        if (Double.isNaN(h.coresPerChain)) { // a result written before the CPU was recorded per step
            return "`" + h.transport + "` " + count(h);
        }
        return "`" + h.transport + "` " + count(h) + (h.chains > 0 ? " (" + cores(h) + ")" : " (1 chain: " + cores(h)
                + ")");
    }

    /** A tie's figures, each said once: {@code ≥2, 0.22 and 0.83 cores a chain}. */
    private static String tieValue(ChainCapacity.Held best, ChainCapacity.Held next) {
        String counts = count(best).equals(count(next)) ? count(best) : count(best) + " and " + count(next);
        return Double.isNaN(best.coresPerChain) || Double.isNaN(next.coresPerChain) ? counts
                : counts + ", " + cores(best) + " and " + cores(next) + " cores a chain";
    }

    private static String count(ChainCapacity.Held h) {
        return (h.lowerBound ? "≥" : "") + h.chains;
    }

    /** Cores a chain as the chain view's table gives them, {@code 0.35} (the callers leave out an unknown one). */
    private static String cores(ChainCapacity.Held h) {
        return ChainView.cores(h.coresPerChain);
    }

    /** The search's pass rule as its schedule says it, {@code p99.9 < 100ms}. */
    private static String rule(ScheduleFile s) {
        Matcher m = RULE.matcher(s.schedule == null ? "" : s.schedule);
        return m.find() ? m.group(1).trim() : "the SLO";
    }

    /** The floor the results declare ({@code in-memory}); null without one. */
    private static String floor(List<ViewRow> rows) {
        for (ViewRow r : rows) {
            if (r.result != null && r.result.declaresRoles()) {
                return r.result.roles.get(Plan.FLOOR);
            }
        }
        return null;
    }
}
