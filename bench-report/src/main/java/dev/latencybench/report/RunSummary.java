package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.Others;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.report.data.RunData;

/**
 * A run's figures in one place, to take elsewhere: {@code summary.csv} and {@code summary.json}, one row per cell,
 * variant and metric with its percentiles, status and flags. The primary metric's row also carries the tail's cause
 * shares (0 to 1, empty where too few were attributed) and the answer's cause clause. Stateless.
 */
final class RunSummary {
    static final String CSV = "summary.csv";
    static final String JSON = "summary.json";
    /** The columns, in order; the percentiles in the metric's unit ({@code unit}: ns for times). */
    static final List<String> COLUMNS = List.of("scenario", "variant", "jvm", "gc", "metric", "unit", "status", "p50",
            "p90", "p99", "p99_9", "p99_99", "max", "count", "forks", "tail_gc", "tail_safepoint", "tail_platform",
            "tail_code", "tail_other", "tail_cause", "flags",
            "reasons", "cell");
    /** The columns that hold whole numbers in the JSON: p50 to forks. */
    private static final int FIRST_NUMBER = COLUMNS.indexOf("p50");
    private static final int LAST_NUMBER = COLUMNS.indexOf("forks");
    /** The columns of shares, decimal numbers in the JSON. */
    private static final int FIRST_SHARE = COLUMNS.indexOf("tail_gc");
    private static final int LAST_SHARE = COLUMNS.indexOf("tail_other");

    private RunSummary() {
    }

    static void write(RunData data, Path runDir) throws IOException {
        List<List<String>> rows = rows(data, runDir);
        StringBuilder csv = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        JsonArray json = new JsonArray();
        for (List<String> row : rows) {
            List<String> quoted = new ArrayList<>();
            JsonObject o = new JsonObject();
            for (int i = 0; i < COLUMNS.size(); i++) {
                String v = row.get(i);
                quoted.add(csvField(v));
                String column = COLUMNS.get(i);
                if (v.isEmpty()) {
                    continue; // no figure: left out of the JSON, an empty field in the CSV
                }
                if (i >= FIRST_NUMBER && i <= LAST_NUMBER) {
                    o.addProperty(column, Long.parseLong(v));
                } else if (i >= FIRST_SHARE && i <= LAST_SHARE) {
                    o.addProperty(column, Double.parseDouble(v));
                } else {
                    o.addProperty(column, v);
                }
            }
            csv.append(String.join(",", quoted)).append('\n');
            json.add(o);
        }
        ResultFiles.writeString(runDir.resolve(CSV), csv.toString());
        ResultFiles.writeJson(runDir.resolve(JSON), JsonCodec.toJson(new SummaryFile(runDir.getFileName().toString(),
                COLUMNS, json, new JsonObject())));
    }

    /** {@code summary.json}: the run's name, the columns, and a row per cell, variant and metric. */
    static final class SummaryFile {
        final String run;
        final List<String> columns;
        final JsonArray rows;
        @Others
        final JsonObject others;

        SummaryFile(String run, List<String> columns, JsonArray rows, JsonObject others) {
            this.run = run;
            this.columns = columns;
            this.rows = rows;
            this.others = others;
        }
    }

    /** One row per cell, variant and metric, in the report's order; a cell without figures has one row. */
    static List<List<String>> rows(RunData data, Path runDir) {
        List<List<String>> rows = new ArrayList<>();
        for (List<RunData.Row> scenario : data.scenarios.values()) {
            for (RunData.Row r : scenario) {
                String cell = r.dir == null ? "" : runDir.relativize(r.dir.toAbsolutePath().normalize()).toString();
                boolean any = false;
                for (Metric m : r.metrics.all()) {
                    LatencySummary s = r.summary(m.name());
                    if (s == null) {
                        continue;
                    }
                    any = true;
                    rows.add(row(r, m.name(), m.unit(), s, r.forks(m.name()).size(), cell));
                }
                if (!any) {
                    rows.add(row(r, r.metrics.primary().name(), r.metrics.primary().unit(), null, 0, cell));
                }
            }
        }
        return rows;
    }

    private static List<String> row(RunData.Row r, String metric, String unit, LatencySummary s, int forks,
                                     String cell) {
        List<String> row = new ArrayList<>(List.of(r.scenario, r.variant, r.jvm, r.gc, metric, unit, r.status));
        if (s == null) {
            for (int i = 0; i < 7; i++) {
                row.add("");
            }
        } else if (s.count == 0) { // no sample (a probe never used): no percentile, not a percentile of 0
            for (int i = 0; i < 6; i++) {
                row.add("");
            }
            row.add("0");
        } else {
            for (long v : new long[] {s.p50, s.p90, s.p99, s.p99_9, s.p99_99, s.max, s.count}) {
                row.add(Long.toString(v));
            }
        }
        row.add(forks == 0 ? "" : Integer.toString(forks));
        TailPart tail = metric.equals(r.metrics.primary().name()) && r.result != null ? TailPart.of(r.result.json())
                : null;
        for (Cause c : Cause.values()) {
            Double share = tail == null ? null : tail.shareBeyondP99_9(c);
            row.add(share == null ? "" : String.format(java.util.Locale.ROOT, "%.3f", share));
        }
        String cause = tail == null ? null : tail.causeClause(); // also where too few for shares: p99, or the worst kept
        row.add(cause == null ? "" : cause);
        row.add(String.join(" | ", r.notes));
        row.add(String.join(" | ", r.reasons));
        row.add(cell);
        return row;
    }

    /** RFC 4180: quoted where it holds a comma, a quote or a line break, quotes doubled. */
    static String csvField(String v) {
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }
}
