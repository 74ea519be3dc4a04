package dev.latencybench.core.json;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file of a run that cannot be read as its type, said in one line that names the file and, where one is at fault,
 * the member: {@code <file> is damaged: member jdk.maxHeapBytes is not a whole number (it is "abc")}, or
 * {@code <file> is missing}, {@code <file> is cut short (...)}. Every reader of a run's files ({@code report},
 * {@code compare}, {@code --resume}) gets this one message for the same damage. Immutable.
 */
public final class DamagedFile extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String member;

    DamagedFile(Path file, String what, String member, Throwable cause) {
        super(file + " " + what, cause);
        this.file = file;
        this.member = member;
    }

    /** The file whose member is not as its type writes it. */
    public static DamagedFile of(Path file, MemberProblem p) {
        return new DamagedFile(file, "is damaged: " + MemberProblem.describe(p.member(), p.problem()), p.member(), p);
    }

    public Path file() {
        return file;
    }

    /** The member at fault ({@code jdk.maxHeapBytes}); null where the file as a whole is (missing, not JSON). */
    public String member() {
        return member;
    }
}
