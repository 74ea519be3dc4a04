package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.font.LineMetrics;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import dev.latencybench.report.chart.LineChart.Line;
import dev.latencybench.report.chart.LineChart.Panel;

/**
 * A {@link LineChart}'s legend, under its x axis, in as many rows as it needs: which entries it holds, how it breaks
 * them into rows, and how it paints them. Immutable once made; made afresh for each measure or paint.
 */
final class LineLegend {
    /** Legend geometry in px: the stretch of line, the gaps after it and between entries, the box's padding. */
    private static final int LINE_PX = 28;
    private static final int TEXT_GAP_PX = 6;
    private static final int ENTRY_GAP_PX = 18;
    private static final int PADDING_PX = 6;
    /** Between the x axis and the legend's box. */
    static final int GAP_PX = 6;

    /**
     * A legend entry: a line (index >= 0), or the fork rule, the pause mark, the level, the failure mark, or an
     * outlier's mark in its cause's {@code colour}.
     */
    private record Entry(int line, String text, java.awt.Color colour) {
        Entry(int line, String text) {
            this(line, text, null);
        }

        static final int OUTLIER = -6;
        static final int FORK = -1;
        static final int PAUSE = -2;
        static final int LEVEL = -3;
        static final int FAILURE = -4;
        static final int MAXIMUM = -5;
    }

    private final List<Line> lines;
    private final List<Entry> entries;

    /**
     * The legend: every line, unless each small plot holds one line and is titled with it; then the marks, if any
     * plot has them.
     */
    LineLegend(LineChart chart) {
        this.lines = chart.lines();
        List<Panel> panels = chart.panels();
        List<Entry> entries = new ArrayList<>();
        boolean linesNamedByPanels = panels.size() > 1 && panels.stream().allMatch(p -> p.lines.size() <= 1);
        if (!linesNamedByPanels) {
            List<String> named = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                String name = lines.get(i).name();
                if (!named.contains(name)) { // a line of the same name in another small plot looks alike
                    named.add(name);
                    entries.add(new Entry(i, name));
                }
            }
        }
        if (panels.stream().anyMatch(p -> !p.forkStarts.isEmpty())) {
            entries.add(new Entry(Entry.FORK, "a fork begins"));
        }
        if (panels.stream().anyMatch(p -> !p.pauses.isEmpty())) {
            entries.add(new Entry(Entry.PAUSE, "stop-the-world pause, at its start, as high as it was long"));
        }
        List<String> causes = new ArrayList<>();
        for (Panel p : panels) {
            for (LineChart.Outlier o : p.outliers) {
                if (!causes.contains(o.cause())) {
                    causes.add(o.cause());
                    entries.add(new Entry(Entry.OUTLIER, "outlier: " + o.cause(), o.colour()));
                }
            }
        }
        if (!Double.isNaN(chart.level())) {
            entries.add(new Entry(Entry.LEVEL, chart.levelName()));
        }
        if (panels.stream().anyMatch(p -> !p.failures.isEmpty())) {
            entries.add(new Entry(Entry.FAILURE, "step failed"));
        }
        if (panels.stream().anyMatch(p -> !p.maxima.isEmpty())) {
            entries.add(new Entry(Entry.MAXIMUM, "max: the line's highest sample"));
        }
        this.entries = List.copyOf(entries);
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The entries' indices, row by row, each row as wide as fits a chart {@code width} px wide. */
    List<List<Integer>> rows(int width) {
        double rowRoomPx = width - 2 * ChartStyle.CHART_PADDING_PX - 2 * PADDING_PX;
        List<List<Integer>> rows = new ArrayList<>();
        List<Integer> row = new ArrayList<>();
        double rowPx = 0;
        for (int i = 0; i < entries.size(); i++) {
            double entryPx = entryPx(entries.get(i));
            if (!row.isEmpty() && rowPx + ENTRY_GAP_PX + entryPx > rowRoomPx) {
                rows.add(row);
                row = new ArrayList<>();
                rowPx = 0;
            }
            rowPx += (row.isEmpty() ? 0 : ENTRY_GAP_PX) + entryPx;
            row.add(i);
        }
        rows.add(row);
        return rows;
    }

    /** The height of the box of {@code rows}, padding included, gap above it not. */
    int heightPx(List<List<Integer>> rows) {
        return rows.size() * rowHeightPx() + 2 * PADDING_PX;
    }

    private static double entryPx(Entry e) {
        return LINE_PX + TEXT_GAP_PX + ChartStyle.textWidth(e.text(), ChartStyle.LEGEND_FONT);
    }

    private static int rowHeightPx() {
        return (int) Math.ceil(ChartStyle.lineHeight(ChartStyle.LEGEND_FONT)) + 4;
    }

    /** A box centred under the x axis, its rows centred in it, each entry a stretch of the line and its name. */
    void paint(Graphics2D g, List<List<Integer>> rows, int width, double top, int heightPx) {
        double widestPx = 0;
        for (List<Integer> row : rows) {
            widestPx = Math.max(widestPx, rowWidthPx(row));
        }
        double boxWidth = widestPx + 2 * PADDING_PX;
        Rectangle2D box = new Rectangle2D.Double(Math.round((width - boxWidth) / 2) + 0.5, Math.round(top) + 0.5,
                Math.round(boxWidth), heightPx);
        g.setStroke(new BasicStroke(1f));
        g.setColor(ChartStyle.GRID_LINE);
        g.draw(box);
        LineMetrics m = ChartStyle.LEGEND_FONT.getLineMetrics("Ag", ChartStyle.FRC);
        double rowTop = box.getY() + PADDING_PX;
        for (List<Integer> row : rows) {
            double x = (width - rowWidthPx(row)) / 2;
            double baseline = rowTop + (rowHeightPx() - m.getAscent() - m.getDescent()) / 2 + m.getAscent();
            double lineY = baseline - m.getAscent() * 0.35;
            for (int k : row) {
                Entry e = entries.get(k);
                paintSample(g, e, x, baseline, lineY, m);
                ChartStyle.drawText(g, e.text(), ChartStyle.LEGEND_FONT, ChartStyle.TEXT, x + LINE_PX + TEXT_GAP_PX,
                        baseline, 0);
                x += entryPx(e) + ENTRY_GAP_PX;
            }
            rowTop += rowHeightPx();
        }
    }

    /** The entry's stretch of line, rule or mark, starting at {@code x}. */
    private void paintSample(Graphics2D g, Entry e, double x, double baseline, double lineY, LineMetrics m) {
        if (e.line() == Entry.FORK) {
            g.setColor(LineMarks.FORK_RULE);
            g.setStroke(LineMarks.FORK_STROKE);
            double mid = x + LINE_PX / 2.0;
            g.draw(new Line2D.Double(mid, baseline - m.getAscent(), mid, baseline + m.getDescent()));
        } else if (e.line() == Entry.PAUSE) {
            LineMarks.paintPause(g, x + LINE_PX / 2.0, baseline, ChartStyle.TEXT);
        } else if (e.line() == Entry.LEVEL) {
            g.setColor(LineMarks.LEVEL_RULE);
            g.setStroke(LineMarks.LEVEL_STROKE);
            g.draw(new Line2D.Double(x, lineY, x + LINE_PX, lineY));
        } else if (e.line() == Entry.FAILURE) {
            LineMarks.paintFailure(g, x + LINE_PX / 2.0, lineY, ChartStyle.TEXT);
        } else if (e.line() == Entry.OUTLIER) {
            LineMarks.paintOutlier(g, x + LINE_PX / 2.0, lineY, e.colour());
        } else if (e.line() == Entry.MAXIMUM) {
            LineMarks.paintMaximum(g, x + LINE_PX / 2.0, lineY, ChartStyle.TEXT);
        } else {
            Line line = lines.get(e.line());
            g.setColor(line.colour());
            g.setStroke(line.stroke());
            g.draw(new Line2D.Double(x, lineY, x + LINE_PX, lineY));
        }
    }

    private double rowWidthPx(List<Integer> row) {
        double px = (row.size() - 1) * ENTRY_GAP_PX;
        for (int k : row) {
            px += entryPx(entries.get(k));
        }
        return px;
    }
}
