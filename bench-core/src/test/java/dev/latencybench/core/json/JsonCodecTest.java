package dev.latencybench.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.annotations.SerializedName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The codec's contract: members named once, others kept, strict scalars, one-line errors naming file and member. */
class JsonCodecTest {
    @TempDir
    Path tmp;

    /** A file type as the suite writes them: scalars, a list, a map, a nested type, and the others. */
    static final class Sample {
        String name;
        Long sizeBytes;
        int count;
        Double ratio;
        Boolean busy;
        List<String> flags;
        Map<String, Integer> cpus;
        Inner inner;
        List<Inner> items;
        @SerializedName("renamed")
        String javaName;
        @Others
        JsonObject others;
    }

    static final class Inner {
        String fork;
        long ns;
        @Others
        JsonObject others;
    }

    /** A type with no {@link Others}: what it does not name is dropped (the round-trip test catches such a type). */
    static final class Plain {
        String a;
    }

    private static JsonObject json(String text) {
        return JsonParser.parseString(text).getAsJsonObject();
    }

    @Test
    void readsTheNamedMembersAndWritesBackEveryMemberItDoesNotName() {
        JsonObject file = json("{\"name\":\"x\",\"later\":{\"a\":[1,2]},\"sizeBytes\":12345678901,\"count\":3,"
                + "\"ratio\":1.5,\"busy\":true,\"flags\":[\"-Xmx1g\"],\"cpus\":{\"producer\":1,\"consumer\":-1},"
                + "\"inner\":{\"fork\":\"12\",\"ns\":5,\"extra\":\"kept\"},\"items\":[{\"fork\":\"1\",\"ns\":1,"
                + "\"x\":1},{\"fork\":\"2\",\"ns\":2}],\"renamed\":\"r\",\"others\":\"a member named like the field\"}");
        Sample s = JsonCodec.fromJson(file, Sample.class);
        assertEquals("x", s.name);
        assertEquals(12_345_678_901L, s.sizeBytes);
        assertEquals(3, s.count);
        assertEquals(1.5, s.ratio);
        assertEquals(true, s.busy);
        assertEquals(List.of("-Xmx1g"), s.flags);
        assertEquals(Map.of("producer", 1, "consumer", -1), s.cpus);
        assertEquals("12", s.inner.fork);
        assertEquals(json("{\"extra\":\"kept\"}"), s.inner.others);
        assertEquals(2, s.items.get(1).ns);
        assertEquals("r", s.javaName);
        assertEquals(json("{\"later\":{\"a\":[1,2]},\"others\":\"a member named like the field\"}"), s.others);

        JsonElement back = JsonCodec.toJson(s);
        assertEquals(file, back);
        assertEquals(List.of("name", "sizeBytes", "count", "ratio", "busy", "flags", "cpus", "inner", "items",
                "renamed", "later", "others"), List.copyOf(back.getAsJsonObject().keySet()),
                "the known members in field order, then the others in the file's order");
    }

    @Test
    void aNullFieldIsLeftOutAndAnAbsentMemberReadsNull() {
        Sample s = JsonCodec.fromJson(json("{\"count\":1}"), Sample.class);
        assertNull(s.name);
        assertNull(s.inner);
        assertEquals(json("{\"count\":1}"), JsonCodec.toJson(s));
    }

    @Test
    void aDecimalThatIsNotFiniteIsWrittenAndReadBack() {
        Sample s = JsonCodec.fromJson(json("{\"ratio\":1.0}"), Sample.class);
        s.ratio = Double.NaN;
        JsonElement back = JsonCodec.toJson(s);
        assertTrue(JsonCodec.fromJson(back, Sample.class).ratio.isNaN());
    }

    @Test
    void aTypeWithoutOthersDropsWhatItDoesNotName() {
        assertEquals(json("{\"a\":\"1\"}"), JsonCodec.toJson(JsonCodec.fromJson(json("{\"a\":\"1\",\"b\":2}"),
                Plain.class)));
    }

    private String damage(String text) throws IOException {
        Path file = tmp.resolve("env.json");
        Files.writeString(file, text);
        DamagedFile e = assertThrows(DamagedFile.class, () -> JsonCodec.read(file, Sample.class));
        assertEquals(file, e.file());
        return e.getMessage().substring(file.toString().length());
    }

    @Test
    void aDamagedMemberIsNamedFromTheFilesTopInOneLine() throws IOException {
        assertEquals(" is damaged: member sizeBytes is not a whole number (it is \"abc\")",
                damage("{\"sizeBytes\":\"abc\"}"));
        assertEquals(" is damaged: member sizeBytes is not a whole number (it is 1.5)", damage("{\"sizeBytes\":1.5}"));
        assertEquals(" is damaged: member count is not a whole number of int range (it is 3000000000)",
                damage("{\"count\":3000000000}"));
        assertEquals(" is damaged: member name is not text (it is 12)", damage("{\"name\":12}"));
        assertEquals(" is damaged: member busy is not true or false (it is \"yes\")", damage("{\"busy\":\"yes\"}"));
        assertEquals(" is damaged: member ratio is not a number (it is an object)", damage("{\"ratio\":{}}"));
        assertEquals(" is damaged: member inner.ns is not a whole number (it is \"5\")",
                damage("{\"inner\":{\"fork\":\"1\",\"ns\":\"5\"}}"));
        assertEquals(" is damaged: member items[1].fork is not text (it is a list)",
                damage("{\"items\":[{\"fork\":\"1\"},{\"fork\":[]}]}"));
        assertEquals(" is damaged: member inner is not an object (it is \"x\")", damage("{\"inner\":\"x\"}"));
        assertEquals(" is damaged: member flags is not a list (it is text)", damage("{\"flags\":\"-Xmx1g\"}"));
        assertEquals(" is damaged: member flags[1] is not text (it is 2)", damage("{\"flags\":[\"a\",2]}"));
        assertEquals(" is damaged: member cpus.consumer is not a whole number (it is \"x\")",
                damage("{\"cpus\":{\"producer\":1,\"consumer\":\"x\"}}"));
    }

    @Test
    void aFileThatIsNotJsonIsNamedWithWhatIsWrong() throws IOException {
        assertEquals(" is empty", damage(" \n"));
        assertTrue(damage("{\"name\":\"x\",").startsWith(" is cut short (it ends inside a value"), damage("{\"a\":"));
        assertEquals(" is not JSON (the parser stops at line 1 column 9)", damage("{\"a\":1}}"));
        assertEquals(" holds no JSON object", damage("null"));
        assertEquals(" is damaged: the value is not an object (it is a list)", damage("[1]"));
        DamagedFile missing = assertThrows(DamagedFile.class, () -> JsonCodec.read(tmp.resolve("no.json"),
                Sample.class));
        assertEquals(tmp.resolve("no.json") + " is missing", missing.getMessage());
    }

    @SuppressWarnings("unused") // read by the codec
    private static final class Part {
        final String transport;
        final long ratePerSec;
        final String failure;

        Part(String transport, long ratePerSec, String failure) {
            this.transport = transport;
            this.ratePerSec = ratePerSec;
            this.failure = failure;
        }
    }

    /** A part's members go after the object's own, in the part's order; a null one is left out. */
    @Test
    void addMembersPutsAPartsMembersAfterTheObjectsOwn() {
        JsonObject fork = JsonParser.parseString("{\"pid\": 7, \"transport\": \"old\"}").getAsJsonObject();
        JsonCodec.addMembers(fork, new Part("kafka", 1000, null));
        assertEquals("{\"pid\":7,\"transport\":\"kafka\",\"ratePerSec\":1000}", fork.toString());
    }
}
