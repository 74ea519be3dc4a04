package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A study's answer as data, for the report's first screen and the console: the best cell, the figure it is best at
 * and its value, by how much (a ratio with its interval) against which cell, or that the two tie; a few short
 * clauses beside it (another percentile, the floor); and a caution where a flag applies. One renderer,
 * {@link #line}, writes every study's line the same way, at most {@link #MAX_CHARS} characters once its Markdown is
 * removed; the reasons, sample counts and how to run longer are in the study's own section.
 *
 * <p>Every figure given here must be in a table of the study's section: the answer summarises, it never adds a
 * number of its own. Immutable; built by {@link #best}, {@link #only} or {@link #none}.
 */
public final class Answer {
    /** The longest line {@link #line} writes, Markdown removed. */
    public static final int MAX_CHARS = 200;

    /** The cell, transport or variant the answer names first, as its tables name it. */
    public final String best;
    /** What it is best at, {@code lowest median}, {@code most chains}; the figure's name without a best. */
    public final String figure;
    /** Its value as its tables give it, {@code 1.02µs}, {@code ≥32}. */
    public final String value;
    /** The ratio to {@link #against}, {@code 1.17×}; null without one. */
    public final String ratio;
    /** The ratio's interval, {@code 1.12–1.22}; null without one. */
    public final String interval;
    /** How the best stands to {@link #against}: {@code below}, {@code over}. */
    public final String relation;
    /** The cell set against the best; null when there is none. */
    public final String against;
    /** The figure of {@link #against}, said after its name in parentheses, {@code 30}; null for none. */
    public final String againstValue;
    /** True when the two cannot be told apart: said as a tie, with no ratio. */
    public final boolean tie;
    /** Short clauses after the comparison, {@code p99.99 ties}, {@code floor 331ns}; each a few words. */
    public final List<String> also;
    /** Where in {@link #also} the tail's cause is ({@link #cause}); -1 without one. */
    private final int causeAt;
    /** A flag's short name where it applies, {@code busy machine}; null without one. */
    public final String caution;
    /** The line's lead when it names no best: why there is no answer, or that none qualifies; null otherwise. */
    public final String none;

    private Answer(String best, String figure, String value, String ratio, String interval, String relation,
                   String against, String againstValue, boolean tie, List<String> also, int causeAt, String caution,
                   String none) {
        this.best = best;
        this.figure = figure;
        this.value = value;
        this.ratio = ratio;
        this.interval = interval;
        this.relation = relation;
        this.against = against;
        this.againstValue = againstValue;
        this.tie = tie;
        this.also = List.copyOf(also);
        this.causeAt = causeAt;
        this.caution = caution;
        this.none = none;
    }

    /**
     * The best of two or more: {@code best} is lowest (or highest) at {@code figure} with {@code value}.
     *
     * @param figure what it is best at, {@code lowest median}
     */
    public static Answer best(String best, String figure, String value) {
        return new Answer(Objects.requireNonNull(best, "best"), figure, value, null, null, null, null, null, false,
                List.of(), -1, null, null);
    }

    /** One cell alone, nothing to rank: {@code figure} is the figure's name, {@code median}. */
    public static Answer only(String cell, String figure, String value) {
        return best(cell, figure, value);
    }

    /** No answer, and the reason in a few words ({@code no cell ended OK}). */
    public static Answer none(String why) {
        return new Answer(null, null, null, null, null, null, null, null, false, List.of(), -1, null,
                "no answer: " + Objects.requireNonNull(why, "why"));
    }

    /**
     * An answer that names no best, because none qualifies: {@code no transport held 1 chain under p99.9 < 1.00ms}.
     * Its figures follow as clauses.
     */
    public static Answer noneQualifies(String statement) {
        return new Answer(null, null, null, null, null, null, null, null, false, List.of(), -1, null,
                Objects.requireNonNull(statement, "statement"));
    }

    /**
     * Set against {@code against}: {@code ratio} ({@code interval}) {@code relation} {@code against}, as in {@code
     * 1.17× (1.12–1.22) below openjdk-17 g1}; a null ratio leaves only the relation.
     */
    public Answer against(String against, String relation, String ratio, String interval) {
        return new Answer(best, figure, value, ratio, interval, relation, against, null, false, also, causeAt, caution,
                none);
    }

    /** As {@link #against}, with the other's own figure after its name: {@code over `kafka` (30)}. */
    public Answer against(String against, String againstValue, String relation, String ratio, String interval) {
        return new Answer(best, figure, value, ratio, interval, relation, against, againstValue, false, also, causeAt,
                caution, none);
    }

    /** The best and {@code against} cannot be told apart at the figure: a tie, no ratio. */
    public Answer tiesWith(String against) {
        return new Answer(best, figure, value, null, null, null, against, null, true, also, causeAt, caution, none);
    }

    /** A short clause after the comparison; null adds nothing. */
    public Answer also(String clause) {
        if (clause == null || clause.isBlank()) {
            return this;
        }
        List<String> more = new ArrayList<>(also);
        more.add(clause);
        return new Answer(best, figure, value, ratio, interval, relation, against, againstValue, tie, more, causeAt,
                caution, none);
    }

    /**
     * Why the tail is what it is ({@code beyond p99.9: 18 of 20 gc}), said where it is added among the clauses but
     * the last to be left out of a long line: every other clause goes first. A second call replaces the first; null
     * adds nothing.
     */
    public Answer cause(String clause) {
        if (clause == null || clause.isBlank()) {
            return this;
        }
        List<String> more = new ArrayList<>(also);
        if (causeAt >= 0) {
            more.remove(causeAt);
        }
        more.add(clause);
        return new Answer(best, figure, value, ratio, interval, relation, against, againstValue, tie, more,
                more.size() - 1, caution, none);
    }

    /** A flag's short name, said at the end of the line; null leaves none. */
    public Answer caution(String flag) {
        return new Answer(best, figure, value, ratio, interval, relation, against, againstValue, tie, also, causeAt,
                flag, none);
    }

    /** Whether a flag's caution is said at the end of the line. */
    public boolean hasCaution() {
        return caution != null;
    }

    public boolean isNone() {
        return none != null;
    }

    /**
     * The line, Markdown inline ({@code `code`}), without the study's name: {@code `temurin-25 zgc` lowest median,
     * 1.02µs, 1.17× (1.12–1.22) below `openjdk-17 g1`; p99.99 ties. Caution: busy machine.} Clauses of
     * {@link #also} are left out from the last while the line is over {@code maxChars} once its Markdown is removed,
     * the {@link #cause} last of all.
     *
     * @param maxChars the longest the line may be, Markdown removed, with whatever precedes it counted by the caller
     */
    public String line(int maxChars) {
        List<String> clauses = new ArrayList<>(also);
        int cause = causeAt;
        String line = compose(clauses);
        while (plainLength(line) > maxChars && !clauses.isEmpty()) {
            int drop = clauses.size() - 1 == cause && clauses.size() > 1 ? clauses.size() - 2 : clauses.size() - 1;
            clauses.remove(drop);
            if (drop < cause) {
                cause--;
            }
            line = compose(clauses);
        }
        return line;
    }

    private String compose(List<String> clauses) {
        StringBuilder sb = new StringBuilder();
        if (none != null) {
            sb.append(none);
        } else if (tie) {
            sb.append(code(best)).append(" and ").append(code(against)).append(" tie at the ")
                    .append(figureName()).append(" (").append(value).append(')');
        } else {
            sb.append(code(best)).append(' ').append(figure).append(", ").append(value);
            if (against != null) {
                sb.append(", ");
                if (ratio != null) {
                    sb.append(ratio).append(interval == null ? "" : " (" + interval + ")").append(' ');
                }
                sb.append(relation).append(' ').append(code(against));
                if (againstValue != null) {
                    sb.append(" (").append(againstValue).append(')');
                }
            }
        }
        for (String c : clauses) {
            sb.append("; ").append(c);
        }
        sb.append('.');
        if (caution != null) {
            sb.append(" Caution: ").append(caution).append('.');
        }
        return sb.toString();
    }

    /** The figure without its "lowest"/"most": {@code lowest median} → {@code median}. */
    private String figureName() {
        String f = figure == null ? "" : figure;
        for (String lead : new String[] {"lowest ", "highest ", "most ", "fewest ", "fastest "}) {
            if (f.startsWith(lead)) {
                return f.substring(lead.length());
            }
        }
        return f;
    }

    private static String code(String name) {
        return "`" + name + "`";
    }

    /** The length of a line once its Markdown (code ticks, bold marks, a link's target) is removed. */
    public static int plainLength(String markdown) {
        return plain(markdown).length();
    }

    /** The line without Markdown: ticks and bold marks gone, a link {@code [text](#target)} kept as its text. */
    public static String plain(String markdown) {
        return markdown.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("**", "").replace("`", "");
    }

    /** {@code 1.17×}, as every answer gives a ratio: two decimals below 10, one from 10; a dash for NaN. */
    public static String ratio(double r) {
        return Double.isNaN(r) ? "—" : String.format(Locale.ROOT, r < 10 ? "%.2f×" : "%.1f×", r);
    }

    /**
     * {@code 1.12–1.22}, a ratio's interval: as many decimals as {@link #ratio} gives the ratio, one more where the
     * two ends would read alike ({@code 1.166–1.174}, not {@code 1.17–1.17}).
     */
    public static String ratioInterval(double ratio, double low, double high) {
        int decimals = ratio < 10 ? 2 : 1;
        if (String.format(Locale.ROOT, "%." + decimals + "f", low).equals(String.format(Locale.ROOT, "%." + decimals
                + "f", high))) {
            decimals++;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f–%." + decimals + "f", low, high);
    }

    /**
     * How many leading words every name shares ({@code temurin-25.0.3} of {@code temurin-25.0.3 zgc} and {@code
     * temurin-25.0.3 g1}): an answer may leave them out of its names and keep the line short; at least one word of
     * each is kept, and a single name shares none.
     */
    public static int sharedWords(List<String> names) {
        if (names.size() < 2) {
            return 0;
        }
        String[] first = names.get(0).split(" ");
        int n = 0;
        while (n < first.length - 1) {
            final int i = n;
            if (!names.stream().allMatch(x -> {
                String[] w = x.split(" ");
                return w.length > i + 1 && w[i].equals(first[i]);
            })) {
                break;
            }
            n++;
        }
        return n;
    }

    /** {@code name} without its first {@code words} words. */
    public static String dropWords(String name, int words) {
        String[] w = name.split(" ");
        return String.join(" ", java.util.Arrays.copyOfRange(w, Math.min(words, w.length - 1), w.length));
    }

    @Override
    public String toString() {
        return line(Integer.MAX_VALUE);
    }
}
