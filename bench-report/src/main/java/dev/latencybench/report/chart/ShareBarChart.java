package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.font.LineMetrics;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

/**
 * Stacked bars of shares: one bar per category (a cell), from 0 to 100%, cut into parts (causes) in a fixed order,
 * each part in its own colour; over each bar its count of the total ({@code 20}), in each part tall enough its
 * share; a category without a bar has the reason written in its place, so that it does not read as 0. The legend
 * names the parts. Drawn from its own model, as {@link LineChart} is; {@link Charts#shares} writes it. Immutable
 * once built; painting is not thread-safe.
 */
public final class ShareBarChart implements PaintableChart, ChartData {
    /** The share of a category's width its bar takes. */
    private static final double BAR_FILL = 0.6;
    /** A part shows its share inside it when at least this tall, in px. */
    private static final double PART_LABEL_MIN_PX = 16;
    private static final int LABEL_GAP_PX = 3;
    private static final int LEGEND_BOX_PX = 12;
    private static final int LEGEND_TEXT_GAP_PX = 6;
    private static final int LEGEND_ENTRY_GAP_PX = 18;
    private static final int LEGEND_PADDING_PX = 6;
    private static final int LEGEND_GAP_PX = 8;
    private static final Color MISSING_TEXT = new Color(0x57606A);
    /** report.html's plot reaches this far above 100%, so that the totals written over full bars are not cut off. */
    private static final int TOTALS_ROOM_PERCENT = 8;

    private final String title;
    private final String yTitle;
    private final List<String> parts;
    private final List<Color> colours;
    private final List<ShareBars> bars;
    private final List<List<String>> categoryLines;
    private final Font categoryFont;
    private final ValueAxis axis;

    ShareBarChart(String title, String yTitle, List<String> parts, List<Integer> slots, List<ShareBars> bars) {
        this.title = title;
        this.yTitle = yTitle;
        this.parts = List.copyOf(parts);
        List<Color> c = new ArrayList<>();
        slots.forEach(s -> c.add(ChartStyle.colour(Palette.requireSlot(s))));
        this.colours = List.copyOf(c);
        this.bars = List.copyOf(bars);
        this.axis = new ValueAxis(yTitle, 0, 100, false);
        double categoryPx = plotWidthPx() / bars.size();
        Font font = ChartStyle.TICK_FONT;
        List<List<String>> lines = new ArrayList<>();
        for (ShareBars b : bars) {
            lines.add(BarLayout.wrap(b.category(), font, categoryPx - 6));
        }
        if (lines.stream().anyMatch(l -> l.size() > LabelledBarChart.MAX_CATEGORY_LINES)) {
            font = ChartStyle.SMALL_TICK_FONT;
            lines.clear();
            for (ShareBars b : bars) {
                lines.add(BarLayout.wrap(b.category(), font, categoryPx - 6));
            }
        }
        this.categoryLines = List.copyOf(lines);
        this.categoryFont = font;
    }

    @Override
    public int getWidth() {
        return ChartStyle.WIDTH_PX;
    }

    @Override
    public int getHeight() {
        return ChartStyle.HEIGHT_PX;
    }

    List<ShareBars> bars() {
        return bars;
    }

    private double plotWidthPx() {
        return getWidth() - axis.widthPx() - 2.0 * ChartStyle.CHART_PADDING_PX;
    }

    /** The plot's frame in the chart. */
    Rectangle2D plotBounds() {
        double top = ValueAxis.titleBandPx(title);
        double bottom = getHeight() - ChartStyle.CHART_PADDING_PX - legendBoxPx() - LEGEND_GAP_PX - categoryBandPx();
        double left = ChartStyle.CHART_PADDING_PX + axis.widthPx();
        return new Rectangle2D.Double(left, top, plotWidthPx(), bottom - top);
    }

    private int categoryBandPx() {
        int lines = 1;
        for (List<String> l : categoryLines) {
            lines = Math.max(lines, l.size());
        }
        return (int) Math.ceil(ChartStyle.TICK_MARK_PX + 2 * ChartStyle.TICK_PADDING_PX
                + lines * LabelledBarChart.lineHeight(categoryFont));
    }

    private static int legendBoxPx() {
        return (int) Math.ceil(LabelledBarChart.lineHeight(ChartStyle.LEGEND_FONT)) + 4 + 2 * LEGEND_PADDING_PX;
    }

    /** Screen y of a share in percent. */
    double screenY(double percent) {
        Rectangle2D p = plotBounds();
        return p.getMaxY() - percent / 100 * p.getHeight();
    }

    /** The centre x of category {@code c}'s bar. */
    double barCentreX(int c) {
        Rectangle2D p = plotBounds();
        return p.getX() + p.getWidth() * (c + 0.5) / bars.size();
    }

    private double barWidthPx() {
        return plotBounds().getWidth() / bars.size() * BAR_FILL;
    }

    /** The text over bar {@code c}: its total; null for a category without a bar. */
    String totalLabel(int c) {
        ShareBars b = bars.get(c);
        return b.missing() != null ? null : String.format(Locale.ROOT, "%,d", b.total());
    }

    /** {@code 90%}, {@code 4.5%}, {@code 0.1%}: a share as the chart and its table print it. */
    public static String percent(double share) {
        double p = share * 100;
        return p >= 10 || p == 0 ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, width, height));
        Rectangle2D plot = plotBounds();
        axis.paintGrid(g, plot, this::screenY);
        double barPx = barWidthPx();
        for (int c = 0; c < bars.size(); c++) {
            ShareBars b = bars.get(c);
            double x = barCentreX(c) - barPx / 2;
            if (b.missing() != null) {
                paintMissing(g, b.missing(), barCentreX(c), plot);
                continue;
            }
            double below = 0;
            for (int i = 0; i < parts.size(); i++) {
                double share = b.share(i);
                if (share <= 0) {
                    continue;
                }
                double top = screenY(100 * (below + share));
                double bottom = screenY(100 * below);
                g.setColor(colours.get(i));
                g.fill(new Rectangle2D.Double(x, top, barPx, bottom - top));
                String label = percent(share);
                Rectangle2D box = ChartStyle.textBounds(label, ChartStyle.VALUE_LABEL_FONT);
                if (bottom - top >= PART_LABEL_MIN_PX && box.getWidth() + 4 <= barPx) {
                    ChartStyle.drawText(g, label, ChartStyle.VALUE_LABEL_FONT, Color.WHITE,
                            barCentreX(c) - box.getWidth() / 2 - box.getX(), (top + bottom) / 2 - box.getCenterY(), 0);
                }
                below += share;
            }
            String total = totalLabel(c);
            Rectangle2D box = ChartStyle.textBounds(total, ChartStyle.VALUE_LABEL_FONT);
            ChartStyle.drawText(g, total, ChartStyle.VALUE_LABEL_FONT, ChartStyle.TEXT,
                    barCentreX(c) - box.getWidth() / 2 - box.getX(), screenY(100) - LABEL_GAP_PX, 0);
        }
        g.setStroke(new BasicStroke(1f));
        g.setColor(ChartStyle.AXIS_LINE);
        g.draw(plot);
        axis.paintLabels(g, plot, this::screenY);
        ValueAxis.paintTitle(g, title, ChartStyle.TITLE_FONT, ValueAxis.TITLE_PADDING_PX, plot, 0);
        paintCategoryNames(g, plot);
        paintLegend(g, width, plot.getMaxY() + categoryBandPx() + LEGEND_GAP_PX);
    }

    /** The reason a category has no bar, in grey, wrapped to its slot, half-way up the plot. */
    private void paintMissing(Graphics2D g, String why, double centreX, Rectangle2D plot) {
        double slotPx = plot.getWidth() / bars.size() - 8;
        List<String> lines = BarLayout.wrap(why, ChartStyle.VALUE_LABEL_FONT, slotPx);
        double lineHeight = LabelledBarChart.lineHeight(ChartStyle.VALUE_LABEL_FONT);
        double y = plot.getCenterY() - lines.size() * lineHeight / 2 + lineHeight;
        for (String line : lines) {
            double w = ChartStyle.textWidth(line, ChartStyle.VALUE_LABEL_FONT);
            ChartStyle.drawText(g, line, ChartStyle.VALUE_LABEL_FONT, MISSING_TEXT, centreX - w / 2, y, 0);
            y += lineHeight;
        }
    }

    private void paintCategoryNames(Graphics2D g, Rectangle2D plot) {
        LabelledBarChart.paintCategoryNames(g, plot, categoryFont, categoryLines, this::barCentreX);
    }

    /** One row, centred, in a light frame: a colour box and the part's name per part. */
    private void paintLegend(Graphics2D g, int width, double top) {
        double rowPx = -LEGEND_ENTRY_GAP_PX;
        for (String part : parts) {
            rowPx += LEGEND_BOX_PX + LEGEND_TEXT_GAP_PX + ChartStyle.textWidth(part, ChartStyle.LEGEND_FONT)
                    + LEGEND_ENTRY_GAP_PX;
        }
        double boxWidth = rowPx + 2 * LEGEND_PADDING_PX;
        Rectangle2D frame = new Rectangle2D.Double(Math.round((width - boxWidth) / 2) + 0.5, Math.round(top) + 0.5,
                Math.round(boxWidth), legendBoxPx());
        g.setStroke(new BasicStroke(1f));
        g.setColor(ChartStyle.GRID_LINE);
        g.draw(frame);
        LineMetrics m = ChartStyle.LEGEND_FONT.getLineMetrics("Ag", ChartStyle.FRC);
        double rowHeight = legendBoxPx() - 2 * LEGEND_PADDING_PX;
        double baseline = frame.getY() + LEGEND_PADDING_PX + (rowHeight - m.getAscent() - m.getDescent()) / 2
                + m.getAscent();
        double boxTop = baseline - m.getAscent() * 0.5 - LEGEND_BOX_PX / 2.0;
        double x = (width - rowPx) / 2;
        for (int i = 0; i < parts.size(); i++) {
            g.setColor(colours.get(i));
            g.fill(new Rectangle2D.Double(x, boxTop, LEGEND_BOX_PX, LEGEND_BOX_PX));
            ChartStyle.drawText(g, parts.get(i), ChartStyle.LEGEND_FONT, ChartStyle.TEXT,
                    x + LEGEND_BOX_PX + LEGEND_TEXT_GAP_PX, baseline, 0);
            x += LEGEND_BOX_PX + LEGEND_TEXT_GAP_PX + ChartStyle.textWidth(parts.get(i), ChartStyle.LEGEND_FONT)
                    + LEGEND_ENTRY_GAP_PX;
        }
    }

    /**
     * {@code {"type":"shares", "title", "y":{"title","unit":"%","min":0,"max":108}, "categories":[...],
     * "totals":[n or null], "missing":[text or null], "series":[{"name","colour","values":[% or null],
     * "counts":[n or null]}]}}: a series per part.
     */
    @Override
    public JsonObject data() {
        BarChartJson.SharesData o = new BarChartJson.SharesData();
        o.title = title;
        o.y = new BarChartJson.SharesAxis();
        o.y.title = yTitle;
        o.y.max = 100 + TOTALS_ROOM_PERCENT; // room over the bars for their totals, inside the plot
        List<String> categories = new ArrayList<>();
        o.totals = new JsonArray();
        o.missing = new JsonArray();
        for (ShareBars b : bars) {
            categories.add(b.category());
            if (b.missing() == null) {
                o.totals.add(b.total());
            } else {
                o.totals.add(JsonNull.INSTANCE);
            }
            o.missing.add(b.missing());
        }
        o.categories = ChartData.strings(categories);
        o.series = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            BarChartJson.ShareSeries s = new BarChartJson.ShareSeries();
            s.name = parts.get(i);
            s.colour = ChartData.hex(colours.get(i));
            double[] values = new double[bars.size()];
            s.counts = new JsonArray();
            for (int c = 0; c < bars.size(); c++) {
                values[c] = 100 * bars.get(c).share(i);
                if (bars.get(c).missing() == null) {
                    s.counts.add(bars.get(c).counts()[i]);
                } else {
                    s.counts.add(JsonNull.INSTANCE);
                }
            }
            s.values = ChartData.numbers(values);
            o.series.add(s);
        }
        return JsonCodec.toJsonObject(o);
    }
}
