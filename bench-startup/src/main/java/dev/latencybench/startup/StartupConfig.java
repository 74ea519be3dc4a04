package dev.latencybench.startup;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.study.RunSettings;

/**
 * The start-up study's settings, checked before anything starts. {@code bench.duration} is a fork's budget, not a
 * measured length; there is no warm-up, since every launch is cold by design. {@code java} is the JDK the cell
 * measures ({@code bench.jvm}). Immutable.
 */
record StartupConfig(Periods periods, List<String> services, List<StartMode> modes, boolean floor, int repetitions,
                     long timeoutNs, int port, int batchRequests, int batches, int concurrency, long openRatePerSec,
                     long openDurationNs, Path cacheDir, String cacheDirGiven, Path serviceJar,
                     Path micronautJar, Path java) {
    static final String SERVICES = "bench.startup.services";
    static final String MODES = "bench.startup.modes";
    static final String FLOOR = "bench.startup.floor";
    static final String REPETITIONS = "bench.startup.repetitions";
    static final String TIMEOUT = "bench.startup.timeout";
    static final String PORT = "bench.startup.port";
    static final String BATCH = "bench.startup.batch";
    static final String BATCHES = "bench.startup.batches";
    static final String CONCURRENCY = "bench.startup.concurrency";
    static final String RATE = "bench.startup.rate";
    static final String OPEN_DURATION = "bench.startup.open.duration";
    static final String CACHE = "bench.startup.cache";
    static final String SERVICE_JAR = "bench.startup.service.jar";
    static final String MICRONAUT_JAR = "bench.startup.micronaut.jar";

    /** No warm-up; the measured period's budget: smoke 3 min, standard 30 min, paper 2 h. */
    static final RunLength LENGTH = RunLength.of(0, TimeUnit.MINUTES.toNanos(3), 0, TimeUnit.MINUTES.toNanos(30), 0,
            TimeUnit.HOURS.toNanos(2));

    private static final Property SERVICES_PROPERTY = Property.subset(SERVICES, Variant.SERVICES, Variant.SERVICES,
            "service");
    private static final Property MODES_PROPERTY = Property.subset(MODES, StartMode.ids(), StartMode.ids(),
            "start-up variant");
    private static final Property FLOOR_PROPERTY = Property.flag(FLOOR, true, "also run the responder (a process"
            + " that only opens the port and answers) with plain java -jar: the floor of the start-up and of the load"
            + " generator");
    private static final Property TIMEOUT_PROPERTY = Property.duration(TIMEOUT, TimeUnit.SECONDS.toNanos(60),
            TimeUnit.SECONDS.toNanos(1), TimeUnit.MINUTES.toNanos(30), "how long a launched service may take to"
                    + " answer its first 200 (and a training run to end) before it counts as failed");
    private static final Property PORT_PROPERTY = Property.count(PORT, 0, 0, 65_535, "the port of the services, on"
            + " 127.0.0.1 (0: a free one per launch)");
    private static final Property CONCURRENCY_PROPERTY = Property.count(CONCURRENCY, 50, 1, 1_000,
            "connections the closed loop keeps busy at once");

    /** Every property {@link #read} reads, with its defaults at {@code scale}. */
    static List<Property> properties(Scale scale) {
        List<Property> all = new ArrayList<>(Periods.properties(scale, LENGTH));
        all.addAll(List.of(SERVICES_PROPERTY, MODES_PROPERTY, FLOOR_PROPERTY, repetitionsProperty(scale),
                TIMEOUT_PROPERTY, PORT_PROPERTY, batchProperty(scale), batchesProperty(scale), CONCURRENCY_PROPERTY,
                rateProperty(scale), openDurationProperty(scale), cacheProperty(), serviceJarProperty(),
                micronautJarProperty()));
        return Collections.unmodifiableList(all);
    }

    private static Property repetitionsProperty(Scale scale) {
        return Property.count(REPETITIONS, scale == Scale.PAPER ? 100 : scale == Scale.SMOKE ? 2 : 20, 1, 10_000,
                "launches per variant, each measured to its first 200 and stopped");
    }

    private static Property batchProperty(Scale scale) {
        return Property.count(BATCH, scale == Scale.SMOKE ? 1_000 : 10_000, 100, 10_000_000,
                "requests per closed-loop batch");
    }

    private static Property batchesProperty(Scale scale) {
        return Property.count(BATCHES, scale == Scale.SMOKE ? 3 : 8, 1, 1_000, "closed-loop batches: the first is"
                + " the cold figure, the last the warm one (the study's warm batch came after 70,000 requests: 8 of"
                + " 10,000)");
    }

    private static Property rateProperty(Scale scale) {
        return Property.count(RATE, scale == Scale.SMOKE ? 500 : 2_000, 1, 1_000_000,
                "requests per second of the open loop");
    }

    private static Property openDurationProperty(Scale scale) {
        return Property.duration(OPEN_DURATION, scale == Scale.SMOKE ? TimeUnit.SECONDS.toNanos(1)
                : scale == Scale.PAPER ? TimeUnit.SECONDS.toNanos(60) : TimeUnit.SECONDS.toNanos(10),
                TimeUnit.MILLISECONDS.toNanos(100), TimeUnit.HOURS.toNanos(1),
                "how long the open loop runs at its fixed rate, after the closed loop");
    }

    private static Property cacheProperty() {
        return Property.text(CACHE, Path.of(System.getProperty("java.io.tmpdir"), "lb-startup-cache").toString(),
                "folder of the CDS archives, AOT caches and native images, kept between runs (one per JDK, flags"
                        + " and service jar; a stale one is rebuilt)");
    }

    private static Property serviceJarProperty() {
        return Property.text(SERVICE_JAR, ServiceJar.defaultJar(ServiceJar.FILE).toString(),
                "the minimal service's and the responder's runnable jar (built by bench-startup-service)");
    }

    private static Property micronautJarProperty() {
        return Property.text(MICRONAUT_JAR, ServiceJar.defaultJar(ServiceJar.MICRONAUT_FILE).toString(),
                "the Micronaut service's runnable jar (built by bench-startup-micronaut)");
    }

    static StartupConfig read(BenchProperties p) {
        Periods periods = Periods.read(p, Scale.SMOKE, LENGTH);
        Scale scale = periods.scale;
        List<String> services = p.subset(SERVICES_PROPERTY);
        List<String> modeIds = p.subset(MODES_PROPERTY);
        List<StartMode> modes = new ArrayList<>();
        modeIds.forEach(m -> modes.add(StartMode.of(m)));
        boolean floor = p.bool(FLOOR_PROPERTY);
        int repetitions = (int) p.count(repetitionsProperty(scale));
        long timeout = p.durationNs(TIMEOUT_PROPERTY);
        int port = (int) p.count(PORT_PROPERTY);
        int batch = (int) p.count(batchProperty(scale));
        int batches = (int) p.count(batchesProperty(scale));
        int concurrency = (int) p.count(CONCURRENCY_PROPERTY);
        long rate = p.count(rateProperty(scale));
        long open = p.durationNs(openDurationProperty(scale));
        String cacheGiven = p.string(cacheProperty());
        Path cache = cacheDir(cacheGiven);
        Path jar = serviceJar(SERVICE_JAR, p.string(serviceJarProperty()));
        String micronaut = p.string(micronautJarProperty());
        Path micronautJar = services.contains(Variant.MICRONAUT) ? serviceJar(MICRONAUT_JAR, micronaut)
                : Path.of(micronaut);
        Path java = RunSettings.read(p, RunSettings.DEFAULT_RESULTS).java; // the JDK the cell measures
        return new StartupConfig(periods, services, modes, floor, repetitions, timeout, port, batch, batches,
                concurrency, rate, open, cache, cacheGiven, jar, micronautJar, java);
    }

    /** The variants in the order they run: the floor first, then each service in each mode. */
    List<Variant> variants() {
        List<Variant> all = new ArrayList<>();
        if (floor) {
            all.add(new Variant(Variant.RESPONDER, StartMode.JVM));
        }
        for (String s : services) {
            for (StartMode m : modes) {
                all.add(new Variant(s, m));
            }
        }
        return all;
    }

    /** Requests of the closed loop before the warm batch, e.g. 70,000. */
    long requestsBeforeWarm() {
        return (long) batchRequests * (batches - 1);
    }

    /**
     * Checks that a fixed port is free and makes the archives' folder; removes nothing.
     * @throws ConfigException naming the property when the port is taken or the folder cannot be made
     */
    List<String> prepare() {
        if (port != 0) {
            checkFree(port);
        }
        makeCacheDir(cacheDir, cacheDirGiven);
        return List.of();
    }

    private static void checkFree(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            s.getLocalPort();
        } catch (IOException e) {
            throw ConfigException.invalid(PORT, Integer.toString(port), "127.0.0.1:" + port + " is taken ("
                    + e.getMessage() + "); give a free port, or 0 for a free one per launch");
        }
    }

    private static Path cacheDir(String raw) {
        try {
            return Path.of(raw).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw ConfigException.invalid(CACHE, raw, "cannot make the folder (" + e.getMessage() + "); give a"
                    + " writable folder");
        }
    }

    private static void makeCacheDir(Path dir, String raw) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw ConfigException.invalid(CACHE, raw, "cannot make the folder (" + e.getMessage() + "); give a"
                    + " writable folder");
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.invalid(CACHE, raw, "the folder is not writable; give a writable folder");
        }
    }

    /** The jar of a service kind. */
    Path jar(String service) {
        return service.equals(Variant.MICRONAUT) ? micronautJar : serviceJar;
    }

    private static Path serviceJar(String property, String raw) {
        Path jar;
        try {
            jar = Path.of(raw).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw ConfigException.invalid(property, raw, ConfigException.pathProblem(e));
        }
        if (!Files.isRegularFile(jar)) {
            throw ConfigException.invalid(property, raw, "no such file; build it with ./mvnw -pl bench-startup"
                    + " -am package (it goes to bench-startup/target/startup-service/" + jar.getFileName() + ")");
        }
        return jar;
    }
}
