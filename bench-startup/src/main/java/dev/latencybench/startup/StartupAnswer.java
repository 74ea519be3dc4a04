package dev.latencybench.startup;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.view.Answer;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.core.view.ViewRow;

/**
 * The start-up study's answer as data: per service, the fastest start mode against the next on the same JVM × GC,
 * ranked by {@link VerdictRule} over every launch. Stateless.
 */
final class StartupAnswer {
    /** Fewer launches than this a mode, and the line says how few its medians rest on. */
    static final long LAUNCHES_FOR_A_MEDIAN = 10;

    private StartupAnswer() {
    }

    static Answer of(List<ViewRow> rows) {
        Map<String, List<ViewRow>> byService = new LinkedHashMap<>();
        String cell = null;
        for (ViewRow r : rows) {
            int dash = r.variant.lastIndexOf('-');
            if (dash < 0 || !r.measured() || !r.ok()) {
                continue;
            }
            cell = cell == null ? r.cell : cell;
            if (r.cell.equals(cell)) { // the first JVM × GC: modes are compared within one
                byService.computeIfAbsent(r.variant.substring(0, dash), k -> new ArrayList<>()).add(r);
            }
        }
        if (byService.isEmpty()) {
            return Answer.none("no launch ended OK; see its section");
        }
        // every mode of every service in one ranking: the line's best is the fastest of them all
        List<ViewRow> modes = new ArrayList<>();
        byService.values().forEach(modes::addAll);
        modes.sort(Comparator.comparingLong(r -> r.primary().p50));
        String caution = null;
        for (ViewRow r : modes) {
            if (caution == null && r.result != null && !r.result.flags.isEmpty()) {
                String flag = r.result.flags.get(0);
                caution = flag.contains(":") ? flag.substring(0, flag.indexOf(':')) : flag;
            }
        }
        ViewRow best = modes.get(0);
        boolean median = LatencySummary.shown(best.primary().count, 50);
        String figure = median ? "fastest median first response" : "fastest first response";
        String time = time(best);
        Answer a = Answer.best(best.variant, figure, time);
        TailPart tail = best.result == null ? null : TailPart.ofMember(best.result.tail);
        String cause = tail == null ? null : tail.causeClause();
        ViewRow next = modes.size() > 1 ? modes.get(1) : null;
        if (next != null) {
            VerdictRule.Range rb = launches(best);
            VerdictRule.Range rn = launches(next);
            VerdictRule.Ruling c = VerdictRule.compare(rb, rn, VerdictRule.Better.LOWER, Units::formatNs);
            if (c.outcome != VerdictRule.Outcome.BETTER) {
                a = Answer.best(best.variant, figure, time + " and " + time(next)).tiesWith(next.variant);
            } else if (!median) { // too few launches for a median: their ranges lie apart
                a = a.against(next.variant, "apart from", null, null).also("`" + next.variant + "` " + time(next));
            } else {
                double ratio = (double) next.primary().p50 / best.primary().p50;
                a = a.against(next.variant, "below", Answer.ratio(ratio), rb.low <= 0 ? null
                        : Answer.ratioInterval(ratio, (double) rn.low / rb.high, (double) rn.high / rb.low));
            }
        }
        a = a.cause(cause); // the best mode's launches: platform, or the service's own (code)
        for (Map.Entry<String, List<ViewRow>> e : byService.entrySet()) { // each other service's fastest
            ViewRow fastest = e.getValue().stream().min(Comparator.comparingLong(r -> r.primary().p50)).get();
            if (fastest != best && fastest != next) {
                a = a.also("`" + fastest.variant + "` fastest of " + e.getKey() + ", " + time(fastest));
            }
        }
        long fewest = rows.stream().filter(ViewRow::measured).mapToLong(r -> r.primary().count).min().orElse(0);
        return (fewest < LAUNCHES_FOR_A_MEDIAN ? a.also(fewest + " launch" + (fewest == 1 ? "" : "es") + " a mode")
                : a).caution(caution);
    }

    /** The median time to the first response where enough launches give one, else the launches' range. */
    private static String time(ViewRow r) {
        if (LatencySummary.shown(r.primary().count, 50)) {
            return Units.formatNs(r.primary().p50);
        }
        VerdictRule.Range range = launches(r);
        return Units.formatNs(range.low) + "–" + Units.formatNs(range.high);
    }

    /** The median time to the first response with every launch's time around it. */
    static VerdictRule.Range launches(ViewRow r) {
        List<Long> each = new ArrayList<>();
        LaunchValues values = r.result == null ? null : r.result.part(StartupResult.PART).launchValues();
        if (values != null && values.firstResponseNs() != null) {
            each.addAll(values.firstResponseNs());
        }
        return VerdictRule.Range.of(r.primary().p50, "launches", each);
    }
}
