package dev.latencybench.core.result;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * Reads the members of one JSON object of a result file into typed values, and keeps what it did not
 * read: a file type reads the fields it knows with this, then takes {@link #rest()} to write back the
 * fields a newer or older writer added. A member of an unexpected kind (text where a number belongs) is
 * not read and so stays in the rest. Not thread-safe; one per object read. Not for hot paths.
 */
public final class JsonFields {
    private final JsonObject o;
    private final Set<String> read = new HashSet<>();

    public JsonFields(JsonObject o) {
        this.o = o;
    }

    /** The member as text (a number or boolean as written); null when absent, null or not a primitive. */
    public String string(String name) {
        JsonElement e = o.get(name);
        if (e != null && e.isJsonNull()) {
            read.add(name);
        }
        if (e == null || !e.isJsonPrimitive()) {
            return null;
        }
        read.add(name);
        return e.getAsString();
    }

    public Integer integer(String name) {
        JsonPrimitive p = number(name);
        return p == null ? null : p.getAsInt();
    }

    public Long longValue(String name) {
        JsonPrimitive p = number(name);
        return p == null ? null : p.getAsLong();
    }

    public Double decimal(String name) {
        JsonPrimitive p = number(name);
        return p == null ? null : p.getAsDouble();
    }

    public Boolean bool(String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
            return null;
        }
        read.add(name);
        return e.getAsBoolean();
    }

    /** The member as an object; null when absent or not an object. */
    public JsonObject object(String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonObject()) {
            return null;
        }
        read.add(name);
        return e.getAsJsonObject();
    }

    /** The member, an array of objects, each read by {@code reader}; null when absent or not such an array. */
    public <T> List<T> objects(String name, Function<JsonObject, T> reader) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonArray()) {
            return null;
        }
        for (JsonElement x : e.getAsJsonArray()) {
            if (!x.isJsonObject()) {
                return null;
            }
        }
        read.add(name);
        List<T> out = new ArrayList<>();
        e.getAsJsonArray().forEach(x -> out.add(reader.apply(x.getAsJsonObject())));
        return out;
    }

    /** The member, an array of texts; null when absent or not such an array. */
    public List<String> strings(String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonArray()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) {
            if (!x.isJsonPrimitive()) {
                return null;
            }
            out.add(x.getAsString());
        }
        read.add(name);
        return out;
    }

    /** The member, an object of texts, in order; null when absent or not such an object. */
    public Map<String, String> stringMap(String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonObject()) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> x : e.getAsJsonObject().entrySet()) {
            if (!x.getValue().isJsonPrimitive()) {
                return null;
            }
            out.put(x.getKey(), x.getValue().getAsString());
        }
        read.add(name);
        return out;
    }

    /** The names of the members, in the file's order. */
    public Set<String> names() {
        return o.keySet();
    }

    /** The members not read, in the file's order (a copy). */
    public JsonObject rest() {
        JsonObject rest = new JsonObject();
        o.entrySet().forEach(e -> {
            if (!read.contains(e.getKey())) {
                rest.add(e.getKey(), e.getValue().deepCopy());
            }
        });
        return rest;
    }

    private JsonPrimitive number(String name) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            return null;
        }
        read.add(name);
        return e.getAsJsonPrimitive();
    }

    /** Adds {@code value} under {@code name} unless it is null. */
    public static void put(JsonObject o, String name, String value) {
        if (value != null) {
            o.addProperty(name, value);
        }
    }

    /** Adds {@code value} under {@code name} unless it is null. */
    public static void put(JsonObject o, String name, Number value) {
        if (value != null) {
            o.addProperty(name, value);
        }
    }

    /** Adds {@code value} under {@code name} unless it is null. */
    public static void put(JsonObject o, String name, Boolean value) {
        if (value != null) {
            o.addProperty(name, value);
        }
    }

    /** Adds the texts as an array under {@code name} unless the list is null. */
    public static void putStrings(JsonObject o, String name, List<String> values) {
        if (values != null) {
            JsonArray a = new JsonArray();
            values.forEach(a::add);
            o.add(name, a);
        }
    }

    /** Adds each item's JSON as an array under {@code name} unless the list is null. */
    public static <T> void putObjects(JsonObject o, String name, List<T> values, Function<T, JsonObject> writer) {
        if (values != null) {
            JsonArray a = new JsonArray();
            values.forEach(v -> a.add(writer.apply(v)));
            o.add(name, a);
        }
    }

    /** Adds the map as an object of texts under {@code name} unless it is null. */
    public static void putStringMap(JsonObject o, String name, Map<String, String> values) {
        if (values != null) {
            JsonObject m = new JsonObject();
            values.forEach(m::addProperty);
            o.add(name, m);
        }
    }

    /** Adds every member of {@code rest} to {@code o}, after what it holds. */
    public static void putRest(JsonObject o, JsonObject rest) {
        rest.entrySet().forEach(e -> o.add(e.getKey(), e.getValue().deepCopy()));
    }
}
