package dev.latencybench.startup;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the build puts the services' jars ({@link #FILE} for the minimal service and the responder,
 * {@link #MICRONAUT_FILE} for Micronaut): {@code startup-service/} beside the jar or classes the study
 * runs from ({@code bench-startup/target/} or {@code bench-runner/target/}); or, when the study's
 * classes come from elsewhere (a Maven repository, in the runner's tests), under the working folder's
 * {@code target/} or the project's {@code bench-runner/target/} and {@code bench-startup/target/}.
 */
final class ServiceJar {
    static final String FILE = "startup-service.jar";
    static final String MICRONAUT_FILE = "startup-micronaut.jar";
    static final String FOLDER = "startup-service";

    private ServiceJar() {
    }

    /** The first of the places above that holds {@code file}; the first place when none does (the error names it). */
    static Path defaultJar(String file) {
        List<Path> candidates = new ArrayList<>();
        CodeSource source = ServiceJar.class.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
            try {
                Path parent = Path.of(source.getLocation().toURI()).getParent(); // target/ for classes/ and a jar
                if (parent != null) {
                    candidates.add(parent.resolve(FOLDER).resolve(file));
                }
            } catch (URISyntaxException | IllegalArgumentException e) {
                // not a file: only the places below
            }
        }
        for (String dir : List.of("target", "bench-runner/target", "bench-startup/target")) {
            candidates.add(Path.of(dir, FOLDER, file).toAbsolutePath());
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElse(candidates.get(0));
    }
}
