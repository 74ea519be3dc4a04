package dev.latencybench.report.chart;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleFunction;

import javax.imageio.ImageIO;

import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;
import org.jfree.svg.util.DoubleConverter;


import dev.latencybench.core.result.ResultFiles;

/**
 * Writes one chart as {@code <baseName>.png}, as {@code <baseName>.svg} ready to be pasted into an HTML page, and,
 * for the report's own charts ({@link ChartData}), as {@code <baseName>.json}: the data the image is drawn from, which
 * report.html draws its interactive chart from. Stateless.
 *
 * <p>The SVG is drawn by JFreeSVG, inline-ready (no XML prolog) and byte-for-byte repeatable: its ids are
 * {@code chart-<baseName>-...}, unique within a report page, and its numbers have one decimal. Every text is a
 * {@code <text>}, which a reader can search and copy: the charts draw their text themselves ({@link ChartStyle#drawText},
 * {@link ValueAxis}), not through XChart, which draws text as glyph outlines. The title and the series names also go
 * into {@code <title>} and {@code <desc>}, for screen readers.
 */
public final class ChartOutput {
    /** Compact: a timeline has thousands of numbers, and the page carries them inline. */
    /** Coordinates to 1/10 px: the same on every machine, and half the size of full precision. */
    private static final DoubleFunction<String> TENTHS = new DoubleConverter(1);
    /** The families the SVG names: the one Java draws the PNG with on Linux, then look-alikes. */
    static final String FONT_FAMILIES = "DejaVu Sans, Verdana, Arial, sans-serif";

    private ChartOutput() {
    }

    public static ChartFiles write(PaintableChart chart, Path dir, String baseName, String title,
            List<String> seriesNames) throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(baseName + ".png");
        Path svg = dir.resolve(baseName + ".svg");
        // each file whole or not at all (written to a temporary name, then renamed): a report stopped while it
        // draws (SIGTERM) or a chart that fails to paint leaves no empty or half-written chart under its name
        BufferedImage image = png(chart);
        ResultFiles.write(png, tmp -> {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                if (!ImageIO.write(image, "png", out)) {
                    throw new IOException("this JVM has no PNG image writer");
                }
            }
        });
        ResultFiles.writeString(svg, svg(chart, baseName, title, seriesNames));
        if (chart instanceof ChartData d) {
            ResultFiles.writeString(dir.resolve(baseName + ".json"), dev.latencybench.core.json.JsonCodec.compact(d.data()) + "\n");
        }
        return new ChartFiles(png, svg);
    }

    public static BufferedImage png(PaintableChart chart) {
        BufferedImage image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            // the metrics the charts measure text with (ChartStyle.FRC)
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_OFF);
            chart.paint(g, chart.getWidth(), chart.getHeight());
        } finally {
            g.dispose();
        }
        return image;
    }

    static String svg(PaintableChart chart, String baseName, String title, List<String> seriesNames) {
        SVGGraphics2D g = new SVGGraphics2D(chart.getWidth(), chart.getHeight());
        g.setDefsKeyPrefix("chart-" + baseName + "-");
        g.setGeomDoubleConverter(TENTHS);
        g.setTransformDoubleConverter(TENTHS);
        g.setFontFunction(family -> FONT_FAMILIES);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_OFF);
        chart.paint(g, chart.getWidth(), chart.getHeight());
        String svg = g.getSVGElement(null, true, new ViewBox(0, 0, chart.getWidth(), chart.getHeight()), null, null);
        int rootEnd = svg.indexOf('>') + 1;
        String label = "<title>" + escapeXml(title) + "</title><desc>" + escapeXml(String.join(", ", seriesNames))
                + "</desc>";
        return "<svg role=\"img\"" + svg.substring(4, rootEnd) + label + svg.substring(rootEnd) + "\n";
    }

    static String escapeXml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
