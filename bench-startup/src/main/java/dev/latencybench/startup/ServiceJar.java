package dev.latencybench.startup;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Where the build puts the services' jars: {@code startup-service/} beside the study's jar or classes,
 * {@link #FILE} for the minimal service and the responder, {@link #MICRONAUT_FILE} for Micronaut.
 */
final class ServiceJar {
    static final String FILE = "startup-service.jar";
    static final String MICRONAUT_FILE = "startup-micronaut.jar";

    private ServiceJar() {
    }

    static Path defaultJar(String file) {
        Path fallback = Path.of("bench-startup", "target", "startup-service", file).toAbsolutePath();
        CodeSource source = ServiceJar.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return fallback;
        }
        try {
            Path parent = Path.of(source.getLocation().toURI()).getParent(); // target/ for classes/ and benchmarks.jar
            return parent == null ? fallback : parent.resolve("startup-service").resolve(file);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return fallback;
        }
    }
}
