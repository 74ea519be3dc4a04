package dev.latencybench.core.json;

import com.google.gson.JsonParseException;

/**
 * A JSON value that is not what its type says a member holds: where ({@link #member}, e.g. {@code jdk.maxHeapBytes};
 * empty for the whole value) and what is wrong, in words ({@code is not a whole number (it is "abc")}).
 * {@link JsonCodec} turns it into a {@link DamagedFile} naming the file. Immutable.
 */
public final class MemberProblem extends JsonParseException {
    private static final long serialVersionUID = 1L;

    private final String member;
    private final String problem;

    MemberProblem(String member, String problem) {
        super(describe(member, problem));
        this.member = member;
        this.problem = problem;
    }

    /** {@code member} (its path from the file's top) {@code problem} ({@code is not one of [A, B] (it is C)}). */
    public static MemberProblem of(String member, String problem) {
        return new MemberProblem(member, problem);
    }

    /** A member a type needs that the value lacks ({@code cells[0].cell}). */
    public static MemberProblem missing(String member) {
        return new MemberProblem(member, "is missing");
    }

    /** The member's path from the file's top ({@code pinning[1].fork}); empty for the top value itself. */
    public String member() {
        return member;
    }

    /** What is wrong with it, e.g. {@code is not a whole number (it is "abc")}. */
    public String problem() {
        return problem;
    }

    /** The same problem, found inside the value at {@code outer} (a Gson path, {@code $.jdk}): named from the top. */
    public MemberProblem under(String outer) {
        String prefix = JsonPaths.member(outer);
        if (prefix.isEmpty()) {
            return this;
        }
        String inner = member.isEmpty() ? prefix : member.startsWith("[") ? prefix + member : prefix + "." + member;
        return new MemberProblem(inner, problem);
    }

    static String describe(String member, String problem) {
        return member.isEmpty() ? "the value " + problem : "member " + member + " " + problem;
    }
}
