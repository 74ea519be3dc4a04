package dev.latencybench.core.result;

import java.util.Objects;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

/**
 * A study's own members of {@code fork.json} and {@code result.json}: a small type whose fields are those members,
 * written and read through {@link JsonCodec}, so each name is written once. A member the type lacks reads as null or
 * zero. Immutable and thread-safe; not for a hot path.
 *
 * @param <T> the type: a plain class or record with a field per member
 */
public final class ResultPart<T> {
    private final Class<T> type;

    private ResultPart(Class<T> type) {
        this.type = Objects.requireNonNull(type, "type");
    }

    public static <T> ResultPart<T> of(Class<T> type) {
        return new ResultPart<>(type);
    }

    public Class<T> type() {
        return type;
    }

    /** The part's members of {@code json}, typed; null when {@code json} is null. */
    public T read(JsonObject json) {
        return json == null ? null : JsonCodec.fromJson(json, type);
    }

    /** Adds {@code value}'s fields to {@code json} as members, in their declaration order. */
    public void write(T value, JsonObject json) {
        JsonElement tree = JsonCodec.toJson(value, type);
        tree.getAsJsonObject().entrySet().forEach(e -> json.add(e.getKey(), e.getValue()));
    }

    @Override
    public String toString() {
        return "ResultPart(" + type.getSimpleName() + ")";
    }
}
