package dev.latencybench.runner;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.runner.cli.ListOption;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmCatalog;
import dev.latencybench.runner.jvm.JvmDiscovery;
import dev.latencybench.runner.jvm.JvmProber;

/** What the commands share: the console, the {@code bench.*} properties, and lazily the scenarios and JVMs. */
final class Context {
    final PrintStream out;
    final PrintStream err;
    final Map<String, String> systemBenchProperties;
    /** Where the machine's locks are ({@code java.io.tmpdir}, as for JMH); a test's own folder in tests. */
    final Path tmpDir;
    private final JvmDiscovery discovery;
    private final Path cacheFile;
    private final GraalJit graal;
    private final Path ownJava;
    private JvmProber prober;
    private Scenarios scenarios;

    Context(PrintStream out, PrintStream err, Map<String, String> systemBenchProperties, JvmDiscovery discovery,
            Path cacheFile, GraalJit graal, Path ownJava, Path tmpDir) {
        this.out = out;
        this.err = err;
        this.systemBenchProperties = systemBenchProperties;
        this.discovery = discovery;
        this.cacheFile = cacheFile;
        this.graal = graal;
        this.ownJava = ownJava;
        this.tmpDir = tmpDir;
    }

    static Context system() {
        Map<String, String> props = new LinkedHashMap<>();
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("bench.")).sorted()
                .forEach(k -> props.put(k, System.getProperty(k)));
        return new Context(System.out, System.err, props, JvmDiscovery.system(),
                JvmProber.defaultCacheFile(System.getenv(), Path.of(System.getProperty("user.home"))),
                graalJit(), Path.of(System.getProperty("java.home"), "bin", "java"),
                Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** The Graal compiler jars: {@code -Dlatencybench.graal.dir}, else the {@code graal/} folder beside bench.jar. */
    static GraalJit graalJit() {
        String dir = System.getProperty("latencybench.graal.dir");
        if (dir != null && !dir.isBlank()) {
            return new GraalJit(Path.of(dir));
        }
        try {
            java.security.CodeSource source = Context.class.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation() != null) {
                return GraalJit.beside(Path.of(source.getLocation().toURI()));
            }
        } catch (URISyntaxException | RuntimeException e) {
            // no Graal variants is a listed reason, not a failure
        }
        return new GraalJit(Path.of("bench-runner", "target", "graal").toAbsolutePath());
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

    /**
     * The JVMs {@code --jvms} names ({@code current} without it) among those found and those added with {@code --jvm}.
     * @throws IllegalArgumentException for a name that matches no JVM, or one that matches several
     */
    List<Jvm> jvms(String jvmList, List<String> explicitJvms, boolean refresh) {
        JvmCatalog catalog = catalog(explicitJvms, refresh);
        List<String> asked = new ArrayList<>(ListOption.list(jvmList, "current"));
        for (String explicit : explicitJvms) {
            String name = explicit.substring(0, Math.max(0, explicit.indexOf('=')));
            if (jvmList == null && !asked.contains(name)) {
                asked.add(name);
            }
        }
        return catalog.resolve(asked);
    }

    Scenarios scenarios() {
        if (scenarios == null) {
            scenarios = Scenarios.discover();
        }
        return scenarios;
    }
}
