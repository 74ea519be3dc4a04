package dev.latencybench.report.data;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * Reads one JSON file of a run folder and, where it cannot, says in one line what is wrong with it (missing, empty,
 * cut short, not JSON, not an object), naming the file: the report names a damaged file instead of tracing the
 * parser's exception. Stateless.
 */
public final class RunFile {
    /** {@code java.lang.NumberFormatException: }: the class a library's message starts with, said to no user. */
    private static final Pattern CLASS_PREFIX = Pattern.compile("^(?:[a-z_][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*: ");
    /** Where Gson's messages say the parser stopped: {@code at line 1 column 23}. */
    private static final Pattern WHERE = Pattern.compile("at line (\\d+) column (\\d+)");

    private RunFile() {
    }

    /** A file of the run that cannot be read; the message names the file and what is wrong, in one line. */
    public static final class Unreadable extends IOException {
        private static final long serialVersionUID = 1L;

        Unreadable(Path file, String what) {
            super(file + " " + what);
        }
    }

    /** The file's JSON object. */
    public static JsonObject readObject(Path file) throws Unreadable {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new Unreadable(file, "is missing");
        } catch (AccessDeniedException e) {
            throw new Unreadable(file, "cannot be read (permission denied)");
        } catch (IOException e) {
            throw new Unreadable(file, "cannot be read (" + e.getMessage() + ")");
        }
        if (text.isBlank()) {
            throw new Unreadable(file, "is empty");
        }
        JsonElement json;
        try {
            json = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new Unreadable(file, syntax(e));
        }
        if (!json.isJsonObject()) {
            throw new Unreadable(file, "holds no JSON object");
        }
        return json.getAsJsonObject();
    }

    /** What a parse error says about the file: cut short (the input ends inside a value), or not JSON, and where. */
    static String syntax(JsonParseException e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        String message = cause.getMessage() == null ? "" : cause.getMessage();
        Matcher m = WHERE.matcher(message);
        String where = m.find() ? " at line " + m.group(1) + " column " + m.group(2) : "";
        if (cause instanceof EOFException || message.startsWith("Unterminated") || message.startsWith("End of input")) {
            return "is cut short (it ends inside a value" + where + ")";
        }
        return "is not JSON" + (where.isEmpty() ? "" : " (the parser stops" + where + ")");
    }

    /** A value of a file that parsed but is not as the suite writes it: the file and what was found. */
    static String notAsWritten(Path file, RuntimeException e) {
        return file + " is not as the suite writes it (" + oneLine(e) + ")";
    }

    /**
     * An exception as one line for the user: its message's first line without the names of exception classes
     * (a library's message often starts with its cause's), or where it was thrown when it has no message.
     */
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
