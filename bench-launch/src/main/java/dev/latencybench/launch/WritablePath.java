package dev.latencybench.launch;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a file or folder could be written at a path, checked up front by really making and removing a file in its
 * nearest existing folder. Stateless.
 */
public final class WritablePath {
    private WritablePath() {
    }

    /** Returns null when the absolute, normalized {@code path} can be written or created, else why not. */
    public static String problem(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return "no part of it exists";
        }
        if (existing.equals(path)) { // a file is replaced through a temporary file beside it
            return writable(Files.isDirectory(path) ? path : path.getParent());
        }
        if (!Files.isDirectory(existing)) {
            return existing + " is a file, so nothing can be created under it";
        }
        return writable(existing);
    }

    /** Whether a file can be made in {@code folder}: the kernel's answer, then a real try, since {@code /proc} lies. */
    private static String writable(Path folder) {
        if (!Files.isWritable(folder)) {
            return folder + " is not writable";
        }
        try {
            Files.delete(Files.createTempFile(folder, ".latency-bench-probe-", ".tmp"));
            return null;
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            String why = e instanceof java.nio.file.FileSystemException && ((java.nio.file.FileSystemException) e)
                    .getReason() != null ? ((java.nio.file.FileSystemException) e).getReason()
                    : e.getClass().getSimpleName(); // the message would name the probe's file, which never existed
            return "no file can be made in " + folder + " (" + why + ")";
        }
    }
}
