package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.latencybench.core.view.Answer;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.report.data.Search;

/**
 * The answer of a capacity search as data: the part that held the most ({@code ≥N} for a lower bound) set against the
 * next by {@link VerdictRule} on their brackets, a tie where they overlap and a ratio where they lie apart; the other
 * parts follow as clauses, the floor last. With several JVM × GC, the cell that held the most answers. Stateless.
 */
final class SearchAnswer {
    private SearchAnswer() {
    }

    static Answer of(List<Search> searches, String floor) {
        Search s = searches.get(0);
        for (Search other : searches) {
            if (value(other, first(other)) > value(s, first(s))) {
                s = other;
            }
        }
        Answer a = of(s, floor, searches.size() > 1);
        for (Search other : searches) {
            if (other != s) {
                Search.Answer p = other.parts.get(first(other));
                a = a.also("`" + other.label() + "` " + first(other) + " " + count(p));
            }
        }
        return a;
    }

    /** One search: its parts ranked by count, the floor left for last. */
    private static Answer of(Search s, String floor, boolean named) {
        String unit = SearchSection.unit(s);
        List<String> ranked = new ArrayList<>();
        for (Map.Entry<String, Search.Answer> e : s.parts.entrySet()) {
            if (!e.getKey().equals(floor)) {
                ranked.add(e.getKey());
            }
        }
        ranked.sort((x, y) -> Long.compare(value(s, y), value(s, x)));
        if (ranked.isEmpty() || ranked.stream().noneMatch(v -> decided(s.parts.get(v)))) {
            String first = ranked.isEmpty() ? floor : ranked.get(0);
            Search.Answer p = s.parts.get(first);
            return Answer.none(first + " " + (p == null ? "has no answer" : p.cannotTell()
                    ? "cannot tell at this length" : p.answer()) + "; see its section");
        }
        String best = ranked.get(0);
        String cell = named ? " on " + s.label() : "";
        if (decided(s.parts.get(best)) && s.parts.get(best).value() == 0) { // the first step failed everywhere
            Answer a = Answer.noneQualifies("none passed its first step under " + rule(s) + cell);
            for (String v : ranked) {
                a = a.also("`" + v + "` " + count(s.parts.get(v)));
            }
            Search.Answer f = floor == null ? null : s.parts.get(floor);
            return f == null ? a : a.also("floor `" + floor + "` " + count(f));
        }
        Answer a = Answer.best(best, "most " + unit + " held" + cell, count(s.parts.get(best)));
        if (ranked.size() > 1) {
            String next = ranked.get(1);
            VerdictRule.Range rb = s.bracket(best);
            VerdictRule.Range rn = s.bracket(next);
            Search.Answer pb = s.parts.get(best);
            Search.Answer pn = s.parts.get(next);
            if (!decided(pn)) {
                a = a.also("`" + next + "` " + undecided(pn));
            } else if (rb != null && rn != null && rb.low < rn.high && rn.low < rb.high || pb.value() == pn.value()) {
                a = Answer.best(best, a.figure, count(pb) + " and " + count(pn)).tiesWith(next);
            } else if (pn.value() > 0 && !lowerBound(pb) && !lowerBound(pn)) {
                a = a.against(next, "over", String.format(Locale.ROOT, "%.1f×", (double) pb.value() / pn.value()),
                        null).also("`" + next + "` " + count(pn));
            } else {
                a = a.against(next, "over", null, null).also("`" + next + "` " + count(pn));
            }
            for (String other : ranked.subList(2, ranked.size())) {
                Search.Answer p = s.parts.get(other);
                a = a.also("`" + other + "` " + (decided(p) ? count(p) : undecided(p)));
            }
        }
        Search.Answer f = floor == null ? null : s.parts.get(floor);
        if (f != null) {
            a = a.also("floor `" + floor + "` " + (decided(f) ? count(f) : undecided(f)));
        }
        return a;
    }

    /** The search's pass rule, {@code p99.9 < 100ms}. */
    private static String rule(Search s) {
        return s.passRule() == null ? "the pass rule" : s.passRule().describe();
    }

    private static String first(Search s) {
        return s.parts.keySet().iterator().next();
    }

    /** A part's count for ranking: a decided count, else -1. */
    private static long value(Search s, String variant) {
        Search.Answer a = s.parts.get(variant);
        return a == null || !decided(a) ? -1 : a.value();
    }

    /** A count the search settled or bounded from below: not cut by a failure or too short a step. */
    private static boolean decided(Search.Answer a) {
        return a != null && !a.failed() && !a.cannotTell();
    }

    private static boolean lowerBound(Search.Answer a) {
        return a.atLimit() || a.unfinished();
    }

    /** {@code ≥2} for a lower bound, {@code 0}, {@code 30}. */
    private static String count(Search.Answer a) {
        if (a == null) {
            return "no answer";
        }
        if (!decided(a)) {
            return undecided(a);
        }
        return (lowerBound(a) ? "≥" : "") + a.value();
    }

    private static String undecided(Search.Answer a) {
        return a.cannotTell() ? "cannot tell at this length" : a.failed() ? "failed" : a.answer();
    }
}
