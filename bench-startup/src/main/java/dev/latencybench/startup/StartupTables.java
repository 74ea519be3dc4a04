package dev.latencybench.startup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.google.gson.JsonArray;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Spectra;
import dev.latencybench.core.view.Table;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/**
 * The start-up study's figures: start-up, footprint and response-time tables, the warm-up curve, spectra per cell,
 * and the load generator's reach against the floor. Stateless.
 */
final class StartupTables {
    private static final double KIB_PER_MIB = 1024.0;
    /** The floor's variants: a responder that opens the port and answers a fixed 200. */
    private static final String RESPONDER = "responder-";

    private StartupTables() {
    }

    /** Adds the figures of the study's rows (those with launch values) to the view. */
    static void write(View v, List<ViewRow> rows) throws IOException {
        v.paragraph("Each launch is timed from just before the process is started to the end of its first HTTP 200"
                + " (the port polled every 200 us); RSS, PSS and CPU time (utime + stime, in 10 ms ticks) are read"
                + " from /proc right then, and the process is stopped and reaped before the next launch. Medians"
                + " over the launches; the raw values are in each cell's `result.json` (`launchValues`).");
        v.table(startTable(rows));
        v.paragraph("Response time under load: closed-loop batches at a fixed concurrency (the study's figure, from the"
                + " actual send: a slow answer delays the requests behind it, so it understates the tail), the"
                + " first batch cold and the last warm; then an open loop at a fixed rate, with latency from each"
                + " request's intended send time (free of coordinated omission).");
        v.table(loadTable(rows));
        Table curve = curveTable(rows);
        if (!curve.isEmpty()) {
            v.paragraph("Warm-up curve: p50 / p95 of each closed-loop batch, in order (requests before it in the header).");
            v.table(curve);
        }
        spectra(v, rows);
        v.bullets(floor(rows));
    }

    /** Takes part in a column's bold: ended OK, unflagged (a busy machine), not the floor. */
    private static boolean ranked(ViewRow r) {
        return r.ok() && (r.result == null || r.result.flags.isEmpty()) && !r.variant.startsWith(RESPONDER);
    }

    private static Table startTable(List<ViewRow> rows) {
        Table t = new Table().text("JVM").text("GC").text("variant").text("status").number("launches")
                .time("fastest").lowest("first 200 p50").time("p90").time("max").sameUnitAs("fastest").number("RSS p50").number("PSS p50")
                .lowest("CPU p50").number("archive / image").time("built in");
        for (ViewRow r : rows) {
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant, r.status,
                    String.format(Locale.ROOT, "%,d", part(r).launches())));
            LatencySummary f = r.summary("first-response");
            boolean ok = f != null && f.count > 0;
            boolean ranked = ranked(r);
            row.add(ok ? Table.Time.of(StartupAnswer.launches(r).low) : "-");
            row.add(ok ? Table.Time.percentile(f.p50, f.count, 50).ranked(ranked) : "-");
            row.add(ok ? Table.Time.percentile(f.p90, f.count, 90) : "-");
            row.add(ok ? Table.Time.of(f.max) : "-");
            row.add(kib(r.summary("rss")));
            row.add(kib(r.summary("pss")));
            LatencySummary cpu = r.summary("cpu");
            row.add(cpu != null && cpu.count > 0 ? Table.Time.percentile(cpu.p50, cpu.count, 50).ranked(ranked) : "-");
            ArchiveCache.Used p = prepared(r);
            boolean built = p != null && p.sizeBytes() != null && p.buildNs() != null;
            row.add(built ? String.format(Locale.ROOT, "%.1f MiB%s", p.sizeBytes() / KIB_PER_MIB / KIB_PER_MIB,
                    Boolean.TRUE.equals(p.reused()) ? " (cached)" : "") : "-");
            row.add(built ? Table.Time.of(p.buildNs()) : "-");
            t.row(row);
        }
        return t;
    }

    private static Table loadTable(List<ViewRow> rows) {
        Table t = new Table().text("JVM").text("GC").text("variant").lowest("cold p50").lowest("cold p99")
                .time("cold max").lowest("warm p50").lowest("warm p99").time("warm max").number("warm req/s")
                .number("open rate").lowest("open p50").lowest("open p99").lowest("open p99.9").time("open max");
        for (ViewRow r : rows) {
            boolean ranked = ranked(r);
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant));
            LatencySummary open = r.summary("open-latency");
            addTimes(row, r.summary("cold"), ranked);
            addTimes(row, r.summary("warm"), ranked);
            LoadSummary load = load(r);
            List<LoadSummary.Batch> batches = load == null ? null : load.batches();
            row.add(batches == null || batches.isEmpty() ? "-" : String.format(Locale.ROOT, "%,d", batches.get(
                    batches.size() - 1).perSec()));
            row.add(load == null || load.open() == null ? "-" : String.format(Locale.ROOT, "%,d/s",
                    load.open().ratePerSec()));
            if (open != null && open.count > 0) {
                row.add(Table.Time.percentile(open.p50, open.count, 50).ranked(ranked));
                row.add(Table.Time.percentile(open.p99, open.count, 99).ranked(ranked));
                row.add(Table.Time.percentile(open.p99_9, open.count, 99.9).ranked(ranked));
                row.add(Table.Time.of(open.max));
            } else {
                row.addAll(List.of("-", "-", "-", "-"));
            }
            t.row(row);
        }
        return t;
    }

    /** p50, p99 (ranked) and max of a response time; dashes without figures. */
    private static void addTimes(List<Object> row, LatencySummary s, boolean ranked) {
        if (s == null || s.count == 0) {
            row.addAll(List.of("-", "-", "-"));
            return;
        }
        row.add(Table.Time.percentile(s.p50, s.count, 50).ranked(ranked));
        row.add(Table.Time.percentile(s.p99, s.count, 99).ranked(ranked));
        row.add(Table.Time.of(s.max));
    }

    private static Table curveTable(List<ViewRow> rows) {
        int most = 0;
        List<Long> before = new ArrayList<>();
        for (ViewRow r : rows) {
            LoadSummary load = load(r);
            if (load != null && load.batches() != null && load.batches().size() > most) {
                List<LoadSummary.Batch> b = load.batches();
                most = b.size();
                before.clear();
                b.forEach(e -> before.add(e.requestsBefore()));
            }
        }
        Table t = new Table().text("JVM").text("GC").text("variant");
        for (int i = 0; i < most; i++) {
            t.text(String.format(Locale.ROOT, "batch %d (after %,d)", i + 1, before.get(i)));
        }
        if (most == 0) {
            return t;
        }
        for (ViewRow r : rows) {
            LoadSummary load = load(r);
            if (load == null || load.batches() == null) {
                continue;
            }
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant));
            List<LoadSummary.Batch> b = load.batches();
            for (int i = 0; i < most; i++) {
                if (i < b.size()) {
                    LoadSummary.Percentiles x = b.get(i).percentiles();
                    row.add(Units.formatNs(x.p50()) + " / " + Units.formatNs(x.p95()));
                } else {
                    row.add("-");
                }
            }
            t.row(row);
        }
        return t;
    }

    /** Per JVM × GC cell: cold and warm response-time spectra of every variant, from the cells' interval logs. */
    private static void spectra(View v, List<ViewRow> rows) throws IOException {
        Set<String> cells = new LinkedHashSet<>();
        rows.forEach(r -> cells.add(r.cell));
        for (String cell : cells) {
            List<String> names = new ArrayList<>();
            List<Histogram> lines = new ArrayList<>();
            String label = null;
            for (ViewRow r : rows) {
                IntervalLog.Intervals log = r.cell.equals(cell) ? r.intervals() : null;
                if (log == null) {
                    continue;
                }
                label = r.label();
                for (String m : List.of("cold", "warm")) {
                    Histogram h = log.total(m);
                    if (h.getTotalCount() > 0 && h.getMinValue() > 0) {
                        names.add(r.variant + " " + m);
                        lines.add(h);
                    }
                }
            }
            Spectra s = new Spectra(StartupStudy.NAME + "-response-" + cell.replaceAll("[^A-Za-z0-9._-]", "_"),
                    StartupStudy.NAME + ": cold and warm response time, " + label);
            for (int i = 0; i < lines.size(); i++) {
                s.line(names.get(i), lines.get(i));
            }
            v.spectra(s);
        }
    }

    /** What the generator reached against the responder: above it, the generator is the limit, not the service. */
    private static List<String> floor(List<ViewRow> rows) {
        List<String> out = new ArrayList<>();
        for (ViewRow r : rows) {
            if (!r.variant.startsWith(RESPONDER) || !r.measured()) {
                continue;
            }
            LoadSummary load = load(r);
            LatencySummary warm = r.summary("warm");
            LatencySummary open = r.summary("open-latency");
            if (load == null || warm == null || load.batches() == null || load.batches().isEmpty()) {
                continue;
            }
            List<LoadSummary.Batch> b = load.batches();
            out.add(String.format(Locale.ROOT, "The floor, **%s**: the responder (opens the port, answers a fixed 200)"
                    + " starts in %s (p50); against it the load generator reached %,d req/s in its last closed batch"
                    + " (p50 %s, p99 %s) and %s p99 in the open loop. A service figure near these is the"
                    + " generator's and the machine's, not the service's. CPUs: %s.", r.label(),
                    Units.formatNs(r.primary().p50), b.get(b.size() - 1).perSec(),
                    Units.formatNs(warm.p50), Units.formatNs(warm.p99), open == null ? "-" : Units.formatNs(open.p99),
                    part(r).cpuSplit() != null ? part(r).cpuSplit() : "not recorded"));
        }
        return out;
    }

    private static ArchiveCache.Used prepared(ViewRow r) {
        JsonArray a = part(r).prepared();
        return a == null || a.isEmpty() ? null : JsonCodec.fromJson(a.get(0), ArchiveCache.Used.class);
    }

    private static LoadSummary load(ViewRow r) {
        List<LoadSummary> a = part(r).load();
        return a == null || a.isEmpty() ? null : a.get(0);
    }

    /** The median in MiB, a percentile the report shows only with enough launches beyond it. */
    private static Object kib(LatencySummary s) {
        return s == null || s.count == 0 ? "-"
                : Table.Figure.percentile(String.format(Locale.ROOT, "%.1f MiB", s.p50 / KIB_PER_MIB), s.count, 50);
    }

    /** The study's own members of the row's result. */
    private static StartupResult part(ViewRow r) {
        return r.result.part(StartupResult.PART);
    }
}
