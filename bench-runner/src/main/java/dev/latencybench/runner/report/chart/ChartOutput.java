package dev.latencybench.runner.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.knowm.xchart.internal.chartpart.Chart;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;

/**
 * Writes one chart as {@code <baseName>.png}, as {@code <baseName>.svg} ready to be pasted into an HTML page, and,
 * for the report's own charts ({@link ChartData}), as {@code <baseName>.json}: the data the image is drawn from, which
 * report.html draws its interactive chart from. Stateless.
 *
 * <p>The SVG is drawn the way XChart's {@code VectorGraphicsEncoder} draws it, through VectorGraphics2D, but with
 * the PNG's text metrics, and then made inline-ready and byte-for-byte repeatable here: the XML prolog and
 * DOCTYPE go; the clip-path ids, which VectorGraphics2D takes from identity hash codes, become
 * {@code chart-<baseName>-<n>}, unique within a report page; coordinates are rounded to 1/10 px, which halves the
 * size. The title and the series names also go into {@code <title>} and {@code <desc>}, for screen readers.
 *
 * <p>The PNG draws text as glyph outlines, as XChart does; the SVG writes it as {@code <text>}, which a reader can
 * search and copy ({@link SvgGraphics}, {@link SvgText}).
 */
public final class ChartOutput {
    /** Compact: a timeline has thousands of numbers, and the page carries them inline. */
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();
    private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+(?:[eE][-+]?\\d+)?");
    private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]+)\"");
    private static final Pattern ID_REFERENCE = Pattern.compile("(url\\(#|href=\"#)([^)\"]+)");

    private ChartOutput() {
    }

    public static ChartFiles write(Chart<?, ?> chart, Path dir, String baseName, String title, List<String> seriesNames)
            throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(baseName + ".png");
        Path svg = dir.resolve(baseName + ".svg");
        try (OutputStream out = Files.newOutputStream(png)) {
            if (!ImageIO.write(png(chart), "png", out)) {
                throw new IOException("this JVM has no PNG image writer");
            }
        }
        Files.writeString(svg, svg(chart, baseName, title, seriesNames), StandardCharsets.UTF_8);
        if (chart instanceof ChartData d) {
            Files.writeString(dir.resolve(baseName + ".json"), GSON.toJson(d.data()) + "\n", StandardCharsets.UTF_8);
        }
        return new ChartFiles(png, svg);
    }

    public static BufferedImage png(Chart<?, ?> chart) {
        BufferedImage image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            // the metrics XChart sizes its axes with, and the SVG's (see IntegerMetricsVectorGraphics)
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_OFF);
            chart.paint(g, chart.getWidth(), chart.getHeight());
        } finally {
            g.dispose();
        }
        return image;
    }

    static String svg(Chart<?, ?> chart, String baseName, String title, List<String> seriesNames) throws IOException {
        SvgGraphics g = new SvgGraphics();
        chart.paint(g, chart.getWidth(), chart.getHeight());
        ByteArrayOutputStream raw = new ByteArrayOutputStream(1 << 16);
        new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, chart.getWidth(), chart.getHeight()))
                .writeTo(raw);
        String svg = inlineReady(raw.toString(StandardCharsets.UTF_8), "chart-" + baseName, title, seriesNames);
        // after the rounding of inlineReady, which would round the numbers in the labels too
        int end = svg.lastIndexOf("</svg>");
        return svg.substring(0, end) + SvgText.elements(g.labels) + "\n" + svg.substring(end);
    }

    /**
     * The SVG's graphics: text as labels, not outlines, and measured like the PNG.
     *
     * <p>VectorGraphics2D measures text with fractional metrics; XChart sizes its axes with integer metrics and then
     * lays the labels out with the graphics' metrics, so in XChart's own SVG export long axis labels come out a few
     * pixels longer than the room made for them and run under the plot. Measured like the PNG, the SVG matches it.
     *
     * <p>A fill that is a text's outline ({@link SvgText#decode}) and a text drawn through {@link #label} become a
     * {@link SvgText.Label}, written as {@code <text>} after the drawing. Copies made by {@code create()} share the
     * list.
     */
    static final class SvgGraphics extends VectorGraphics2D {
        private final List<SvgText.Label> labels = new ArrayList<>();

        @Override
        public FontRenderContext getFontRenderContext() {
            return ChartStyle.FRC;
        }

        @Override
        public void fill(Shape s) {
            SvgText.Label label = SvgText.decode(s, getTransform(), getColor());
            if (label != null) {
                labels.add(label);
            } else {
                super.fill(s);
            }
        }

        /** {@code text} with its baseline from the origin of {@code at}, in the graphics' transform. */
        void label(String text, Font font, Color colour, AffineTransform at) {
            AffineTransform t = getTransform();
            t.concatenate(at);
            labels.add(new SvgText.Label(text, font, colour, t));
        }
    }

    /** VectorGraphics2D's SVG document made fit to paste into HTML; see the class comment. */
    static String inlineReady(String document, String idPrefix, String title, List<String> seriesNames) {
        int root = document.indexOf("<svg");
        if (root < 0) {
            throw new IllegalStateException("the SVG encoder wrote no <svg> element");
        }
        String svg = roundDecimals(document.substring(root));
        svg = renameIds(svg, idPrefix);
        int rootEnd = svg.indexOf('>') + 1;
        String label = "\n  <title>" + escapeXml(title) + "</title>\n  <desc>" + escapeXml(String.join(", ", seriesNames))
                + "</desc>";
        return "<svg role=\"img\"" + svg.substring(4, rootEnd) + label + svg.substring(rootEnd);
    }

    private static String roundDecimals(String svg) {
        Matcher m = DECIMAL.matcher(svg);
        StringBuilder out = new StringBuilder(svg.length());
        while (m.find()) {
            m.appendReplacement(out, tenths(Double.parseDouble(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code v} rounded to one decimal, without a trailing zero: 12.5, 3, -0.1. */
    static String tenths(double v) {
        long t = Math.round(v * 10);
        if (t == 0) {
            return "0";
        }
        long abs = Math.abs(t);
        String sign = t < 0 ? "-" : "";
        return abs % 10 == 0 ? sign + abs / 10 : sign + abs / 10 + "." + abs % 10;
    }

    private static String renameIds(String svg, String idPrefix) {
        Map<String, String> renamed = new LinkedHashMap<>();
        Matcher ids = ID.matcher(svg);
        while (ids.find()) {
            renamed.putIfAbsent(ids.group(1), idPrefix + "-" + renamed.size());
        }
        if (renamed.isEmpty()) {
            return svg;
        }
        Matcher m = ID.matcher(svg);
        StringBuilder out = new StringBuilder(svg.length());
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement("id=\"" + renamed.get(m.group(1)) + "\""));
        }
        m.appendTail(out);
        Matcher refs = ID_REFERENCE.matcher(out);
        StringBuilder done = new StringBuilder(out.length());
        while (refs.find()) {
            String target = renamed.getOrDefault(refs.group(2), refs.group(2));
            refs.appendReplacement(done, Matcher.quoteReplacement(refs.group(1) + target));
        }
        refs.appendTail(done);
        return done.toString();
    }

    static String escapeXml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
