package dev.latencybench.core.json;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import com.google.gson.Gson;
import com.google.gson.Strictness;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;

/**
 * Text, paths (as text), whole numbers, decimals and booleans, read strictly: a value of another kind is a
 * {@link MemberProblem} that names the member and what was found ({@code is not a whole number (it is 1.5)}), where
 * Gson's own adapters would truncate {@code 1.5} to 1, read {@code 12} as the text {@code "12"} or say
 * {@code NumberFormatException}. A decimal that is not finite is written as {@code NaN}/{@code Infinity}, as the
 * suite's files always had it. Stateless.
 */
final class Scalars implements TypeAdapterFactory {
    /** How much of a wrong text value a message quotes. */
    private static final int QUOTE_CHARS = 40;

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        if (raw == String.class) {
            return (TypeAdapter<T>) TEXT;
        }
        if (raw == Integer.class || raw == int.class) {
            return (TypeAdapter<T>) INT;
        }
        if (raw == Long.class || raw == long.class) {
            return (TypeAdapter<T>) LONG;
        }
        if (raw == Double.class || raw == double.class) {
            return (TypeAdapter<T>) DOUBLE;
        }
        if (raw == Boolean.class || raw == boolean.class) {
            return (TypeAdapter<T>) BOOL;
        }
        if (Path.class.isAssignableFrom(raw)) { // a field's Path, and its value's own class (UnixPath)
            return (TypeAdapter<T>) PATH;
        }
        return null;
    }

    private static final TypeAdapter<Path> PATH = new TypeAdapter<Path>() {
        @Override
        public void write(JsonWriter out, Path value) throws IOException {
            out.value(value == null ? null : value.toString());
        }

        @Override
        public Path read(JsonReader in) throws IOException {
            String where = in.getPath();
            String text = TEXT.read(in);
            try {
                return text == null ? null : Path.of(text);
            } catch (InvalidPathException e) {
                throw new MemberProblem(JsonPaths.member(where), "is not a path (" + e.getReason() + ")");
            }
        }
    };

    private static final TypeAdapter<String> TEXT = new TypeAdapter<String>() {
        @Override
        public void write(JsonWriter out, String value) throws IOException {
            out.value(value);
        }

        @Override
        public String read(JsonReader in) throws IOException {
            JsonToken t = in.peek();
            if (t == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            if (t != JsonToken.STRING) {
                throw wrong(in, "text");
            }
            return in.nextString();
        }
    }.nullSafe();

    private static final TypeAdapter<Integer> INT = new TypeAdapter<Integer>() {
        @Override
        public void write(JsonWriter out, Integer value) throws IOException {
            out.value(value);
        }

        @Override
        public Integer read(JsonReader in) throws IOException {
            BigDecimal d = whole(in);
            if (d == null) {
                return null;
            }
            try {
                return d.intValueExact();
            } catch (ArithmeticException e) {
                throw new MemberProblem(JsonPaths.member(in.getPath()), "is not a whole number of int range (it is "
                        + d.toPlainString() + ")");
            }
        }
    }.nullSafe();

    private static final TypeAdapter<Long> LONG = new TypeAdapter<Long>() {
        @Override
        public void write(JsonWriter out, Long value) throws IOException {
            out.value(value);
        }

        @Override
        public Long read(JsonReader in) throws IOException {
            BigDecimal d = whole(in);
            if (d == null) {
                return null;
            }
            try {
                return d.longValueExact();
            } catch (ArithmeticException e) {
                throw new MemberProblem(JsonPaths.member(in.getPath()), "is not a whole number of long range (it is "
                        + d.toPlainString() + ")");
            }
        }
    }.nullSafe();

    private static final TypeAdapter<Double> DOUBLE = new TypeAdapter<Double>() {
        @Override
        public void write(JsonWriter out, Double value) throws IOException {
            if (value.isNaN() || value.isInfinite()) {
                Strictness was = out.getStrictness();
                out.setStrictness(Strictness.LENIENT);
                out.value(value.doubleValue());
                out.setStrictness(was);
            } else {
                out.value(value.doubleValue());
            }
        }

        @Override
        public Double read(JsonReader in) throws IOException {
            JsonToken t = in.peek();
            if (t == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            if (t == JsonToken.NUMBER) {
                Strictness was = in.getStrictness();
                in.setStrictness(Strictness.LENIENT); // a tree holds NaN as a number, which a strict reader refuses
                try {
                    return in.nextDouble();
                } finally {
                    in.setStrictness(was);
                }
            }
            if (t == JsonToken.STRING) {
                String path = in.getPath();
                String s = in.nextString();
                if (s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity")) {
                    return Double.valueOf(s);
                }
                throw new MemberProblem(JsonPaths.member(path), "is not a number (it is " + quote(s) + ")");
            }
            throw wrong(in, "a number");
        }
    }.nullSafe();

    private static final TypeAdapter<Boolean> BOOL = new TypeAdapter<Boolean>() {
        @Override
        public void write(JsonWriter out, Boolean value) throws IOException {
            out.value(value);
        }

        @Override
        public Boolean read(JsonReader in) throws IOException {
            JsonToken t = in.peek();
            if (t == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            if (t != JsonToken.BOOLEAN) {
                throw wrong(in, "true or false");
            }
            return in.nextBoolean();
        }
    }.nullSafe();

    /** A number with no fraction (1, 1.0, 1e3), exactly; null for JSON null. */
    private static BigDecimal whole(JsonReader in) throws IOException {
        JsonToken t = in.peek();
        if (t == JsonToken.NULL) {
            in.nextNull();
            return null;
        }
        if (t != JsonToken.NUMBER) {
            throw wrong(in, "a whole number");
        }
        String path = in.getPath();
        String text = in.nextString();
        BigDecimal d = new BigDecimal(text);
        if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
            throw new MemberProblem(JsonPaths.member(path), "is not a whole number (it is " + text + ")");
        }
        return d;
    }

    /** The value at the reader is not {@code expected}: says what it is, and skips it. */
    static MemberProblem wrong(JsonReader in, String expected) throws IOException {
        String path = in.getPath();
        JsonToken t = in.peek();
        String found;
        if (t == JsonToken.STRING) {
            found = quote(in.nextString());
        } else if (t == JsonToken.NUMBER || t == JsonToken.BOOLEAN) {
            found = in.nextString();
        } else {
            found = JsonPaths.kind(t.name());
            in.skipValue();
        }
        return new MemberProblem(JsonPaths.member(path), "is not " + expected + " (it is " + found + ")");
    }

    private static String quote(String s) {
        return "\"" + (s.length() > QUOTE_CHARS ? s.substring(0, QUOTE_CHARS) + "..." : s) + "\"";
    }
}
