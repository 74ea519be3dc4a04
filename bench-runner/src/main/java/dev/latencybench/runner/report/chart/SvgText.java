package dev.latencybench.runner.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.font.GlyphVector;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.PathIterator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The text of an SVG chart as {@code <text>} elements, so that a reader can search and copy it.
 *
 * <p>XChart draws every text, title to tick label, as a filled glyph outline ({@code TextLayout.getOutline}), and the
 * string is gone by the time the graphics sees the fill. {@link #decode} reads it back: an outline in one of the
 * chart fonts ({@link ChartStyle}) is the outlines of its characters, each at the pen position, one after the other,
 * so the characters are found one at a time by comparing the path with each character's outline; a gap of one or more
 * space widths is that many spaces. A fill that is not such an outline (a bar, a text in another font or with a
 * character outside {@link #ALPHABET}) is left a path: the picture is the same, only that text is not text.
 *
 * <p>The text is written in the chart font's families with a {@code textLength} of the width Java laid it out at, so
 * a browser with other fonts still draws each label in the room the chart made for it.
 *
 * <p>Stateless apart from the glyph tables built when the class loads; thread-safe. Decoding costs a few microseconds
 * per fill that is not text and about a millisecond per label.
 */
public final class SvgText {
    /** The characters a chart's text may hold to come out as text: printable ASCII and a few more. */
    static final String ALPHABET;

    /** The families the SVG names: the one Java draws the PNG with on Linux, then look-alikes. */
    static final String FONT_FAMILIES = "DejaVu Sans, Verdana, Arial, sans-serif";

    private static final double EPS = 0.02;

    static {
        StringBuilder s = new StringBuilder();
        for (char c = '!'; c <= '~'; c++) {
            s.append(c);
        }
        s.append("\u00b5\u00d7\u2013\u2014\u2026\u00b0\u2264\u2265");
        ALPHABET = s.toString();
    }

    private static final List<FontGlyphs> FONTS = List.of(new FontGlyphs(ChartStyle.TITLE_FONT),
            new FontGlyphs(ChartStyle.AXIS_TITLE_FONT), new FontGlyphs(ChartStyle.TICK_FONT),
            new FontGlyphs(ChartStyle.LEGEND_FONT), new FontGlyphs(ChartStyle.VALUE_LABEL_FONT),
            new FontGlyphs(ChartStyle.SMALL_TICK_FONT));

    private SvgText() {
    }

    /**
     * One label: {@code text} in {@code font} and {@code colour}, its baseline starting at the origin of
     * {@code transform} (which holds any turn).
     */
    record Label(String text, Font font, Color colour, AffineTransform transform) {
        Label {
            transform = new AffineTransform(transform);
        }
    }

    /**
     * The label whose outline {@code outline} is, drawn under {@code transform}; null when it is not the outline of a
     * text in a chart font.
     */
    static Label decode(Shape outline, AffineTransform transform, Color colour) {
        Path path = Path.of(outline);
        if (path == null) {
            return null;
        }
        for (int quadrants = 0; quadrants < 4; quadrants++) {
            // XChart turns a label by turning its outline -90 degrees: turn it back to read it
            Path upright = quadrants == 0 ? path : path.transformed(AffineTransform.getQuadrantRotateInstance(quadrants));
            for (FontGlyphs font : FONTS) {
                String text = font.read(upright);
                if (text != null) {
                    AffineTransform at = new AffineTransform(transform);
                    at.quadrantRotate(-quadrants);
                    return new Label(text, font.font, colour, at);
                }
            }
        }
        return null;
    }

    /** The labels as SVG {@code <text>} elements, in one group that names the font families; empty if none. */
    static String elements(List<Label> labels) {
        if (labels.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("\n  <g font-family=\"" + FONT_FAMILIES + "\">");
        for (Label l : labels) {
            out.append("\n    <text");
            AffineTransform t = l.transform;
            if (t.getType() == AffineTransform.TYPE_IDENTITY || t.getType() == AffineTransform.TYPE_TRANSLATION) {
                attribute(out, "x", t.getTranslateX());
                attribute(out, "y", t.getTranslateY());
            } else if (isQuarterTurn(t)) {
                // a turned label: rotate(angle x y) reads better than a matrix, and is what a test looks for
                double degrees = Math.toDegrees(Math.atan2(t.getShearY(), t.getScaleX()));
                attribute(out, "x", t.getTranslateX());
                attribute(out, "y", t.getTranslateY());
                out.append(" transform=\"rotate(").append(ChartOutput.tenths(degrees)).append(' ')
                        .append(ChartOutput.tenths(t.getTranslateX())).append(' ')
                        .append(ChartOutput.tenths(t.getTranslateY())).append(")\"");
            } else {
                out.append(" transform=\"matrix(");
                double[] m = new double[6];
                t.getMatrix(m);
                for (int i = 0; i < 6; i++) {
                    out.append(i == 0 ? "" : " ").append(ChartOutput.tenths(m[i]));
                }
                out.append(")\"");
            }
            out.append(" font-size=\"").append(ChartOutput.tenths(l.font.getSize2D())).append('"');
            if (l.font.isBold()) {
                out.append(" font-weight=\"bold\"");
            }
            if (l.font.isItalic()) {
                out.append(" font-style=\"italic\"");
            }
            out.append(" fill=\"").append(String.format(Locale.ROOT, "#%06x", l.colour.getRGB() & 0xFFFFFF))
                    .append('"');
            if (l.colour.getAlpha() != 255) {
                out.append(" fill-opacity=\"").append(ChartOutput.tenths(l.colour.getAlpha() / 255.0)).append('"');
            }
            attribute(out, "textLength", new TextLayout(l.text, l.font, ChartStyle.FRC).getAdvance());
            out.append(" lengthAdjust=\"spacingAndGlyphs\">").append(ChartOutput.escapeXml(l.text)).append("</text>");
        }
        return out.append("\n  </g>").toString();
    }

    private static boolean isQuarterTurn(AffineTransform t) {
        return Math.abs(Math.abs(t.getScaleX()) + Math.abs(t.getShearY()) - 1) < 1e-9
                && Math.abs(t.getScaleX() * t.getShearY()) < 1e-9;
    }

    private static void attribute(StringBuilder out, String name, double value) {
        out.append(' ').append(name).append("=\"").append(ChartOutput.tenths(value)).append('"');
    }

    /** A path's segments: their types and, six per segment, their coordinates. */
    private record Path(int[] types, double[] coords) {
        static Path of(Shape shape) {
            PathIterator it = shape.getPathIterator(null);
            List<Integer> types = new ArrayList<>();
            List<double[]> points = new ArrayList<>();
            double[] c = new double[6];
            while (!it.isDone()) {
                int type = it.currentSegment(c);
                types.add(type);
                points.add(c.clone());
                it.next();
            }
            if (types.isEmpty() || types.get(0) != PathIterator.SEG_MOVETO) {
                return null;
            }
            int[] t = new int[types.size()];
            double[] xy = new double[6 * t.length];
            for (int i = 0; i < t.length; i++) {
                t[i] = types.get(i);
                System.arraycopy(points.get(i), 0, xy, 6 * i, 6);
            }
            return new Path(t, xy);
        }

        Path transformed(AffineTransform at) {
            double[] xy = coords.clone();
            for (int i = 0; i < types.length; i++) {
                at.transform(coords, 6 * i, xy, 6 * i, points(types[i]));
            }
            return new Path(types, xy);
        }

        static int points(int type) {
            switch (type) {
                case PathIterator.SEG_CUBICTO: return 3;
                case PathIterator.SEG_QUADTO: return 2;
                case PathIterator.SEG_CLOSE: return 0;
                default: return 1;
            }
        }
    }

    /** One font's characters, longest outline first, so that ':' is tried before the '.' its first dot looks like. */
    private static final class FontGlyphs {
        final Font font;
        final List<Glyph> glyphs = new ArrayList<>();
        final double spacePx;

        FontGlyphs(Font font) {
            this.font = font;
            for (char ch : ALPHABET.toCharArray()) {
                if (!font.canDisplay(ch)) {
                    continue;
                }
                GlyphVector gv = font.createGlyphVector(ChartStyle.FRC, String.valueOf(ch));
                if (gv.getNumGlyphs() != 1) {
                    continue;
                }
                Path outline = Path.of(gv.getGlyphOutline(0));
                if (outline != null) {
                    glyphs.add(new Glyph(ch, outline, gv.getGlyphMetrics(0).getAdvanceX()));
                }
            }
            glyphs.sort(Comparator.comparingInt((Glyph g) -> -g.outline.types.length));
            spacePx = font.createGlyphVector(ChartStyle.FRC, " ").getGlyphMetrics(0).getAdvanceX();
        }

        /** The text {@code path} is the outline of, its baseline at y = 0 and its pen at x = 0; null if none. */
        String read(Path path) {
            StringBuilder text = new StringBuilder();
            int at = 0;
            double penPx = 0;
            while (at < path.types.length) {
                Glyph found = null;
                double offsetPx = 0;
                for (Glyph g : glyphs) {
                    if (g.matches(path, at)) {
                        found = g;
                        offsetPx = path.coords[6 * at] - g.outline.coords[0];
                        break;
                    }
                }
                if (found == null) {
                    return null;
                }
                double gapPx = offsetPx - penPx;
                long spaces = Math.round(gapPx / spacePx);
                if (spaces < 0 || Math.abs(gapPx - spaces * spacePx) > 0.5) {
                    return null;
                }
                text.append(" ".repeat((int) spaces)).append(found.ch);
                penPx = offsetPx + found.advancePx;
                at += found.outline.types.length;
            }
            return text.toString();
        }
    }

    private record Glyph(char ch, Path outline, double advancePx) {
        /** The path's segments from {@code at} on are this outline, moved right by some offset. */
        boolean matches(Path path, int at) {
            int[] types = outline.types;
            if (at + types.length > path.types.length) {
                return false;
            }
            double dx = path.coords[6 * at] - outline.coords[0];
            for (int i = 0; i < types.length; i++) {
                if (path.types[at + i] != types[i]) {
                    return false;
                }
                int base = 6 * i;
                int pathBase = 6 * (at + i);
                for (int p = 0; p < Path.points(types[i]); p++) {
                    if (Math.abs(path.coords[pathBase + 2 * p] - outline.coords[base + 2 * p] - dx) > EPS
                            || Math.abs(path.coords[pathBase + 2 * p + 1] - outline.coords[base + 2 * p + 1]) > EPS) {
                        return false;
                    }
                }
            }
            return true;
        }
    }
}
