package dev.latencybench.startup;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the build puts the services' jars: {@code startup-service/} beside the study's jar or classes, else under
 * the working folder's or the project's {@code target/}.
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
            }
        }
        for (String dir : List.of("target", "bench-runner/target", "bench-startup/target")) {
            candidates.add(Path.of(dir, FOLDER, file).toAbsolutePath());
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElse(candidates.get(0));
    }
}
