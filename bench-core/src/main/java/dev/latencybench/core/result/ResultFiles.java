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

/** Writes result files atomically (a temporary name, then a rename), so no reader sees half a file; reads them back. */
public final class ResultFiles {
    private ResultFiles() {
    }

    public static void writeJson(Path file, JsonElement json) throws IOException {
        writeString(file, dev.latencybench.core.json.JsonCodec.pretty(json) + "\n");
    }

    public static void writeString(Path file, String text) throws IOException {
        write(file, tmp -> Files.write(tmp, text.getBytes(StandardCharsets.UTF_8)));
    }

    public interface Content {
        void writeTo(Path tmp) throws IOException;
    }

    /**
     * Writes {@code file} through a temporary name beside it, then renames it; a failure leaves neither file behind,
     * and the exception names the file and says when its file system is full.
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

    /** What {@link #cannotWrite} says of a full file system, so callers can stop a run that can no longer write. */
    public static final String DISK_FULL = "the disk is full";

    /** Whether a message (a reason, a console line) says a results file could not be written for a full disk. */
    public static boolean saysDiskFull(String message) {
        return message != null && message.contains(DISK_FULL);
    }

    /** {@code cannot write <file>: <why>}, naming the full file system, which "No space left on device" does not. */
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
