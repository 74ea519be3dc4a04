package dev.latencybench.runner.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a file or folder could be written at a path, checked before anything starts and without
 * creating anything: its nearest existing ancestor must be a folder this process may write in.
 * {@link Files#isWritable} asks the kernel, so a read-only file system refuses even root. Stateless.
 */
public final class WritablePath {
    private WritablePath() {
    }

    /**
     * @param path an absolute, normalized path that may not exist yet
     * @return null when it can be written (or created), else why not, as a sentence fragment
     */
    public static String problem(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return "no part of it exists";
        }
        if (existing.equals(path)) { // a file is replaced through a temporary file beside it
            Path folder = Files.isDirectory(path) ? path : path.getParent();
            return Files.isWritable(folder) ? null : folder + " is not writable";
        }
        if (!Files.isDirectory(existing)) {
            return existing + " is a file, so nothing can be created under it";
        }
        return Files.isWritable(existing) ? null : existing + " is not writable";
    }
}
