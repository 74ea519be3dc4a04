package dev.latencybench.core.schedule;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.json.Others;

/** The answer a {@link Schedule} gives from the steps done: value, text for people, deciding steps, why. Immutable. */
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
        UNFINISHED,
        /** A step ended for a reason outside the pass rule (a crash, an error): no answer; the value is 0. */
        FAILED,
        /** A step was too short to judge: no answer, the value is 0; the answer says how long a step would need. */
        CANNOT_TELL
    }

    public final Kind kind;
    public final long value;
    public final String answer;
    /** The names (folders) of the deciding steps. Unmodifiable. */
    public final List<String> decidedBy;
    public final String why;
    /** The decisions this one combines, by label, in order; empty for a plain decision. Unmodifiable. */
    public final Map<String, Decision> parts;
    /** How the deciding steps were confirmed once the schedule had decided; null where they were not. */
    private Confirmed confirmed;
    /** Members of a file's decision this type does not name, written back after the named ones. */
    private JsonObject others = new JsonObject();

    /**
     * @param value     the answer as a number, e.g. {@code 512}; 0 when nothing passed
     * @param answer    the answer for people, e.g. {@code at least 4,096 instances}
     * @param why       e.g. {@code 512 instances passed (p99.9 61.0ms), 513 instances failed: p99.9 140ms >= 100ms}
     */
    public Decision(Kind kind, long value, String answer, List<String> decidedBy, String why) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.value = value;
        this.answer = Objects.requireNonNull(answer, "answer");
        this.decidedBy = List.copyOf(decidedBy);
        this.why = Objects.requireNonNull(why, "why");
        this.parts = Map.of();
    }

    /**
     * The answers of several schedules run one after the other, each under its label, in order; the combined
     * answer says each on its own. Its kind is the first of FAILED, CANNOT_TELL, UNFINISHED, AT_LIMIT (any part)
     * and NONE_PASSED (every part) that applies, else BOUNDARY; its value is the first part's, the study's subject.
     *
     * @param parts each part's decision by label, in order; at least one
     */
    public static Decision combine(Map<String, Decision> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a combined decision needs at least one part");
        }
        boolean anyFailed = false;
        boolean anyCannotTell = false;
        boolean anyUnfinished = false;
        boolean anyAtLimit = false;
        boolean allNone = true;
        List<String> answers = new java.util.ArrayList<>();
        List<String> whys = new java.util.ArrayList<>();
        List<String> steps = new java.util.ArrayList<>();
        for (Map.Entry<String, Decision> e : parts.entrySet()) {
            Decision d = e.getValue();
            anyFailed |= d.kind == Kind.FAILED;
            anyCannotTell |= d.kind == Kind.CANNOT_TELL;
            anyUnfinished |= d.kind == Kind.UNFINISHED;
            anyAtLimit |= d.kind == Kind.AT_LIMIT;
            allNone &= d.kind == Kind.NONE_PASSED;
            answers.add(e.getKey() + ": " + d.answer);
            whys.add(e.getKey() + ": " + d.why);
            steps.addAll(d.decidedBy);
        }
        Kind kind = anyFailed ? Kind.FAILED : anyCannotTell ? Kind.CANNOT_TELL : anyUnfinished ? Kind.UNFINISHED : anyAtLimit ? Kind.AT_LIMIT
                : allNone ? Kind.NONE_PASSED : Kind.BOUNDARY;
        Decision first = parts.values().iterator().next();
        return new Decision(kind, first.value, String.join("; ", answers), steps, String.join("; ", whys),
                new LinkedHashMap<>(parts));
    }

    private Decision(Kind kind, long value, String answer, List<String> decidedBy, String why,
                     Map<String, Decision> parts) {
        this.kind = kind;
        this.value = value;
        this.answer = answer;
        this.decidedBy = List.copyOf(decidedBy);
        this.why = why;
        this.parts = Collections.unmodifiableMap(parts);
    }

    /** True when every step passed up to the search limit, so the answer is {@code at least} it. */
    public boolean hitLimit() {
        return kind == Kind.AT_LIMIT;
    }

    /** True when the first step already failed. */
    public boolean firstStepFailed() {
        return kind == Kind.NONE_PASSED;
    }

    /** True when the answer is final: every step needed was asked for and none failed outside its rule. */
    public boolean complete() {
        return kind != Kind.UNFINISHED && kind != Kind.FAILED;
    }

    /** True when a step was too short to judge: there is no answer at this length. */
    public boolean cannotTell() {
        return kind == Kind.CANNOT_TELL;
    }

    /** True when a step failed for a reason outside the pass rule: there is no answer. */
    public boolean failed() {
        return kind == Kind.FAILED;
    }

    /** How the deciding steps were run again once the schedule had decided; null where they were not. */
    public Confirmed confirmed() {
        return confirmed;
    }

    /** This decision with how its deciding steps were confirmed. */
    public Decision withConfirmed(Confirmed how) {
        Decision d = new Decision(kind, value, answer, decidedBy, why, new LinkedHashMap<>(parts));
        d.others = others.deepCopy();
        d.confirmed = how;
        return d;
    }

        /** The deciding steps run again with more forks, and the answer before where that changed it. Immutable. */
    public static final class Confirmed {
        final Integer forks;
        final List<String> steps;
        final String answerBefore;

        /** @param answerBefore the answer from one fork a step, where it changed; null where it held */
        public Confirmed(int forks, List<String> steps, String answerBefore) {
            this.forks = forks;
            this.steps = List.copyOf(steps);
            this.answerBefore = answerBefore;
        }

        public int forks() {
            return forks == null ? 0 : forks;
        }

        /** Unmodifiable. */
        public List<String> steps() {
            return steps == null ? List.of() : steps;
        }

        /** True when the confirmed forks gave the answer the single forks gave. */
        public boolean held() {
            return answerBefore == null;
        }

        /** The answer before the steps were confirmed, where it changed; null where it held. */
        public String answerBefore() {
            return answerBefore;
        }

        /** {@code the deciding steps a, b, run again in 3 forks each: the answer held} (or changed, from what). */
        public String text() {
            return "the deciding step" + (steps().size() == 1 ? " " : "s ") + String.join(", ", steps())
                    + ", run again in " + forks() + " forks" + (steps().size() == 1 ? "" : " each") + ": "
                    + (held() ? "the answer held"
                    : "the answer changed (from " + answerBefore + "), and it follows the confirmed forks");
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Confirmed)) {
                return false;
            }
            Confirmed o = (Confirmed) other;
            return forks() == o.forks() && steps().equals(o.steps()) && Objects.equals(answerBefore, o.answerBefore);
        }

        @Override
        public int hashCode() {
            return Objects.hash(forks(), steps(), answerBefore);
        }
    }

    /** The decision as a schedule file records it (its members are {@code Json}'s fields), parts by label. */
    public JsonObject toJson() {
        return JsonCodec.toJsonObject(json());
    }

    private Json json() {
        Map<String, Json> p = null;
        if (!parts.isEmpty()) {
            p = new LinkedHashMap<>();
            for (Map.Entry<String, Decision> e : parts.entrySet()) {
                p.put(e.getKey(), e.getValue().json());
            }
        }
        return new Json(kind.name(), value, answer, decidedBy, why, p, confirmed, others);
    }

    /** Reads what {@link #toJson} wrote; a member of the wrong kind or an unknown kind is a {@code MemberProblem}. */
    public static Decision read(JsonObject o) {
        return of(JsonCodec.fromJson(o, Json.class), "");
    }

    private static Decision of(Json j, String at) {
        Kind kind;
        try {
            kind = Kind.valueOf(String.valueOf(j.kind));
        } catch (IllegalArgumentException e) {
            throw MemberProblem.of(at + "kind", "is not one of " + java.util.Arrays.toString(Kind.values()) + " (it is "
                    + j.kind + ")");
        }
        Map<String, Decision> parts = new LinkedHashMap<>();
        if (j.parts != null) {
            j.parts.forEach((label, part) -> parts.put(label, of(part, at + "parts." + label + ".")));
        }
        Decision d = new Decision(kind, j.value == null ? 0 : j.value, j.answer == null ? "" : j.answer,
                j.decidedBy == null ? List.of() : j.decidedBy, j.why == null ? "" : j.why, parts);
        d.others = j.others == null ? new JsonObject() : j.others;
        d.confirmed = j.confirmed;
        return d;
    }

    /** The members of a decision, each named once. */
    private static final class Json {
        final String kind;
        final Long value;
        final String answer;
        final List<String> decidedBy;
        final String why;
        final Map<String, Json> parts;
        final Confirmed confirmed;
        @Others
        final JsonObject others;

        Json(String kind, Long value, String answer, List<String> decidedBy, String why, Map<String, Json> parts,
             Confirmed confirmed, JsonObject others) {
            this.kind = kind;
            this.value = value;
            this.answer = answer;
            this.decidedBy = decidedBy;
            this.why = why;
            this.parts = parts;
            this.confirmed = confirmed;
            this.others = others;
        }
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Decision)) {
            return false;
        }
        Decision o = (Decision) other;
        return kind == o.kind && value == o.value && answer.equals(o.answer) && decidedBy.equals(o.decidedBy)
                && why.equals(o.why) && parts.equals(o.parts) && Objects.equals(confirmed, o.confirmed);
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
