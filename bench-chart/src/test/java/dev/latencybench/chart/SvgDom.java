package dev.latencybench.chart;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Reads a chart's SVG back for the tests: its lines' points, its bars, its own title. */
public final class SvgDom {
    private SvgDom() {
    }

    public static Element parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(svg))).getDocumentElement();
    }

    /** The text of {@code parent}'s own child {@code tag} (a shape's {@code <title>}, not its children's). */
    public static String child(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                return e.getTextContent();
            }
        }
        return null;
    }

    /** The points of the path titled {@code name}: x, y each; empty where there is none. */
    public static List<double[]> path(Element root, String name) {
        List<double[]> points = new ArrayList<>();
        NodeList paths = root.getElementsByTagName("path");
        for (int i = 0; i < paths.getLength(); i++) {
            Element p = (Element) paths.item(i);
            if (name.equals(child(p, "title"))) {
                for (String xy : p.getAttribute("d").split("[ML]")) {
                    if (!xy.isEmpty()) {
                        String[] v = xy.split(",");
                        points.add(new double[] {Double.parseDouble(v[0]), Double.parseDouble(v[1])});
                    }
                }
            }
        }
        return points;
    }

    /** The rectangles filled with {@code fill}: x, y, width, height each, in the order drawn. */
    public static List<double[]> rects(Element root, String fill) {
        List<double[]> out = new ArrayList<>();
        NodeList rects = root.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            Element r = (Element) rects.item(i);
            if (fill.equals(r.getAttribute("fill")) && child(r, "title") != null) { // a legend's swatch has none
                out.add(new double[] {d(r, "x"), d(r, "y"), d(r, "width"), d(r, "height")});
            }
        }
        return out;
    }

    /** The marks (polygons, circles) whose title starts with {@code prefix}: their titles. */
    public static List<String> marks(Element root, String tag, String prefix) {
        List<String> out = new ArrayList<>();
        NodeList nodes = root.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            String t = child((Element) nodes.item(i), "title");
            if (t != null && t.startsWith(prefix)) {
                out.add(t);
            }
        }
        return out;
    }

    private static double d(Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }
}
