package dev.latencybench.core.json;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.annotations.SerializedName;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;

/**
 * Keeps the members a type does not name. For a class or record with an {@link Others} field it reads the object
 * whole, hands Gson's own adapter the members the type names plus, under the {@code Others} field's name, an object
 * of the rest; it writes the type's members, then the rest after them. A problem found inside the object is said
 * with the object's path in front, so a nested type's error names the member from the file's top. Stateless.
 */
final class OthersFactory implements TypeAdapterFactory {
    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        Field others = othersField(raw);
        if (others == null) {
            return null;
        }
        TypeAdapter<T> delegate = gson.getDelegateAdapter(this, type);
        TypeAdapter<JsonElement> trees = gson.getAdapter(JsonElement.class);
        String othersName = others.getName();
        Set<String> known = knownNames(raw, others);
        return new TypeAdapter<T>() {
            @Override
            public void write(JsonWriter out, T value) throws IOException {
                if (value == null) {
                    out.nullValue();
                    return;
                }
                JsonObject tree = delegate.toJsonTree(value).getAsJsonObject();
                JsonElement rest = tree.remove(othersName);
                List<String> nulls = new ArrayList<>();
                tree.entrySet().forEach(e -> {
                    if (e.getValue().isJsonNull()) {
                        nulls.add(e.getKey());
                    }
                });
                nulls.forEach(tree::remove);
                if (rest != null && rest.isJsonObject()) {
                    for (Map.Entry<String, JsonElement> e : rest.getAsJsonObject().entrySet()) {
                        if (!tree.has(e.getKey())) {
                            tree.add(e.getKey(), e.getValue());
                        }
                    }
                }
                trees.write(out, tree);
            }

            @Override
            public T read(JsonReader in) throws IOException {
                String at = in.getPath();
                JsonElement tree = trees.read(in);
                if (tree.isJsonNull()) {
                    return null;
                }
                if (!tree.isJsonObject()) {
                    throw new MemberProblem(JsonPaths.member(at), "is not an object (it is "
                            + (tree.isJsonArray() ? "a list" : tree.toString()) + ")");
                }
                JsonObject mapped = new JsonObject();
                JsonObject rest = new JsonObject();
                for (Map.Entry<String, JsonElement> e : tree.getAsJsonObject().entrySet()) {
                    boolean named = known.contains(e.getKey()) && !e.getKey().equals(othersName);
                    (named ? mapped : rest).add(e.getKey(), e.getValue());
                }
                mapped.add(othersName, rest);
                try {
                    return delegate.fromJsonTree(mapped);
                } catch (MemberProblem p) {
                    throw p.under(at);
                } catch (JsonParseException | IllegalStateException e) {
                    throw JsonPaths.fromGson(e).under(at);
                }
            }
        };
    }

    /** The type's one {@link Others} field, checked to be a {@code JsonObject}; null when it has none. */
    static Field othersField(Class<?> raw) {
        Field found = null;
        for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(Others.class)) {
                    if (found != null || f.getType() != JsonObject.class) {
                        throw new IllegalArgumentException(raw.getName() + " must have one @Others field, a JsonObject");
                    }
                    found = f;
                }
            }
        }
        return found;
    }

    /** The members the type names: each field's serialized name and its alternates. */
    static Set<String> knownNames(Class<?> raw, Field others) {
        Set<String> names = new LinkedHashSet<>();
        for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (f.equals(others) || Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                    continue;
                }
                SerializedName n = f.getAnnotation(SerializedName.class);
                if (n == null) {
                    names.add(f.getName());
                } else {
                    names.add(n.value());
                    names.addAll(List.of(n.alternate()));
                }
            }
        }
        return names;
    }
}
