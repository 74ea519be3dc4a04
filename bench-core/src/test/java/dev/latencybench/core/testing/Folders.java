package dev.latencybench.core.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.stream.Stream;

/** Folders for tests: a run copied whole, to be rendered again or kept for decoding. Stateless. */
public final class Folders {
    private Folders() {
    }

    /** Copies {@code from} and everything under it to {@code to}, replacing any file already there. */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Iterator<Path> it = s.iterator(); it.hasNext(); ) {
                Path p = it.next();
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
