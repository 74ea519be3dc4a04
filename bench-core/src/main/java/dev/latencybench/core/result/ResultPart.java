package dev.latencybench.core.result;

import java.util.Objects;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

/**
 * A study's own members of {@code fork.json} and {@code result.json}: one small type beside the
 * study's tally whose fields are those members, so their names are written once, as Java fields. The
 * study's accounting writes it ({@link #write}) and the study's view, and anyone else, reads it back
 * ({@link #read}) through the same mapping, the suite's one codec ({@link JsonCodec}: fields in declaration order;
 * a null field is left out; a member of the wrong kind is a {@code MemberProblem} naming it; a member the type does
 * not name is not its, so results written before a member existed read with it null or zero). A study lists its
 * parts in {@code Study.resultParts()}.
 *
 * <p>Immutable and thread-safe; not for a hot path (it reflects over the type).
 *
 * @param <T> the type: a plain class or record with a field per member
 */
public final class ResultPart<T> {
    private final Class<T> type;

    private ResultPart(Class<T> type) {
        this.type = Objects.requireNonNull(type, "type");
    }

    /** The part whose members are {@code type}'s fields. */
    public static <T> ResultPart<T> of(Class<T> type) {
        return new ResultPart<>(type);
    }

    public Class<T> type() {
        return type;
    }

    /** The part's members of {@code json} (a fork's or a cell's), typed; null when {@code json} is null. */
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
