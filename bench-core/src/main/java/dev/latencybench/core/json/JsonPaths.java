package dev.latencybench.core.json;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Gson's paths ({@code $.jdk.maxHeapBytes}, {@code $.pinning[1]}) as members ({@code jdk.maxHeapBytes}). Stateless. */
final class JsonPaths {
    /** Where Gson's own messages say the reader was: {@code ... at path $.cells[0].status}. */
    private static final Pattern PATH = Pattern.compile("path (\\$\\S*)");
    /** Gson's message for a value of another kind: {@code Expected BEGIN_ARRAY but was STRING}. */
    private static final Pattern EXPECTED = Pattern.compile("Expected (\\w+) but was (\\w+)");

    private JsonPaths() {
    }

    /** {@code $.a.b[2]} as {@code a.b[2]}; {@code $} as empty. */
    static String member(String gsonPath) {
        if (gsonPath == null || gsonPath.equals("$")) {
            return "";
        }
        String p = gsonPath.startsWith("$.") ? gsonPath.substring(2) : gsonPath.substring(1);
        return p;
    }

    /**
     * A problem Gson's own adapters (objects, lists, maps) reported, in words: {@code Expected BEGIN_ARRAY but was
     * STRING at path $.vmFlags} is member {@code vmFlags} {@code is not a list (it is a string)}.
     */
    static MemberProblem fromGson(RuntimeException e) {
        String message = deepest(e);
        Matcher where = PATH.matcher(message);
        String member = where.find() ? member(where.group(1)) : "";
        Matcher kinds = EXPECTED.matcher(message);
        String problem = kinds.find() ? "is not " + kind(kinds.group(1)) + " (it is " + kind(kinds.group(2)) + ")"
                : "cannot be read (" + message.lines().findFirst().orElse(message) + ")";
        return new MemberProblem(member, problem);
    }

    private static String deepest(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** A Gson token's name in words. */
    static String kind(String token) {
        switch (token) {
            case "BEGIN_OBJECT":
                return "an object";
            case "BEGIN_ARRAY":
                return "a list";
            case "STRING":
                return "text";
            case "NUMBER":
                return "a number";
            case "BOOLEAN":
                return "true or false";
            case "NULL":
                return "null";
            default:
                return token.toLowerCase(java.util.Locale.ROOT);
        }
    }
}
