package dev.latencybench.runner;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmCatalog;
import dev.latencybench.runner.jvm.JvmDiscovery;
import dev.latencybench.runner.jvm.JvmProber;

/**
 * What the commands share: the console, the {@code bench.*} system properties, and lazily the
 * scenarios on the class path, the JVM prober (with its cache) and the discovered JVMs. Tests
 * build one over a fake JDK tree and a temporary cache.
 */
final class Context {
    final PrintStream out;
    final PrintStream err;
    final Map<String, String> systemBenchProperties;
    private final JvmDiscovery discovery;
    private final Path cacheFile;
    private final GraalJit graal;
    private final Path ownJava;
    private JvmProber prober;
    private Scenarios scenarios;

    Context(PrintStream out, PrintStream err, Map<String, String> systemBenchProperties, JvmDiscovery discovery,
            Path cacheFile, GraalJit graal, Path ownJava) {
        this.out = out;
        this.err = err;
        this.systemBenchProperties = systemBenchProperties;
        this.discovery = discovery;
        this.cacheFile = cacheFile;
        this.graal = graal;
        this.ownJava = ownJava;
    }

    static Context system() {
        Map<String, String> props = new LinkedHashMap<>();
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("bench.")).sorted()
                .forEach(k -> props.put(k, System.getProperty(k)));
        return new Context(System.out, System.err, props, JvmDiscovery.system(),
                JvmProber.defaultCacheFile(System.getenv(), Path.of(System.getProperty("user.home"))),
                GraalJit.beside(codeLocation()), Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    /** bench.jar, or target/classes when run from the build. */
    static Path codeLocation() {
        try {
            return Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    JvmProber prober() {
        if (prober == null) {
            prober = new JvmProber(cacheFile, graal);
        }
        return prober;
    }

    JvmCatalog catalog(List<String> explicit, boolean refresh) {
        return JvmCatalog.build(discovery.candidates(explicit), prober(), graal, ownJava, refresh);
    }

    Scenarios scenarios() {
        if (scenarios == null) {
            scenarios = Scenarios.discover();
        }
        return scenarios;
    }
}
