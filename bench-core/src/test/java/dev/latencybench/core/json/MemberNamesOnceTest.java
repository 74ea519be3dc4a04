package dev.latencybench.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.testing.CommittedRuns;
import dev.latencybench.core.testing.MainSources;

/**
 * The grep-able check that a JSON member is named once, as a field of its type, and never as text in
 * {@code src/main}: in every main source file of every module, no member is looked up, tested,
 * removed or added by a string literal ({@code .get("x")}, {@code .has("x")}, {@code .remove("x")},
 * {@code getAsJsonObject("x")}, {@code getAsJsonArray("x")}, {@code addProperty("x", ...)}). The same check by hand:
 * {@code grep -rnE '\.(get|has|remove|getAsJsonObject|getAsJsonArray|getAsJsonPrimitive)\("|addProperty\("'}
 * over each module's {@code src/main/java} finds nothing; and no file but the codec makes a Gson of its own.
 *
 * <p>The test is more precise than the grep: {@code get}, {@code has} and {@code remove} are also a {@code Map}'s
 * and {@code Paths}'s, so such a call counts unless its receiver is plainly not Gson's, that is a class
 * ({@code Paths.get("/")}, a static call) or a name the same file declares with a type that is not
 * {@code com.google.gson}'s ({@code Map<String, String> env} for {@code env.get("HOME")}); a receiver the file does
 * not declare (a field of another type, a call) counts, unless it is a call of a method the same file declares with
 * a type that is not Gson's. {@link #receiversAreJudgedByTheirDeclaredType} keeps that rule honest both ways.
 *
 * <p>No file is let off: a member is a field of the file's type ({@code core.json.JsonCodec}), and a part of a file
 * that others write too goes in with {@code JsonCodec.addMembers}.
 */
class MemberNamesOnceTest {
    private static final Pattern BY_NAME = Pattern.compile(
            "\\.(get|has|remove|getAsJsonObject|getAsJsonArray|getAsJsonPrimitive)\\(\"|addProperty\\(\"");
    /** The calls whose name is also a {@code Map}'s or {@code Path}'s: they count by their receiver. */
    private static final Set<String> SHARED_NAMES = Set.of("get", "has", "remove");
    /** Gson calls whose value is Gson's: a call on their result is a member's look-up. */
    private static final Set<String> GSON_CALLS = Set.of("get", "getAsJsonObject", "getAsJsonArray",
            "getAsJsonPrimitive", "parseString", "parseReader", "deepCopy", "readTree", "readObject", "toJsonTree",
            "toJsonObject");
    /** A Gson made outside the codec. */
    private static final Pattern OWN_GSON = Pattern.compile("new\\s+(?:com\\.google\\.gson\\.)?Gson(?:Builder)?\\s*\\(");
    private static final Set<String> NOT_TYPES = Set.of("return", "new", "throw", "else", "case", "var", "yield");

    @Test
    void noMainFileNamesAJsonMemberAsText() throws IOException {
        Path root = CommittedRuns.results().getParent();
        List<Path> files = MainSources.files();
        List<String> wrong = new ArrayList<>();
        List<String> ownGson = new ArrayList<>();
        int gson = 0;
        for (Path f : files) { // every main file: a Gson value reaches files that import nothing of Gson's
            String text = Files.readString(f, StandardCharsets.UTF_8);
            gson += text.contains("import com.google.gson") ? 1 : 0;
            for (String hit : namedAsText(text)) {
                wrong.add(root.relativize(f) + ":" + hit);
            }
            if (!f.getFileName().toString().equals("JsonCodec.java") && OWN_GSON.matcher(code(text)).find()) {
                ownGson.add(root.relativize(f).toString());
            }
        }
        assertTrue(gson > 50, gson + " main files use Gson");
        assertEquals(List.of(), wrong, "JSON members named as text: make them the fields of the file's type"
                + " (core.json.JsonCodec)");
        assertEquals(List.of(), ownGson, "a Gson of a file's own: read and write through core.json.JsonCodec");
    }

    /** The scan's own check: it counts a look-up on Gson's values and leaves a map's and a class's alone. */
    @Test
    void receiversAreJudgedByTheirDeclaredType() {
        String java = String.join("\n",
                "import com.google.gson.JsonObject;",
                "class A {",
                "    private final JsonObject tree;",
                "    /** Before studies declared their roles: the floor. */",
                "    static JsonElement kafka(Map<String, String> env, JsonObject fork) {",
                "        Path root = Paths.get(\"/\");",
                "        String home = env.get(\"HOME\");",
                "        if (env.has(\"X\") || settings().get(\"acks\") != null) {",
                "            return fork.get(\"kafka\");",
                "        }",
                "        JsonElement k = tree.getAsJsonObject(\"kafka\").get(\"cluster\");",
                "        k.getAsJsonObject().has(\"kind\");",
                "        other.roles.get(\"floor\");",
                "        return JsonParser.parseString(text).getAsJsonObject().remove(\"x\");",
                "    }",
                "    static Map<String, String> settings() {",
                "        fork.addProperty(\"ratePerSec\", 1);",
                "    }",
                "}");
        List<String> hits = namedAsText(java);
        assertEquals(List.of("9: return fork.get(\"kafka\");",
                "11: JsonElement k = tree.getAsJsonObject(\"kafka\").get(\"cluster\");",
                "11: JsonElement k = tree.getAsJsonObject(\"kafka\").get(\"cluster\");",
                "12: k.getAsJsonObject().has(\"kind\");",
                "13: other.roles.get(\"floor\");",
                "14: return JsonParser.parseString(text).getAsJsonObject().remove(\"x\");",
                "17: fork.addProperty(\"ratePerSec\", 1);"), hits);
    }

    /** Each place {@code java} names a member as text, as {@code line: text}, in order. */
    static List<String> namedAsText(String java) {
        List<String> hits = new ArrayList<>();
        String[] lines = java.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = BY_NAME.matcher(lines[i]);
            while (m.find()) {
                if (m.group(1) == null || !SHARED_NAMES.contains(m.group(1))
                        || maybeGson(java, lines[i].substring(0, m.start()))) {
                    hits.add((i + 1) + ": " + lines[i].trim());
                }
            }
        }
        return hits;
    }

    /**
     * Whether the receiver that {@code before} ends with may be a Gson value: not a class, and not a name (a variable,
     * a field, a method) the file declares only with a type that is not Gson's.
     */
    private static boolean maybeGson(String java, String before) {
        String name;
        boolean call = before.endsWith(")");
        if (call) {
            int depth = 0;
            int at = before.length() - 1;
            for (; at >= 0; at--) {
                char c = before.charAt(at);
                depth += c == ')' ? 1 : c == '(' ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            name = lastIdentifier(before.substring(0, Math.max(at, 0)));
            if (GSON_CALLS.contains(name)) {
                return true;
            }
        } else {
            name = lastIdentifier(before);
        }
        if (name.isEmpty()) {
            return true;
        }
        if (!call && Character.isUpperCase(name.charAt(0))) {
            return false; // a class's static method: Paths.get, not a value's
        }
        Matcher d = Pattern.compile("([\\w.]+)\\s*(?:<[^;(){}]*>)?(?:\\[\\])*\\s+" + Pattern.quote(name)
                + (call ? "\\s*\\(" : "\\s*[=;,):]")).matcher(code(java));
        boolean declared = false;
        while (d.find()) {
            String type = d.group(1);
            if (NOT_TYPES.contains(type)) {
                continue;
            }
            declared = true;
            if (type.startsWith("Json") || type.startsWith("com.google.gson")) {
                return true;
            }
        }
        return !declared;
    }

    /** {@code java} without its comments and the text of its strings: where a name can be declared. */
    private static String code(String java) {
        return java.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("\"(?:[^\"\\\\\\n]|\\\\.)*\"", "\"\"")
                .replaceAll("//[^\\n]*", " ");
    }

    private static String lastIdentifier(String s) {
        int end = s.length();
        int start = end;
        while (start > 0 && Character.isJavaIdentifierPart(s.charAt(start - 1))) {
            start--;
        }
        return s.substring(start, end);
    }
}
