package dev.latencybench.core.json;

import java.io.EOFException;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The one way the suite maps its files to types and back: a file is one type whose fields are its members, each named
 * once; an {@link Others} field keeps the members the type does not name, scalars are read strictly, null fields are
 * left out. A value not as the type says gives a {@link MemberProblem}, or from a file a {@link DamagedFile} naming
 * the file and member. Thread-safe; not for a hot path (it reflects).
 */
public final class JsonCodec {
    private static final Gson GSON = new GsonBuilder()
            .registerTypeAdapterFactory(new Scalars())
            .registerTypeAdapterFactory(new StringMaps())
            .registerTypeAdapterFactory(new OthersFactory())
            .serializeSpecialFloatingPointValues()
            .disableHtmlEscaping()
            .create();
    /** Files as people read them: indented, a member a line; NaN and infinities kept. */
    private static final Gson PRETTY = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();
    /** Where Gson's parser says it stopped: {@code at line 1 column 23}. */
    private static final Pattern WHERE = Pattern.compile("at line (\\d+) column (\\d+)");

    private JsonCodec() {
    }

    /** The value of {@code json} as {@code type}; null for JSON null. */
    public static <T> T fromJson(JsonElement json, Class<T> type) {
        return fromJson(json, (Type) type);
    }

    /** As above, for a generic type such as {@code List<Step>}. */
    public static <T> T fromJson(JsonElement json, Type type) {
        try {
            return GSON.fromJson(json, type);
        } catch (MemberProblem p) {
            throw p;
        } catch (JsonParseException | IllegalStateException e) {
            throw JsonPaths.fromGson(e);
        }
    }

    /** The value's members as JSON, in its fields' order, then its {@link Others}. */
    public static JsonElement toJson(Object value) {
        return GSON.toJsonTree(value);
    }

    /** {@code json} as the text of a file people read: indented, a member a line, nothing HTML-escaped. */
    public static String pretty(JsonElement json) {
        return PRETTY.toJson(json);
    }

    /** The value's members as JSON, for a generic type. */
    public static JsonElement toJson(Object value, Type type) {
        return GSON.toJsonTree(value, type);
    }

    /** The object's members as JSON. */
    public static JsonObject toJsonObject(Object value) {
        return GSON.toJsonTree(value).getAsJsonObject();
    }

    /** Adds the value's members to {@code into} after those it has (replacing any of the same name in place). */
    public static void addMembers(JsonObject into, Object value) {
        toJsonObject(value).entrySet().forEach(e -> into.add(e.getKey(), e.getValue()));
    }

    /** The members {@code type} names, alternates included; for a file whose members several types share. */
    public static Set<String> memberNames(Class<?> type) {
        return OthersFactory.knownNames(type, OthersFactory.othersField(type));
    }

    /** {@code file}'s JSON as {@code type}; a file that is not throws a {@link DamagedFile} naming the member. */
    public static <T> T read(Path file, Class<T> type) throws DamagedFile {
        return fromJson(file, readTree(file), type);
    }

    public static <T> T fromJson(Path file, JsonElement json, Class<T> type) throws DamagedFile {
        try {
            T value = fromJson(json, type);
            if (value == null) {
                throw new DamagedFile(file, "holds no JSON object", null, null);
            }
            return value;
        } catch (MemberProblem p) {
            throw DamagedFile.of(file, p);
        }
    }

    /** {@code file}'s JSON object; one that is missing, empty, cut short or not JSON, a {@link DamagedFile}. */
    public static JsonObject readObject(Path file) throws DamagedFile {
        JsonElement json = readTree(file);
        if (!json.isJsonObject()) {
            throw new DamagedFile(file, "holds no JSON object", null, null);
        }
        return json.getAsJsonObject();
    }

    /** {@code file}'s JSON; one that is missing, empty, cut short or not JSON, a {@link DamagedFile}. */
    public static JsonElement readTree(Path file) throws DamagedFile {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new DamagedFile(file, "is missing", null, e);
        } catch (AccessDeniedException e) {
            throw new DamagedFile(file, "cannot be read (permission denied)", null, e);
        } catch (IOException e) {
            throw new DamagedFile(file, "cannot be read (" + e.getMessage() + ")", null, e);
        }
        if (text.isBlank()) {
            throw new DamagedFile(file, "is empty", null, null);
        }
        try {
            return JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new DamagedFile(file, syntax(e), null, e);
        }
    }

    /** What a parse error says: cut short (the input ends inside a value) or not JSON, and where. */
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
}
