package dev.latencybench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.latencybench.report.data.RunData;

/**
 * Which of {@code bench compare}'s figures may fail it. A cell whose figures cannot tell a change from noise (one
 * fork on a side, smoke scale) or that flags itself suspect does not gate unless {@code --gate-anyway}; on such runs
 * a failure is as likely the machine as the change. Not thread-safe; one per comparison.
 */
final class Gate {
    /** The scale whose runs are too short to gate on. */
    static final String SMOKE = "smoke";
    /** A flag's name is the text before its colon, when that is this short (else its first words). */
    private static final int NAME_CHARS = 40;

    private final boolean anyway;
    /** Each reason, in order of first use, with the cells (or lines) it applies to. */
    private final Map<String, List<String>> cellsByReason = new LinkedHashMap<>();
    private int counted;
    private int ungated;
    /** Why the searches' and studies' own lines are not gated; these are not counted as cells. */
    private final Set<String> lineReasons = new LinkedHashSet<>();

    Gate(boolean anyway) {
        this.anyway = anyway;
    }

    boolean anyway() {
        return anyway;
    }

    /** How many forks a cell ran: its kept forks of the primary metric, else what its result says. */
    static int forks(RunData.Row row) {
        int kept = row.primaryForks().size();
        return kept > 0 ? kept : row.result == null ? 0 : row.result.forks;
    }

    /** Whether either side ran one fork (or none kept): no spread between forks to judge a change against. */
    static boolean oneFork(RunData.Row b, RunData.Row c) {
        return forks(b) < 2 || forks(c) < 2;
    }

    /** Why a compared cell's figures are not gated, a few words each; empty when they are. */
    static List<String> reasons(RunData.Row b, RunData.Row c) {
        List<String> out = new ArrayList<>();
        boolean oneBase = forks(b) < 2;
        boolean oneCand = forks(c) < 2;
        String forks = oneBase && oneCand ? "one fork a side" : oneBase ? "one fork in the base"
                : oneCand ? "one fork in the candidate" : null;
        boolean smoke = smoke(b) || smoke(c);
        if (forks != null || smoke) {
            out.add(forks == null ? "smoke scale" : smoke ? forks + " (smoke scale)" : forks);
        }
        Set<String> names = new LinkedHashSet<>(); // a row's notes are its result's flags (its flags are the JVM's)
        b.notes.forEach(f -> names.add(name(f)));
        c.notes.forEach(f -> names.add(name(f)));
        for (String n : names) {
            boolean inBase = b.notes.stream().anyMatch(f -> name(f).equals(n));
            boolean inCand = c.notes.stream().anyMatch(f -> name(f).equals(n));
            out.add("flagged " + n + (inBase && inCand ? " in both runs" : inBase ? " in the base" : " in the candidate"));
        }
        return out;
    }

    /** Why a cell OK in the base and missing from {@code cand} is not gated; empty when it is. */
    static List<String> reasons(RunData.Row b, RunData cand) {
        List<String> out = new ArrayList<>();
        String forks = forks(b) < 2 ? "one fork in the base" : null;
        boolean smoke = smoke(b) || smoke(cand);
        if (forks != null || smoke) {
            out.add(forks == null ? "smoke scale" : smoke ? forks + " (smoke scale)" : forks);
        }
        new LinkedHashSet<>(b.notes).stream().map(Gate::name).distinct()
                .forEach(n -> out.add("flagged " + n + " in the base"));
        return out;
    }

    /** Whether either run holds smoke-scale results: its searches' and studies' own lines do not gate then. */
    static boolean smoke(RunData run) {
        return run.scenarios.values().stream().flatMap(List::stream).anyMatch(Gate::smoke);
    }

    private static boolean smoke(RunData.Row row) {
        return row.result != null && SMOKE.equals(row.result.scale);
    }

    /** {@code busy machine} of {@code busy machine: other processes used 0.13 cores, ...}. */
    static String name(String flag) {
        int colon = flag.indexOf(':');
        if (colon > 0 && colon <= NAME_CHARS) {
            return flag.substring(0, colon);
        }
        String[] words = flag.split(" ");
        return words.length <= 4 ? flag : String.join(" ", List.of(words).subList(0, 4)) + " ...";
    }

    /** Counts one compared cell with the reasons it is not gated; returns whether its figures gate. */
    boolean count(String where, List<String> reasons) {
        counted++;
        if (!reasons.isEmpty()) {
            ungated++;
            reasons.forEach(r -> cellsByReason.computeIfAbsent(r, k -> new ArrayList<>()).add(where));
        }
        return anyway || reasons.isEmpty();
    }

    /** Notes why a search's or study's own line is not gated; returns whether it gates. */
    boolean countLine(List<String> reasons) {
        lineReasons.addAll(reasons);
        return anyway || reasons.isEmpty();
    }

    /** The line under the verdict ({@code not gated: ...; --gate-anyway to gate}); empty when every figure gates. */
    String line() {
        if (ungated == 0 && lineReasons.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        cellsByReason.forEach((reason, cells) -> parts.add(cells.size() == counted ? reason
                : reason + " (" + (cells.size() <= 2 ? String.join(", ", cells) : cells.size() + " cells") + ")"));
        for (String r : lineReasons) { // "smoke scale" is said once, if a cell's reason said it already
            if (parts.stream().noneMatch(p -> p.contains(r))) {
                parts.add(r);
            }
        }
        String reasons = String.join(", ", parts);
        if (anyway) {
            return "gated anyway (--gate-anyway): " + reasons;
        }
        return (ungated == counted ? "not gated: " : "not gated for " + ungated + " of " + counted + " cells: ")
                + reasons + "; --gate-anyway to gate";
    }
}
