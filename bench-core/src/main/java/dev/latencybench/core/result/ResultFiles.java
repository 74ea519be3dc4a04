package dev.latencybench.core.result;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Writes result files atomically (a temporary name in the same folder, then a rename), so a reader
 * or an interrupted run never sees half a file; and reads them back. Stateless.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    public static void writeJson(Path file, JsonElement json) throws IOException {
        writeString(file, dev.latencybench.core.json.JsonCodec.pretty(json) + "\n");
    }

    public static void writeString(Path file, String text) throws IOException {
        write(file, tmp -> Files.write(tmp, text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Fills a file; given the temporary path to write. */
    public interface Content {
        void writeTo(Path tmp) throws IOException;
    }

    /**
     * Writes {@code file} through a temporary name beside it, then renames it: a failure (a full disk,
     * say) leaves neither a half-written file under the final name nor the temporary one, and the
     * exception names the file and says when its file system is full.
     */
    public static void write(Path file, Content content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            content.writeTo(tmp);
            moveAtomically(tmp, file);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the folder itself is unwritable: there is no temporary file to remove
            }
            throw cannotWrite(file, e);
        }
    }

    /**
     * What {@link #cannotWrite} says of a file system that is full; the launcher and the runner read it in a
     * message to stop a run whose results can no longer be written, instead of running the next steps for nothing.
     */
    public static final String DISK_FULL = "the disk is full";

    /** Whether a message (a reason, a console line) says a results file could not be written for a full disk. */
    public static boolean saysDiskFull(String message) {
        return message != null && message.contains(DISK_FULL);
    }

    /**
     * {@code cannot write <file>: <why>}, and where the file system is full, which one: a full disk
     * is the usual reason results cannot be written, and the bare "No space left on device" does not
     * say where.
     */
    public static IOException cannotWrite(Path file, IOException e) {
        if (e instanceof CannotWrite) {
            return e;
        }
        String why = e instanceof FileSystemException && ((FileSystemException) e).getReason() != null
                ? ((FileSystemException) e).getReason() : e.getMessage();
        if (why == null) {
            why = e.getClass().getSimpleName();
        }
        String message = "cannot write " + file + ": " + why;
        if (why.contains("No space left on device") || why.contains("Disk quota exceeded")) {
            Path dir = file.toAbsolutePath().getParent();
            message += " (" + DISK_FULL + ": the file system of " + dir + usableSpace(dir) + ")";
        }
        return new CannotWrite(message, e);
    }

    private static String usableSpace(Path dir) {
        try {
            return String.format(Locale.ROOT, " has %,d bytes free", Files.getFileStore(dir).getUsableSpace());
        } catch (IOException | RuntimeException e) {
            return " has no room left";
        }
    }

    /** An {@link IOException} whose message already names the file that could not be written. */
    private static final class CannotWrite extends IOException {
        private static final long serialVersionUID = 1L;

        CannotWrite(String message, IOException cause) {
            super(message, cause);
        }
    }

    /** Renames {@code from} to {@code to} in one step where the file system allows it. */
    public static void moveAtomically(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    public static JsonObject readJson(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return JsonParser.parseReader(r).getAsJsonObject();
        } catch (RuntimeException e) {
            throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
