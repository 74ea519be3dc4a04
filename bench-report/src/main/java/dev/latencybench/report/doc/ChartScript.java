package dev.latencybench.report.doc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * What report.html needs to draw its interactive charts, read from the class path once: uPlot's script and style sheet
 * from its WebJar ({@code org.webjars.npm:uplot}, the version the build pins), and this package's
 * {@code report-charts.js}, which turns each chart's data ({@code charts/<base>.json}) into uPlot plots, after
 * {@code report-charts-kit.js}, the stateless parts it uses (value text, hover box, line marks, ticks), and
 * {@code report-charts-shares.js}, the stacked share bars (the tail's causes per cell). The page carries them inline,
 * so it opens offline and fetches nothing. Immutable and thread-safe once loaded.
 */
final class ChartScript {
    private static final String WEBJAR = "META-INF/resources/webjars/uplot/";
    private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";

    /** uPlot's version, as its WebJar's pom.properties gives it. */
    final String version;
    final String uplotJs;
    final String uplotCss;
    final String chartsJs;

    private static volatile ChartScript loaded;

    private ChartScript(String version, String uplotJs, String uplotCss, String chartsJs) {
        this.version = version;
        this.uplotJs = uplotJs;
        this.uplotCss = uplotCss;
        this.chartsJs = chartsJs;
    }

    static ChartScript get() {
        ChartScript s = loaded;
        if (s == null) {
            Properties pom = new Properties();
            try (InputStream in = resource(WEBJAR_POM)) {
                pom.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String version = pom.getProperty("version");
            String dist = WEBJAR + version + "/dist/";
            s = new ChartScript(version, text(dist + "uPlot.iife.min.js"), text(dist + "uPlot.min.css"),
                    text("dev/latencybench/report/doc/report-charts-kit.js") + "\n"
                    + text("dev/latencybench/report/doc/report-charts-shares.js") + "\n"
                    + text("dev/latencybench/report/doc/report-charts.js"));
            loaded = s;
        }
        return s;
    }

    /**
     * The three as the end of a page: the style sheets, then the scripts, each made safe to sit inside its element
     * (a {@code </} in a script would end it early).
     */
    String pageTail() {
        return "<style>\n" + uplotCss + "\n</style>\n<script>/* uPlot " + version + ", MIT licence */\n"
                + scriptSafe(uplotJs) + "\n</script>\n<script>\n" + scriptSafe(chartsJs) + "\n</script>\n";
    }

    static String scriptSafe(String js) {
        return js.replace("</", "<\\/");
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = ChartScript.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is not on the class path: the report is built without the uPlot WebJar");
        }
        return in;
    }

    private static String text(String name) {
        try (InputStream in = resource(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
