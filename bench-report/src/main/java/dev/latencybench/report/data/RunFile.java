package dev.latencybench.report.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;

/**
 * Reads one JSON file of a run folder and, where it cannot, says in one line what is wrong with it, naming the file,
 * instead of tracing the parser's exception. Stateless.
 */
public final class RunFile {
    /** {@code java.lang.NumberFormatException: }: the class a library's message starts with, said to no user. */
    private static final Pattern CLASS_PREFIX = Pattern.compile("^(?:[a-z_][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*: ");

    private RunFile() {
    }

    /** A file of the run that cannot be read; the message names the file and what is wrong, in one line. */
    public static final class Unreadable extends IOException {
        private static final long serialVersionUID = 1L;

        Unreadable(DamagedFile e) {
            super(e.getMessage(), e);
        }
    }

    /** The file's JSON object; the message of one that is not is {@link JsonCodec}'s, as for every file of a run. */
    public static JsonObject readObject(Path file) throws Unreadable {
        try {
            return JsonCodec.readObject(file);
        } catch (DamagedFile e) {
            throw new Unreadable(e);
        }
    }

    /** A value of a file that parsed but is not as the suite writes it: the file and what was found. */
    static String notAsWritten(Path file, RuntimeException e) {
        if (e instanceof MemberProblem) {
            return DamagedFile.of(file, (MemberProblem) e).getMessage();
        }
        return file + " is not as the suite writes it (" + oneLine(e) + ")";
    }

    /** An exception as one line: its message's first line without exception class names, else where it was thrown. */
    public static String oneLine(Exception e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            StackTraceElement[] at = e.getStackTrace();
            return "an error without a message" + (at.length == 0 ? "" : " at " + at[0]);
        }
        String line = message.lines().findFirst().orElse(message);
        for (Matcher m = CLASS_PREFIX.matcher(line); m.find(); m = CLASS_PREFIX.matcher(line)) {
            line = line.substring(m.end());
        }
        return line;
    }
}
