package dev.latencybench.core.json;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;

/**
 * A {@code Map<String, V>} as a JSON object, in the file's order: Gson's own map adapter reads a key as a value, so a
 * problem in a map's value would be said without its key ({@code cpus.}); this one names it ({@code cpus.consumer}).
 * Stateless.
 */
final class StringMaps implements TypeAdapterFactory {
    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        if (type.getRawType() != Map.class || !(type.getType() instanceof ParameterizedType)) {
            return null;
        }
        Type[] args = ((ParameterizedType) type.getType()).getActualTypeArguments();
        if (args[0] != String.class) {
            return null;
        }
        return adapter(gson.getAdapter(TypeToken.get(args[1])));
    }

    @SuppressWarnings("unchecked")
    private static <T, V> TypeAdapter<T> adapter(TypeAdapter<V> values) {
        TypeAdapter<Map<String, V>> maps = new TypeAdapter<Map<String, V>>() {
            @Override
            public void write(JsonWriter out, Map<String, V> map) throws IOException {
                out.beginObject();
                for (Map.Entry<String, V> e : map.entrySet()) {
                    out.name(e.getKey());
                    values.write(out, e.getValue());
                }
                out.endObject();
            }

            @Override
            public Map<String, V> read(JsonReader in) throws IOException {
                if (in.peek() != JsonToken.BEGIN_OBJECT) {
                    throw Scalars.wrong(in, "an object");
                }
                Map<String, V> map = new LinkedHashMap<>();
                in.beginObject();
                while (in.hasNext()) {
                    String key = in.nextName();
                    map.put(key, values.read(in));
                }
                in.endObject();
                return map;
            }
        }.nullSafe();
        return (TypeAdapter<T>) maps;
    }
}
