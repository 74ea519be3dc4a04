package dev.latencybench.startup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/**
 * The start-up study's part of the report: its answer, each start mode against plain {@code java -jar}, the modes
 * skipped, then the tables ({@link StartupTables}); cells without {@code launchValues} are left out. Stateless.
 */
public final class StartupView implements StudyView {
    /** The start mode of a variant named {@code <service>-<mode>} whose times the others are set against. */
    private static final String PLAIN = "jvm";
    private static final double KIB_PER_MIB = 1024.0;

    @Override
    public String study() {
        return StartupStudy.NAME;
    }

    @Override
    public View answer(List<ViewRow> all) throws IOException {
        List<ViewRow> rows = new ArrayList<>();
        for (ViewRow r : all) {
            if (r.result != null && r.result.part(StartupResult.PART).launchValues() != null) {
                rows.add(r);
            }
        }
        View v = new View();
        if (rows.isEmpty()) {
            return v;
        }
        v.answer("", StartupAnswer.of(rows));
        v.heading(1, "Start-up, footprint and response time per start mode").bullets(sentences(rows))
                .bullets(skipped(rows));
        StartupTables.write(v, rows);
        return v;
    }

    /** One sentence per JVM × GC and mode: against plain java -jar of the same service. */
    static List<String> sentences(List<ViewRow> rows) {
        List<String> out = new ArrayList<>();
        for (ViewRow r : rows) {
            int dash = r.variant.lastIndexOf('-');
            if (dash < 0 || r.variant.endsWith("-" + PLAIN) || !r.measured()) {
                continue;
            }
            String service = r.variant.substring(0, dash);
            String mode = r.variant.substring(dash + 1);
            ViewRow plain = rows.stream().filter(p -> p.cell.equals(r.cell) && p.variant.equals(service + "-"
                    + PLAIN) && p.measured()).findFirst().orElse(null);
            if (plain == null) {
                continue;
            }
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "**%s**, %s: ", r.label(), service)).append(startsAgainst(mode, r,
                    plain));
            LatencySummary rss = r.summary("rss");
            LatencySummary rssPlain = plain.summary("rss");
            // medians of launches only where the tables give them: at least 10 launches beyond the median
            if (rss != null && rssPlain != null && LatencySummary.shown(rss.count, 50)
                    && LatencySummary.shown(rssPlain.count, 50)) {
                double change = 100.0 * (rss.p50 - rssPlain.p50) / rssPlain.p50;
                sb.append(String.format(Locale.ROOT, "; uses %.0f%% %s memory (RSS %s against %s)", Math.abs(change),
                        change <= 0 ? "less" : "more", mib(rss.p50), mib(rssPlain.p50)));
            }
            LatencySummary cpu = r.summary("cpu");
            LatencySummary cpuPlain = plain.summary("cpu");
            if (cpu != null && cpuPlain != null && LatencySummary.shown(cpu.count, 50)
                    && LatencySummary.shown(cpuPlain.count, 50)) {
                sb.append(String.format(Locale.ROOT, ", CPU time to first 200 %s against %s", Units.formatNs(cpu.p50),
                        Units.formatNs(cpuPlain.p50)));
            }
            LatencySummary warm = r.summary("warm");
            LatencySummary warmPlain = plain.summary("warm");
            if (warm != null && warmPlain != null && warm.count > 0 && warmPlain.count > 0) {
                sb.append(String.format(Locale.ROOT, "; warm p99 %s against %s", Units.formatNs(warm.p99),
                        Units.formatNs(warmPlain.p99)));
            }
            out.add(sb.append('.').toString());
        }
        if (out.isEmpty()) {
            out.add("No start mode could be set against plain `java -jar` of the same service in the same JVM and"
                    + " collector (run `jvm` beside the others to get the comparison).");
        }
        return out;
    }

    /**
     * The mode's time to its first 200 against plain java -jar's, ranked by {@link VerdictRule} over every launch of
     * each; a tie, or no ranking from one launch, says so with its reason.
     */
    static String startsAgainst(String mode, ViewRow r, ViewRow plain) {
        long t = r.primary().p50;
        long tp = plain.primary().p50;
        String figures = String.format(Locale.ROOT, "first 200 p50 %s against %s", Units.formatNs(t),
                Units.formatNs(tp));
        String ratio = t <= tp ? String.format(Locale.ROOT, "%.2fx faster", (double) tp / t)
                : String.format(Locale.ROOT, "%.2fx slower", (double) t / tp);
        VerdictRule.Range mine = StartupAnswer.launches(r);
        VerdictRule.Range theirs = StartupAnswer.launches(plain);
        VerdictRule.Ruling c = VerdictRule.compare(mine, theirs, VerdictRule.Better.LOWER, Units::formatNs);
        String code = "`" + mode + "`";
        String plainCode = "`" + PLAIN + "`";
        if (!LatencySummary.shown(r.primary().count, 50) || !LatencySummary.shown(plain.primary().count, 50)) {
            // too few launches for a median: the launches' ranges, and no ratio
            String ranges = String.format(Locale.ROOT, "first 200 in %s–%s against %s–%s",
                    Units.formatNs(mine.low), Units.formatNs(mine.high), Units.formatNs(theirs.low),
                    Units.formatNs(theirs.high));
            String verdict = c.outcome == VerdictRule.Outcome.BETTER ? " starts faster than "
                    : c.outcome == VerdictRule.Outcome.WORSE ? " starts slower than "
                    : c.outcome == VerdictRule.Outcome.CANNOT_TELL ? " cannot be ranked against " : " ties with ";
            return code + verdict + plainCode + ", " + ranges + ": " + c.reason;
        }
        switch (c.outcome) {
            case BETTER:
            case WORSE:
                return code + " starts " + ratio + " than " + plainCode + ", " + figures + ": " + c.reason;
            case CANNOT_TELL:
                return code + " cannot be ranked against " + plainCode + ", " + figures + " (" + ratio + "): "
                        + c.reason;
            default:
                return code + " ties with " + plainCode + ", " + figures + " (" + ratio + "): "
                        + c.reason;
        }
    }

    private static List<String> skipped(List<ViewRow> rows) {
        Map<String, String> why = new LinkedHashMap<>();
        for (ViewRow r : rows) {
            JsonObject skipped = r.result.part(StartupResult.PART).skipped();
            if (skipped != null) {
                for (Map.Entry<String, JsonElement> e : skipped.entrySet()) {
                    why.put(r.jvm + ": `" + e.getKey() + "`", e.getValue().getAsString());
                }
            }
        }
        List<String> out = new ArrayList<>();
        why.forEach((k, v) -> out.add(k + " skipped: " + v));
        return out;
    }

    private static String mib(long kib) {
        return String.format(Locale.ROOT, "%.1f MiB", kib / KIB_PER_MIB);
    }
}
