package dev.latencybench.startup;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;

/** Where the build puts the services' jar: {@code startup-service/} beside the study's jar or classes. */
final class ServiceJar {
    static final String FILE = "startup-service.jar";

    private ServiceJar() {
    }

    static Path defaultJar() {
        Path fallback = Path.of("bench-startup", "target", "startup-service", FILE).toAbsolutePath();
        CodeSource source = ServiceJar.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return fallback;
        }
        try {
            Path parent = Path.of(source.getLocation().toURI()).getParent(); // target/ for classes/ and benchmarks.jar
            return parent == null ? fallback : parent.resolve("startup-service").resolve(FILE);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return fallback;
        }
    }
}
