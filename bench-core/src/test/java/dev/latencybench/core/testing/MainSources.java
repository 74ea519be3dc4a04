package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Every main Java file of every module of the checkout, for tests that read the suite's own code. Stateless. */
public final class MainSources {
    private MainSources() {
    }

    /** The {@code src/main/java} files under the checkout's root, sorted; fails where fewer than 100 are found. */
    public static List<Path> files() throws IOException {
        Path root = CommittedRuns.results().getParent();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root, 12)) {
            files = s.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
                    && !p.toString().contains("/target/")).sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() > 100, files.size() + " main files under " + root);
        return files;
    }
}
