package dev.latencybench.core.run.schedule;

import java.util.List;
import java.util.Objects;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The answer a {@link Schedule} gives from the steps done, e.g. the most chain instances that fit:
 * the value, the text for people, the steps that decided it and why. Immutable.
 */
public final class Decision {
    /** How the answer was reached. */
    public enum Kind {
        /** A step passed and the next larger one run failed (within the search's resolution). */
        BOUNDARY,
        /** Every step passed up to the search limit: the answer is at least the limit. */
        AT_LIMIT,
        /** The first step already failed: nothing fits; the value is 0. */
        NONE_PASSED,
        /** The search was interrupted, or is not finished: the value is only a lower bound. */
        UNFINISHED
    }

    private final Kind kind;
    private final long value;
    private final String answer;
    private final List<String> decidedBy;
    private final String why;

    /**
     * @param value     the answer as a number, e.g. {@code 512}; 0 when nothing passed
     * @param answer    the answer for people, e.g. {@code 512 instances}, {@code at least 4,096 instances}
     * @param decidedBy the names of the steps that decided it, e.g. the last that passed and the first
     *                  that failed
     * @param why       e.g. {@code 512 instances passed (p99.9 61.0ms), 513 instances failed: p99.9 140ms >= 100ms}
     */
    public Decision(Kind kind, long value, String answer, List<String> decidedBy, String why) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.value = value;
        this.answer = Objects.requireNonNull(answer, "answer");
        this.decidedBy = List.copyOf(decidedBy);
        this.why = Objects.requireNonNull(why, "why");
    }

    public Kind kind() {
        return kind;
    }

    public long value() {
        return value;
    }

    public String answer() {
        return answer;
    }

    /** The names (folders) of the deciding steps, e.g. the last that passed, then the first that failed. Unmodifiable. */
    public List<String> decidedBy() {
        return decidedBy;
    }

    public String why() {
        return why;
    }

    /** True when every step passed up to the search limit, so the answer is {@code at least} it. */
    public boolean hitLimit() {
        return kind == Kind.AT_LIMIT;
    }

    /** True when the first step already failed. */
    public boolean firstStepFailed() {
        return kind == Kind.NONE_PASSED;
    }

    /** True when the answer is final: the schedule asked for every step it needed. */
    public boolean complete() {
        return kind != Kind.UNFINISHED;
    }

    /** {@code {"kind": "BOUNDARY", "value": 512, "answer": ..., "decidedBy": [...], "why": ...}}. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("kind", kind.name());
        o.addProperty("value", value);
        o.addProperty("answer", answer);
        JsonArray steps = new JsonArray();
        decidedBy.forEach(steps::add);
        o.add("decidedBy", steps);
        o.addProperty("why", why);
        return o;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Decision)) {
            return false;
        }
        Decision o = (Decision) other;
        return kind == o.kind && value == o.value && answer.equals(o.answer) && decidedBy.equals(o.decidedBy)
                && why.equals(o.why);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, value, answer, decidedBy, why);
    }

    @Override
    public String toString() {
        return answer + " (" + kind + "; " + why + ")";
    }
}
