package dev.latencybench.chart;

/** The marks drawn over lines, the same in a plot and in its legend, each ringed in white to stand out on a line. */
final class Marks {
    private Marks() {
    }

    /** A mark of {@code kind} at {@code (x, y)}: a pause's triangle points down at y, the others centre on it. */
    static void draw(Svg svg, Legend.Kind kind, double x, double y, String colour, String title) {
        String ring = "\" fill=\"" + colour + "\" stroke=\"white\" stroke-width=\"1\"";
        switch (kind) {
            case DOT -> svg.shape("circle cx=\"" + Svg.num(x) + "\" cy=\"" + Svg.num(y) + "\" r=\"4.5" + ring, title);
            case PAUSE -> svg.shape("polygon points=\"" + pts(x - 4.5, y - 9, x + 4.5, y - 9, x, y) + ring, title);
            case OUTLIER -> svg.shape("polygon points=\"" + pts(x, y - 4, x + 4, y, x, y + 4, x - 4, y) + ring,
                    title);
            case CROSS -> svg.shape("path d=\"M" + pts(x - 5, y - 5) + "L" + pts(x + 5, y + 5) + "M"
                    + pts(x - 5, y + 5) + "L" + pts(x + 5, y - 5) + "\" stroke=\"" + colour
                    + "\" stroke-width=\"2.2\" fill=\"none\"", title);
            default -> throw new IllegalArgumentException("not a mark: " + kind);
        }
    }

    private static String pts(double... xy) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < xy.length; i += 2) {
            sb.append(i == 0 ? "" : " ").append(Svg.num(xy[i])).append(',').append(Svg.num(xy[i + 1]));
        }
        return sb.toString();
    }
}
