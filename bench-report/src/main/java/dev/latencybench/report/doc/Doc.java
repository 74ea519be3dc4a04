package dev.latencybench.report.doc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.Percentiles;

/**
 * The report as a list of blocks, rendered as Markdown (REPORT.md) and as HTML with the charts inlined (report.html).
 * Text may hold {@code `code`} spans; renderers escape everything else.
 */
public final class Doc {
    interface Block {
    }

    record Heading(int level, String text) implements Block {
    }

    record Para(String text) implements Block {
    }

    /** {@code numeric} columns are right-aligned. */
    public record Grid(List<String> header, List<List<String>> rows, List<Boolean> numeric) implements Block {
    }

    /** A chart's file: {@code charts/<base>.svg}. */
    record Chart(String base, String alt) implements Block {
    }

    record Bullets(List<String> items) implements Block {
    }

    record Code(String text) implements Block {
    }

    /** Opens a part only report.html shows, up to {@link EndHtmlOnly}; REPORT.md gives {@code instead} in its place. */
    record HtmlOnly(String instead) implements Block {
    }

    record EndHtmlOnly() implements Block {
    }

    /** Where the HTML page puts its contents list (folded); nothing in Markdown. */
    record Contents() implements Block {
    }

    public final List<Block> blocks = new ArrayList<>();

    /** {@code 4.21us} or {@code 200 us} as {@link Units#formatNs} and older results write them, outside code spans. */
    private static final Pattern ASCII_MICROS = Pattern.compile("(?<=\\d)( ?)us\\b");

    /** Whether the current level-2 section has said what a dash and a count in a table mean. */
    private boolean thinExplained;

    public Doc h(int level, String text) {
        if (level <= 2) {
            thinExplained = false;
        }
        blocks.add(new Heading(level, micros(text)));
        return this;
    }

    public Doc p(String text) {
        blocks.add(new Para(micros(text)));
        return this;
    }

    public Doc table(List<String> header, List<List<String>> rows, List<Boolean> numeric) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : rows) {
            out.add(row.stream().map(Doc::micros).toList());
        }
        blocks.add(new Grid(header.stream().map(Doc::micros).toList(), out, numeric));
        return this;
    }

    /**
     * Text as the report prints it: microseconds as {@code µs}, outside code spans. The console keeps the ASCII
     * {@code us} (a console under {@code LC_ALL=C} prints {@code µ} as {@code ?}); the report is UTF-8.
     */
    static String micros(String text) {
        if (!text.contains("us")) {
            return text;
        }
        String[] parts = text.split("`", -1);
        for (int i = 0; i < parts.length; i += 2) {
            parts[i] = ASCII_MICROS.matcher(parts[i]).replaceAll("$1µs");
        }
        return String.join("`", parts);
    }

    /**
     * Lays out a table built column by column, each time column in one unit shared with the columns that
     * {@link Table#sameUnitAs share} it; a percentile on too few samples reads {@code — (n)}, explained once a section.
     */
    public Doc table(Table t) {
        List<String> header = new ArrayList<>();
        List<Boolean> numeric = new ArrayList<>();
        List<List<String>> out = new ArrayList<>();
        t.rows().forEach(r -> out.add(new ArrayList<>()));
        long fewest = Long.MAX_VALUE; // the fewest samples beyond a percentile not shown; MAX_VALUE: none
        for (int c = 0; c < t.names().size(); c++) {
            Table.Kind kind = t.kind(c);
            String name = t.names().get(c);
            numeric.add(kind != Table.Kind.TEXT);
            if (kind == Table.Kind.TEXT || kind == Table.Kind.NUMBER) {
                header.add(name);
                for (int r = 0; r < t.rows().size(); r++) {
                    Object cell = t.rows().get(r).get(c);
                    if (cell instanceof Table.Figure f && f.beyond < Percentiles.SHOWN_BEYOND) {
                        out.get(r).add("— (" + f.beyond + ")");
                        fewest = Math.min(fewest, f.beyond);
                    } else if (cell instanceof Table.Figure f) {
                        out.get(r).add(f.text + (f.beyond < Percentiles.CONFIDENT_BEYOND ? Percentiles.LOW : ""));
                    } else {
                        out.get(r).add(String.valueOf(cell));
                    }
                }
                continue;
            }
            List<Double> values = new ArrayList<>();
            for (int other = 0; other < t.names().size(); other++) {
                if (t.unitColumn(other) == t.unitColumn(c)) {
                    values.addAll(shownValues(t, other));
                }
            }
            LatencyUnit unit = LatencyUnit.forColumn(values);
            header.add(shownValues(t, c).isEmpty() ? name : unit.header(name)); // no figures, no unit
            String best = kind == Table.Kind.LOWEST ? lowest(t, c, unit) : null;
            for (int r = 0; r < t.rows().size(); r++) {
                Object cell = t.rows().get(r).get(c);
                if (cell instanceof Table.Time time && !shown(time)) {
                    out.get(r).add("— (" + time.beyond + ")");
                    fewest = Math.min(fewest, time.beyond);
                } else if (cell instanceof Table.Time time) {
                    String v = value(time, unit);
                    out.get(r).add((ranks(time) && v.equals(best) ? "**" + v + "**" : v) + mark(time));
                } else {
                    out.get(r).add(String.valueOf(cell));
                }
            }
        }
        table(header, out, numeric);
        if (fewest != Long.MAX_VALUE && !thinExplained) {
            thinExplained = true;
            p("— (n): a percentile with n samples beyond it, fewer than " + Percentiles.SHOWN_BEYOND + ", is not"
                    + " shown: it would be the few worst samples, not a percentile (the max is the worst of them); a"
                    + " longer run puts more samples beyond it. " + Percentiles.LOW.trim() + ": fewer than "
                    + Percentiles.CONFIDENT_BEYOND + " beyond it.");
        }
        return this;
    }

    /** A percentile with enough samples beyond it, or a value that is no percentile. */
    static boolean shown(Table.Time t) {
        return t.beyond < 0 || t.beyond >= Percentiles.SHOWN_BEYOND;
    }

    /** Takes part in its column's bold: ranked, shown, one value, not zero. */
    private static boolean ranks(Table.Time t) {
        return t.ranked && shown(t) && Double.isNaN(t.toNs) && t.ns != 0;
    }

    /** The cell's own suffix, and the mark of a percentile resting on few samples. */
    private static String mark(Table.Time t) {
        boolean few = t.beyond >= 0 && t.beyond < Percentiles.CONFIDENT_BEYOND;
        return few && !t.suffix.contains(Percentiles.LOW.trim()) ? t.suffix + Percentiles.LOW : t.suffix;
    }

    /** The values of column {@code c}'s shown time cells, a range's both ends. */
    private static List<Double> shownValues(Table t, int c) {
        List<Double> values = new ArrayList<>();
        for (List<Object> row : t.rows()) {
            if (row.get(c) instanceof Table.Time time && shown(time)) {
                values.add(time.ns);
                values.add(time.toNs);
            }
        }
        return values;
    }

    /** The printed lowest ranking value of column {@code c}; null when no two ranking cells print differently. */
    private static String lowest(Table t, int c, LatencyUnit unit) {
        Table.Time min = null;
        Set<String> printed = new HashSet<>();
        for (List<Object> row : t.rows()) {
            if (row.get(c) instanceof Table.Time time && ranks(time)) {
                printed.add(value(time, unit));
                if (min == null || time.ns < min.ns) {
                    min = time;
                }
            }
        }
        return printed.size() < 2 ? null : value(min, unit);
    }

    private static String value(Table.Time t, LatencyUnit unit) {
        return Double.isNaN(t.toNs) ? unit.format(t.ns) : unit.format(t.ns) + " - " + unit.format(t.toNs);
    }

    public Doc chart(String base, String alt) {
        blocks.add(new Chart(base, alt));
        return this;
    }

    public Doc bullets(List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Bullets(items.stream().map(Doc::micros).toList()));
        }
        return this;
    }

    /** What follows, up to {@link #endHtmlOnly}, is in report.html only; REPORT.md says {@code instead}. */
    public Doc htmlOnly(String instead) {
        blocks.add(new HtmlOnly(instead));
        return this;
    }

    public Doc endHtmlOnly() {
        blocks.add(new EndHtmlOnly());
        return this;
    }

    /** Marks where report.html lists its sections (folded, a click opens it); Markdown has no contents list. */
    public Doc contents() {
        blocks.add(new Contents());
        return this;
    }

    /**
     * Text the report did not write itself (an exception's message, a path, a flag), made inert in Markdown so it
     * cannot open a link, a tag or a code span, or leave its bullet. report.html escapes all text already.
     */
    public static String plain(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\': sb.append("\\\\"); break;
                case '[': sb.append("\\["); break;
                case '`': sb.append("\\`"); break;
                case '<': sb.append("&lt;"); break;
                case '\r': break;
                case '\n': sb.append(' '); break;
                default: sb.append(c);
            }
        }
        return sb.toString();
    }

    public Doc code(String text) {
        blocks.add(new Code(text));
        return this;
    }

    /** A table's alignment: columns {@code from} on (of {@code size}) are numeric. */
    public static List<Boolean> numericFrom(int from, int size) {
        List<Boolean> n = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            n.add(i >= from);
        }
        return n;
    }
}
