package dev.latencybench.core.schedule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several schedules run one after the other, each to its end: the steps done are handed to the first schedule
 * until it asks for nothing more, the rest to the second, and so on.
 *
 * <pre>
 *   [search chronicle: 1, 2, 4, 8 (fail), 6, 7] -> [search in-memory: 1, 2, ... 1,024] -> done
 * </pre>
 *
 * <p>An interrupted step ends the whole sequence. The {@link #decision} combines the parts' decisions
 * ({@link Decision#combine}); a part that answers no question counts only when a step of it did not end OK. No
 * two parts may name the same step. Immutable; holds no progress (see {@link Schedule}).
 */
public final class SequenceOfSchedules implements Schedule {
    private final List<Schedule> parts;

    /** @throws IllegalArgumentException when the list is empty or two parts share a variant */
    public SequenceOfSchedules(List<? extends Schedule> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a sequence of schedules needs at least one schedule");
        }
        Set<String> seen = new HashSet<>();
        for (Schedule s : parts) {
            for (String v : s.variants()) {
                if (!seen.add(v)) {
                    throw new IllegalArgumentException("variant '" + v + "' is in two schedules of the sequence:"
                            + " their steps would share folders");
                }
            }
        }
        this.parts = List.copyOf(parts);
    }

    @Override
    public Step next(List<StepOutcome> done) {
        Replay.check(this::planned, done);
        return Replay.interrupted(done) ? null : planned(done);
    }

    /** The rule, interruptions aside: the first part that still asks for a step, given its share of {@code done}. */
    private Step planned(List<StepOutcome> done) {
        Split split = new Split(done);
        for (int i = split.current; i < parts.size(); i++) {
            Step s = parts.get(i).next(i == split.current ? split.currentSteps : List.of());
            if (s != null) {
                return s;
            }
        }
        return null;
    }

    /** The steps done, cut into the parts' shares: each finished part's list, then the running part's. */
    private final class Split {
        final List<List<StepOutcome>> finished = new ArrayList<>();
        int current;
        List<StepOutcome> currentSteps = List.of();

        Split(List<StepOutcome> done) {
            int from = 0;
            while (current < parts.size()) {
                Schedule part = parts.get(current);
                int to = from;
                // a part's share grows while it asks for more and steps remain
                while (to < done.size() && part.next(done.subList(from, to)) != null) {
                    to++;
                }
                List<StepOutcome> share = done.subList(from, to);
                if (to == done.size() && part.next(share) != null) {
                    currentSteps = share; // still running
                    return;
                }
                finished.add(share);
                from = to;
                current++;
                if (from == done.size()) {
                    return;
                }
            }
            currentSteps = done.subList(from, done.size()); // more steps than every part asked for: Replay says so
        }
    }

    /** Each part's decision on its share of the steps, under its variants' names; null when none answers a question. */
    @Override
    public Decision decision(List<StepOutcome> done) {
        return decision(done, Map.of());
    }

    /** Each part's decision on its share, its confirmed steps judged on all their forks ({@link #decision(List)}). */
    @Override
    public Decision decision(List<StepOutcome> done, Map<String, StepOutcome> confirmed) {
        Replay.check(this::planned, done);
        Split split = new Split(done);
        Map<String, Decision> answers = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            List<StepOutcome> share = i < split.finished.size() ? split.finished.get(i)
                    : i == split.current ? split.currentSteps : List.of();
            Decision d = parts.get(i).decision(share, confirmed);
            if (d == null) {
                d = failedStep(share);
            }
            if (d != null) {
                answers.put(String.join(",", parts.get(i).variants()), d);
            }
        }
        return answers.isEmpty() ? null : Decision.combine(answers);
    }

    /** A FAILED part naming the steps of a share that did not end OK, so none fails unheard; null when all ended OK. */
    private static Decision failedStep(List<StepOutcome> share) {
        List<String> names = new ArrayList<>();
        List<String> whys = new ArrayList<>();
        for (StepOutcome o : share) {
            if (o.status != StepOutcome.Status.OK) {
                names.add(o.step.name());
                whys.add(o.step.name() + " " + o.status
                        + (o.reasons.isEmpty() ? "" : ": " + String.join("; ", o.reasons)));
            }
        }
        return names.isEmpty() ? null : new Decision(Decision.Kind.FAILED, 0,
                "failed: " + String.join(", ", names), names, String.join("; ", whys));
    }

    /** The parts, in order. Unmodifiable. */
    public List<Schedule> parts() {
        return parts;
    }

    /** Each part's description, in order, joined by {@code ; then }. */
    @Override
    public String describe() {
        List<String> each = new ArrayList<>();
        parts.forEach(p -> each.add(p.describe()));
        return String.join("; then ", each);
    }

    /** Every part's worst case, added up. */
    @Override
    public int maxSteps() {
        return parts.stream().mapToInt(Schedule::maxSteps).sum();
    }

    /** Every part's deciding steps, added up. */
    @Override
    public int maxDecidingSteps() {
        return parts.stream().mapToInt(Schedule::maxDecidingSteps).sum();
    }

    @Override
    public List<String> variants() {
        List<String> all = new ArrayList<>();
        parts.forEach(p -> all.addAll(p.variants()));
        return all;
    }

    @Override
    public String toString() {
        return describe();
    }
}
