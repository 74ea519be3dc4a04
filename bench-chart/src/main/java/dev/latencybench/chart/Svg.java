package dev.latencybench.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One SVG drawing, written element by element. Coordinates have one decimal at most, so the same chart gives the same
 * bytes; no element has an id, so a page may inline any number of charts. Every text keeps an over-estimated box
 * ({@link #textBoxes}), so labels can avoid each other and tests can check that none overprints another.
 */
public final class Svg {
    /** The chart's width in px; its height follows from what it holds. */
    public static final int WIDTH = 1000;
    static final String TEXT = "#222";
    static final String AXIS = "#444";
    static final String GRID = "#e4e4e4";

    private static final DecimalFormat TENTHS = new DecimalFormat("0.#", DecimalFormatSymbols.getInstance(Locale.ROOT));

    /** A text's box: left, top, right, bottom. */
    public record Box(double x0, double y0, double x1, double y1, String text) {
        public boolean overlaps(Box o) {
            return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1;
        }
    }

    private final StringBuilder body = new StringBuilder();
    private final List<Box> boxes = new ArrayList<>();

    /** The em widths of a sans-serif (DejaVu Sans, the widest of the usual ones), rounded up. */
    public static double width(String s, double size) {
        double em = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            em += "il.,:;'|!".indexOf(c) >= 0 ? 0.32
                    : "fjrt()[] -".indexOf(c) >= 0 ? 0.42
                    : "mwMW%@".indexOf(c) >= 0 ? 1.0
                    : Character.isUpperCase(c) ? 0.76
                    : 0.64;
        }
        return em * size;
    }

    static String num(double v) {
        return TENTHS.format(v);
    }

    static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** {@code 1.2us} as the report prints it: {@code 1.2µs}. */
    static String micros(String text) {
        return text.replaceAll("([0-9])us\\b", "$1µs");
    }

    /** Whether a text {@code s} at {@code (x, y)} would lie within 4 px of one already drawn. */
    boolean free(String s, double x, double y, double size, String anchor) {
        Box b = box(s, x, y, size, anchor);
        Box wide = new Box(b.x0 - 4, b.y0, b.x1 + 4, b.y1, s);
        return boxes.stream().noneMatch(wide::overlaps);
    }

    private static Box box(String s, double x, double y, double size, String anchor) {
        double w = width(s, size);
        double left = "middle".equals(anchor) ? x - w / 2 : "end".equals(anchor) ? x - w : x;
        return new Box(left, y - 0.95 * size, left + w, y + 0.3 * size, s); // a browser's line box: ascent and descent
    }

    /** A text whose baseline starts, centres or ends ({@code anchor}) at {@code (x, y)}. */
    Svg text(double x, double y, String s, double size, String anchor, String extra) {
        boxes.add(box(s, x, y, size, anchor));
        body.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" font-size=\"")
                .append(num(size)).append('"').append("start".equals(anchor) ? "" : " text-anchor=\"" + anchor + '"')
                .append(extra.isEmpty() ? "" : " " + extra).append('>').append(esc(s)).append("</text>\n");
        return this;
    }

    /** A text turned a quarter anticlockwise, reading upward, centred on {@code (x, y)}. */
    Svg upright(double x, double y, String s, double size) {
        double w = width(s, size);
        boxes.add(new Box(x - 0.95 * size, y - w / 2, x + 0.3 * size, y + w / 2, s));
        body.append("<text transform=\"translate(").append(num(x)).append(',').append(num(y))
                .append(") rotate(-90)\" font-size=\"").append(num(size)).append("\" text-anchor=\"middle\">")
                .append(esc(s)).append("</text>\n");
        return this;
    }

    /** A text turned a quarter anticlockwise from {@code (x, y)}; left out where it would overprint another. */
    Svg uprightFrom(double x, double y, String s, double size, String extra) {
        double w = width(s, size);
        Box b = new Box(x - 0.95 * size, y - w, x + 0.3 * size, y, s);
        if (boxes.stream().anyMatch(b::overlaps)) {
            return this;
        }
        boxes.add(b);
        body.append("<text transform=\"translate(").append(num(x)).append(',').append(num(y))
                .append(") rotate(-90)\" font-size=\"").append(num(size)).append('"')
                .append(extra.isEmpty() ? "" : " " + extra).append('>').append(esc(s)).append("</text>\n");
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String colour, double width, String dash) {
        body.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"")
                .append(num(x2)).append("\" y2=\"").append(num(y2)).append("\" stroke=\"").append(colour)
                .append("\" stroke-width=\"").append(num(width)).append('"')
                .append(dash == null ? "" : " stroke-dasharray=\"" + dash + '"').append("/>\n");
        return this;
    }

    /** A filled rectangle; {@code title} (may be null) is what a pointer over it shows. */
    Svg rect(double x, double y, double w, double h, String fill, String title) {
        body.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"")
                .append(num(w)).append("\" height=\"").append(num(h)).append("\" fill=\"").append(fill).append('"');
        return titled(title);
    }

    /** Any shape: {@code element} is its tag and attributes, e.g. {@code path d="..." fill="none"}. */
    Svg shape(String element, String title) {
        body.append('<').append(element);
        return titled(title);
    }

    private Svg titled(String title) {
        if (title == null) {
            body.append("/>\n");
        } else {
            String tag = body.substring(body.lastIndexOf("<") + 1).split(" ", 2)[0];
            body.append("><title>").append(esc(title)).append("</title></").append(tag).append(">\n");
        }
        return this;
    }

    /** Opens a group, e.g. {@code data-s="2"} for what the legend's entry 2 shows and hides. */
    Svg open(String attributes) {
        body.append("<g ").append(attributes).append(">\n");
        return this;
    }

    Svg close() {
        body.append("</g>\n");
        return this;
    }

    /** The boxes of every text drawn so far. */
    public List<Box> textBoxes() {
        return List.copyOf(boxes);
    }

    /** The whole element, {@code height} px high, with {@code title} for screen readers and {@code desc}. */
    String document(double height, String title, String desc) {
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 " + WIDTH + " " + num(height)
                + "\" width=\"" + WIDTH + "\" height=\"" + num(height) + "\" font-family=\"DejaVu Sans, Verdana, "
                + "Arial, sans-serif\" fill=\"" + TEXT + "\"><title>" + esc(title) + "</title><desc>" + esc(desc)
                + "</desc>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n";
    }
}
