package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A study's answer as data, rendered by {@link #line} the same way for every study. It only summarises: every figure
 * it gives must be in a table of the study's section. Immutable.
 */
public final class Answer {
    public static final int MAX_CHARS = 200;

    /** The cell, transport or variant the answer names first, as its tables name it. */
    public final String best;
    /** What it is best at, {@code lowest median}. */
    public final String figure;
    /** Its value as its tables give it, {@code 1.02µs}. */
    public final String value;
    /** The ratio to {@link #against}, {@code 1.17×}; null without one. */
    public final String ratio;
    /** The ratio's interval, {@code 1.12–1.22}; null without one. */
    public final String interval;
    public final String relation;
    public final String against;
    /** The figure of {@link #against}, said after its name; null for none. */
    public final String againstValue;
    public final boolean tie;
    /** Short clauses after the comparison, {@code p99.99 ties}. */
    public final List<String> also;
    private final int causeAt;
    /** A flag's short name, {@code busy machine}; null without one. */
    public final String caution;
    /** The line's lead when it names no best: why, or that none qualifies; null otherwise. */
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

    /** The best of two or more, with its figure ({@code lowest median}) and value. */
    public static Answer best(String best, String figure, String value) {
        return new Answer(Objects.requireNonNull(best, "best"), figure, value, null, null, null, null, null, false,
                List.of(), -1, null, null);
    }

    /** One cell alone, nothing to rank. */
    public static Answer only(String cell, String figure, String value) {
        return best(cell, figure, value);
    }

    public static Answer none(String why) {
        return new Answer(null, null, null, null, null, null, null, null, false, List.of(), -1, null,
                "no answer: " + Objects.requireNonNull(why, "why"));
    }

    /** An answer that names no best because none qualifies; its figures follow as clauses. */
    public static Answer noneQualifies(String statement) {
        return new Answer(null, null, null, null, null, null, null, null, false, List.of(), -1, null,
                Objects.requireNonNull(statement, "statement"));
    }

    /** Set against {@code against}: {@code 1.17× (1.12–1.22) below openjdk-17 g1}; a null ratio is left out. */
    public Answer against(String against, String relation, String ratio, String interval) {
        return new Answer(best, figure, value, ratio, interval, relation, against, null, false, also, causeAt, caution,
                none);
    }

    /** As {@link #against}, with the other's own figure after its name. */
    public Answer against(String against, String againstValue, String relation, String ratio, String interval) {
        return new Answer(best, figure, value, ratio, interval, relation, against, againstValue, false, also, causeAt,
                caution, none);
    }

    public Answer tiesWith(String against) {
        return new Answer(best, figure, value, null, null, null, against, null, true, also, causeAt, caution, none);
    }

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
     * Why the tail is what it is, kept to the last when a long line drops clauses. A second call replaces the first;
     * null adds nothing.
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

    public Answer caution(String flag) {
        return new Answer(best, figure, value, ratio, interval, relation, against, againstValue, tie, also, causeAt,
                flag, none);
    }

    public boolean hasCaution() {
        return caution != null;
    }

    public boolean isNone() {
        return none != null;
    }

    /**
     * The line, Markdown inline, without the study's name. Clauses are dropped from the last, the {@link #cause} last
     * of all, while it is over {@code maxChars} with Markdown removed.
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

    public static int plainLength(String markdown) {
        return plain(markdown).length();
    }

    /** The line without Markdown; a link keeps its text. */
    public static String plain(String markdown) {
        return markdown.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("**", "").replace("`", "");
    }

    /** A ratio as {@code 1.17×}: two decimals below 10, one from 10; a dash for NaN. */
    public static String ratio(double r) {
        return Double.isNaN(r) ? "—" : String.format(Locale.ROOT, r < 10 ? "%.2f×" : "%.1f×", r);
    }

    /** A ratio's interval, {@code 1.12–1.22}, with one more decimal where the two ends would read alike. */
    public static String ratioInterval(double ratio, double low, double high) {
        int decimals = ratio < 10 ? 2 : 1;
        if (String.format(Locale.ROOT, "%." + decimals + "f", low).equals(String.format(Locale.ROOT, "%." + decimals
                + "f", high))) {
            decimals++;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f–%." + decimals + "f", low, high);
    }

    /** How many leading words every name shares, keeping at least one word of each; a single name shares none. */
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

    public static String dropWords(String name, int words) {
        String[] w = name.split(" ");
        return String.join(" ", java.util.Arrays.copyOfRange(w, Math.min(words, w.length - 1), w.length));
    }

    @Override
    public String toString() {
        return line(Integer.MAX_VALUE);
    }
}
