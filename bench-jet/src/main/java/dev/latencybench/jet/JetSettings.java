package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.config.Units;

/**
 * The sliding-window study's validated settings, read in the launcher (where {@code bench.jet.keys} is the sweep's
 * list) and again in each benchmark JVM (one value); a bad value is a {@link ConfigException} naming the property,
 * the value and what is allowed. {@code keys} are the key counts in the order given, the sweep's points (one in a
 * benchmark JVM); {@code cluster} the members of an existing cluster, empty for an embedded member; {@code port} the
 * embedded member's, 0 for a free one chosen when it starts; {@code variants} {@code jet}, {@code reference} or both.
 */
public record JetSettings(long ratePerSec, List<Long> keys, long windowNs, long slideNs, long maxLagNs,
        List<String> cluster, String clusterName, int port, Periods periods, List<String> variants) {
    public static final String RATE = "bench.jet.rate";
    public static final String KEYS = "bench.jet.keys";
    public static final String WINDOW = "bench.jet.window";
    public static final String SLIDE = "bench.jet.slide";
    public static final String MAX_LAG = "bench.jet.maxLag";
    public static final String CLUSTER = "bench.jet.cluster";
    public static final String CLUSTER_NAME = "bench.jet.clusterName";
    public static final String PORT = "bench.jet.port";
    public static final String VARIANTS = "bench.jet.variants";
    /** The suite's pipeline, then the published one as its yardstick. */
    public static final List<String> ALL_VARIANTS = List.of("jet", "reference");

    /** The study's million events a second, at paper scale. */
    public static final long PAPER_RATE = 1_000_000;
    /** What a small machine holds with 10,000 keys. */
    public static final long STANDARD_RATE = 100_000;
    public static final long SMOKE_RATE = 10_000;
    /** The study's key sweep, 5K to 105K; its output rate is keys x 100 items/s. */
    public static final String PAPER_KEYS = "5K,15K,25K,35K,45K,55K,65K,75K,85K,95K,105K";
    public static final String STANDARD_KEYS = "1K,5K,10K,20K";
    public static final String SMOKE_KEYS = "100";
    public static final long MAX_KEYS = 10_000_000;
    public static final long MAX_RATE = 100_000_000;
    /** The study's 10 s window sliding every 10 ms; smoke keeps the slide and shortens the window to 1 s. */
    public static final long WINDOW_NS = TimeUnit.SECONDS.toNanos(10);
    public static final long SMOKE_WINDOW_NS = TimeUnit.SECONDS.toNanos(1);
    public static final long SLIDE_NS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How far behind its schedule the source may end a measured period (ten slides) before the point fails. */
    public static final long MAX_LAG_NS = TimeUnit.MILLISECONDS.toNanos(100);
    /** Hazelcast's own default cluster name, which an existing cluster most likely has. */
    public static final String DEFAULT_CLUSTER_NAME = "dev";

    /** Warm-up and measured time per scale; smoke's warm-up fills its 1 s window. */
    public static final RunLength LENGTH = RunLength.of(
            TimeUnit.SECONDS.toNanos(2), TimeUnit.SECONDS.toNanos(3),
            TimeUnit.SECONDS.toNanos(15), TimeUnit.SECONDS.toNanos(30),
            TimeUnit.SECONDS.toNanos(20), TimeUnit.MINUTES.toNanos(4));

    private static final Property SLIDE_PROPERTY = Property.duration(SLIDE, SLIDE_NS, TimeUnit.MILLISECONDS.toNanos(1),
            TimeUnit.HOURS.toNanos(1), "how often the window slides (and the pipeline emits a result set)");
    private static final Property MAX_LAG_PROPERTY = Property.duration(MAX_LAG, MAX_LAG_NS, 0,
            TimeUnit.HOURS.toNanos(1),
            "how far behind its schedule the source may end a measured period before the point fails");
    private static final Property CLUSTER_PROPERTY = Property.text(CLUSTER, "", "HOST:PORT[,HOST:PORT...] of an"
            + " existing Hazelcast cluster to run the job on; empty: an embedded member in each benchmark JVM");
    private static final Property CLUSTER_NAME_PROPERTY = Property.text(CLUSTER_NAME, DEFAULT_CLUSTER_NAME,
            "the cluster name of the existing cluster (" + CLUSTER + ")");
    private static final Property PORT_PROPERTY = Property.count(PORT, 0, 0, 65_535,
            "the embedded member's port on 127.0.0.1 (0: a free one)");
    private static final Property VARIANTS_PROPERTY = Property.subset(VARIANTS, ALL_VARIANTS, ALL_VARIANTS,
            "variant");

    /** Every property {@link #read} reads, declared with the standard scale's defaults. */
    public static final List<Property> PROPERTIES = properties(Scale.STANDARD);

    public JetSettings {
        keys = List.copyOf(keys);
        cluster = List.copyOf(cluster);
        variants = List.copyOf(variants);
    }

    private static List<Property> properties(Scale scale) {
        List<Property> all = new ArrayList<>(Periods.properties(scale, LENGTH));
        all.addAll(List.of(rateProperty(scale), keysProperty(scale), windowProperty(scale), SLIDE_PROPERTY,
                MAX_LAG_PROPERTY, CLUSTER_PROPERTY, CLUSTER_NAME_PROPERTY, PORT_PROPERTY, VARIANTS_PROPERTY));
        return Collections.unmodifiableList(all);
    }

    private static Property rateProperty(Scale scale) {
        return Property.count(RATE, scale == Scale.PAPER ? PAPER_RATE : scale == Scale.SMOKE ? SMOKE_RATE
                : STANDARD_RATE, 1, MAX_RATE, "events per second the source emits");
    }

    private static Property keysProperty(Scale scale) {
        return Property.text(KEYS, scale == Scale.PAPER ? PAPER_KEYS : scale == Scale.SMOKE ? SMOKE_KEYS
                : STANDARD_KEYS, "the key counts to sweep, comma-separated, e.g. 5K,15K,25K; one point each");
    }

    private static Property windowProperty(Scale scale) {
        return Property.duration(WINDOW, scale == Scale.SMOKE ? SMOKE_WINDOW_NS : WINDOW_NS,
                TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.HOURS.toNanos(1), "the sliding window's length");
    }

    /** @throws ConfigException naming the property, the value and what is allowed */
    public static JetSettings read(BenchProperties p) {
        Periods periods = Periods.read(p, Scale.STANDARD, LENGTH);
        Scale scale = periods.scale;
        long rate = p.count(rateProperty(scale));
        String keysText = p.string(keysProperty(scale));
        List<Long> keys = parseKeys(keysText);
        long window = p.durationNs(windowProperty(scale));
        long slide = p.durationNs(SLIDE_PROPERTY);
        long ms = TimeUnit.MILLISECONDS.toNanos(1);
        if (window % ms != 0 || slide % ms != 0) {
            throw ConfigException.invalid(window % ms != 0 ? WINDOW : SLIDE, p.given().getOrDefault(
                    window % ms != 0 ? WINDOW : SLIDE, Units.formatDuration(window % ms != 0 ? window : slide)),
                    "the job counts in whole milliseconds, as the study did: give the window and the slide in whole ms,"
                            + " e.g. 10s and 10ms");
        }
        if (window % slide != 0) {
            throw ConfigException.invalid(SLIDE, p.given().getOrDefault(SLIDE, Units.formatDuration(slide)),
                    "the slide must divide the window (" + WINDOW + "=" + Units.formatDuration(window)
                            + ") into whole slides, e.g. 10ms for 10s");
        }
        long maxLag = p.durationNs(MAX_LAG_PROPERTY);
        String clusterText = p.string(CLUSTER_PROPERTY);
        List<String> cluster = parseAddresses(clusterText);
        String clusterName = p.string(CLUSTER_NAME_PROPERTY);
        int port = (int) p.count(PORT_PROPERTY);
        List<String> variants = p.subset(VARIANTS_PROPERTY);
        return new JetSettings(rate, keys, window, slide, maxLag, cluster, clusterName, port, periods, variants);
    }

    /** {@code 5K,15K} to 5000, 15000; each from 1 to {@link #MAX_KEYS}, none twice. */
    static List<Long> parseKeys(String text) {
        String allowed = "expected key counts from 1 to " + MAX_KEYS + ", comma-separated, each once, such as"
                + " 5K,15K,25K";
        List<Long> keys = new ArrayList<>();
        Set<Long> seen = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            long k;
            try {
                k = Units.parseCount(part.trim());
            } catch (NumberFormatException | ArithmeticException e) {
                throw ConfigException.invalid(KEYS, text, allowed);
            }
            if (k < 1 || k > MAX_KEYS) {
                throw ConfigException.invalid(KEYS, text, allowed + " (" + part.trim() + " is not)");
            }
            if (!seen.add(k)) {
                throw ConfigException.invalid(KEYS, text, allowed + " (" + part.trim() + " is listed twice)");
            }
            keys.add(k);
        }
        return keys;
    }

    private static List<String> parseAddresses(String text) {
        List<String> out = new ArrayList<>();
        if (text.isEmpty()) {
            return out;
        }
        for (String part : text.split(",", -1)) {
            String a = part.trim();
            int colon = a.lastIndexOf(':');
            boolean ok = colon > 0 && colon < a.length() - 1;
            if (ok) {
                try {
                    int port = Integer.parseInt(a.substring(colon + 1));
                    ok = port > 0 && port <= 65_535;
                } catch (NumberFormatException e) {
                    ok = false;
                }
            }
            if (!ok) {
                throw ConfigException.invalid(CLUSTER, text, "expected HOST:PORT of a cluster member, comma-separated,"
                        + " such as 10.0.0.5:5701,10.0.0.6:5701");
            }
            out.add(a);
        }
        return out;
    }

    /** The one key count of a benchmark JVM's point: the first listed. */
    public long pointKeys() {
        return keys.get(0);
    }

    /** {@code 10,000 events/s; 10s window sliding every 10ms}. */
    public String describeLoad() {
        return String.format(Locale.ROOT, "%,d events/s, counted per key over a %s window sliding every %s (%,d"
                + " result sets/s)", ratePerSec, Units.formatDuration(windowNs), Units.formatDuration(slideNs),
                TimeUnit.SECONDS.toNanos(1) / slideNs);
    }
}
