package dev.latencybench.launch;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a file or folder could be written at a path, checked before anything starts and leaving
 * nothing behind: its nearest existing ancestor must be a folder this process may write in, and one in
 * which a file can really be made (tried, then removed). {@link Files#isWritable} asks the kernel, so a
 * read-only file system refuses even root; the try catches what the kernel allows and still refuses,
 * such as {@code /proc}. Stateless.
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
            return writable(Files.isDirectory(path) ? path : path.getParent());
        }
        if (!Files.isDirectory(existing)) {
            return existing + " is a file, so nothing can be created under it";
        }
        return writable(existing);
    }

    /**
     * Whether a file can be made in {@code folder}: the kernel's answer, then a real try, since a folder such as
     * {@code /proc} passes {@link Files#isWritable} for root and still refuses every new file. The file tried is
     * removed at once.
     */
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
