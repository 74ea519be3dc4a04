package dev.latencybench.report.data;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.ResultPart;
import dev.latencybench.core.schedule.Decision;
import dev.latencybench.core.schedule.ScheduleFile;
import dev.latencybench.core.schedule.TooShort;
import dev.latencybench.core.view.VerdictRule;

/**
 * One cell's capacity search, read back from {@code <study>/<cell>.schedule.json}: its steps in the order they ran and
 * its decision with one part per variant searched. Immutable.
 */
public final class Search {
    /** A search's pass rule as its description states it: {@code pass: p99.9 < 100ms}. */
    private static final Pattern PASS_RULE = Pattern.compile("pass: (p[0-9.]+|max) < ([0-9]+(?:\\.[0-9]+)?) ?(ns|us|µs|ms|s)\\b");
    /** How a sweep's schedule describes itself ({@code Sweep.describe}). */
    private static final String SWEEP = "sweep of ";
    private static final Map<String, Double> NS_PER = Map.of("ns", 1.0, "us", 1e3, "µs", 1e3, "ms", 1e6, "s", 1e9);

    /** A step's samples a second of one fork's measured period (0 when unknown), its forks, and what a sample is. */
    public record Length(double ratePerSec, int forks, String sample, String rateUnit) {
        static final Length UNKNOWN = new Length(0, 1, "sample", "samples/s");
    }

    /** One step: {@code value} is the searched property's value, -1 for a step without one. */
    public record Step(String name, String variant, String property, long value, String status, LatencySummary primary) {
        public boolean ok() {
            return "OK".equals(status);
        }
    }

    /** A decision: {@code kind} as bench-core's {@code Decision.Kind} names it. */
    public record Answer(String kind, long value, String answer, List<String> decidedBy, String why) {
        public boolean atLimit() {
            return "AT_LIMIT".equals(kind);
        }

        public boolean unfinished() {
            return "UNFINISHED".equals(kind);
        }

        /** The deciding step was too short to judge its percentile: no answer at this length. */
        public boolean cannotTell() {
            return "CANNOT_TELL".equals(kind);
        }

        /** A step failed for a reason that is not a bound (a crash, a broker gone): no answer. */
        public boolean failed() {
            return "FAILED".equals(kind);
        }

        /** A number one can divide by: a boundary, or a limit's lower bound. */
        public boolean hasValue() {
            return value > 0 && !"unknown".equals(answer);
        }

        /** A decision of the schedule file, as bench-core's {@code Decision} reads it back. */
        public static Answer of(Decision d) {
            return new Answer(d.kind.name(), d.value, d.answer, d.decidedBy, d.why);
        }
    }

    public final String cell;
    final String jvm;
    final String gc;
    public final String schedule;
    public final String primary;
    public final List<Step> steps;
    /** The whole decision; null when the schedule answers no question. */
    final Answer decision;
    /** The decision's parts by variant, in order; one entry, under the steps' variant, for a plain decision. */
    public final Map<String, Answer> parts;
    /** The schedule file as the launcher wrote it, for a study's own view. */
    public final ScheduleFile file;
    /** What a variant's steps shared (the chain search's one broker) and how it was made ready, by variant. */
    public final Map<String, String> shared = new LinkedHashMap<>();

    private Search(String cell, String schedule, String primary, List<Step> steps, Answer decision,
                   Map<String, Answer> parts, ScheduleFile file) {
        this.file = file;
        this.cell = cell;
        int sep = cell.lastIndexOf("__");
        this.jvm = sep > 0 ? cell.substring(0, sep) : cell;
        this.gc = sep > 0 ? cell.substring(sep + 2) : "";
        this.schedule = schedule;
        this.primary = primary;
        this.steps = List.copyOf(steps);
        this.decision = decision;
        this.parts = parts;
    }

    /** Every {@code *.schedule.json} of a study folder with a decision; unreadable ones go to {@code problems}. */
    static List<Search> readAll(Path studyDir, List<String> problems) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(studyDir)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(studyDir, "*" + ScheduleFile.SUFFIX)) {
                ds.forEach(files::add);
            }
        }
        files.sort(null);
        List<Search> out = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            Search s;
            try {
                String cell = name.substring(0, name.length() - ScheduleFile.SUFFIX.length());
                s = of(cell, ScheduleFile.fromJson(RunFile.readObject(f)),
                        step -> length(studyDir.resolve(step).resolve(cell)));
            } catch (RunFile.Unreadable e) { // the steps are still read from their folders, as plain cells
                problems.add(e.getMessage());
                continue;
            } catch (RuntimeException e) {
                problems.add(RunFile.notAsWritten(f, e));
                continue;
            }
            // a judged sweep only picks points to confirm; its study's own view reads the answer, so it is no search
            if (s.decision != null && !s.schedule.startsWith(SWEEP)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The search of a schedule file's JSON, its step lengths unknown. */
    public static Search of(String cell, JsonObject o) {
        return of(cell, ScheduleFile.fromJson(o), step -> Length.UNKNOWN);
    }

    /** The message counts of a study that counts messages (their members are {@link MessageCounts}'s). */
    private static final ResultPart<MessageCounts> MESSAGES = ResultPart.of(MessageCounts.class);

    /** A step's length from its {@code result.json}: messages received where counted, else primary samples. */
    private static Length length(Path cellDir) {
        Path result = cellDir.resolve("result.json");
        if (!Files.isRegularFile(result)) {
            return Length.UNKNOWN;
        }
        try {
            CellResult r = CellResult.read(result);
            long measureNs = r.measureNs;
            int forks = r.forksWithData != null ? Math.max(1, r.forksWithData) : 1;
            MessageCounts counted = r.part(MESSAGES);
            boolean messages = counted != null && counted.received > 0;
            LatencySummary primary = r.summaries.get(r.metrics.primary().name());
            long count = messages ? counted.received : primary != null ? primary.count : 0;
            double rate = measureNs > 0 && count > 0 ? count / (measureNs / 1e9 * forks) : 0;
            return messages ? new Length(rate, forks, "message", "msg/s") : new Length(rate, forks, "sample", "samples/s");
        } catch (IOException | RuntimeException e) {
            return Length.UNKNOWN; // the length is an aid to the text, not the answer
        }
    }

    static Search of(String cell, ScheduleFile file, java.util.function.Function<String, Length> lengths) {
        String primary = file.figure();
        List<Step> steps = new ArrayList<>();
        if (file.steps != null) {
            for (ScheduleFile.RanStep s : file.steps) {
                String property = null;
                long value = -1;
                if (s.properties != null && !s.properties.isEmpty()) {
                    property = s.properties.keySet().iterator().next();
                    try {
                        value = Long.parseLong(s.properties.get(property));
                    } catch (NumberFormatException notACount) {
                        value = -1;
                    }
                }
                steps.add(new Step(orEmpty(s.name), orEmpty(s.variant), property, value, orEmpty(s.status), s.summary));
            }
        }
        Answer decision = null;
        Map<String, Answer> parts = new LinkedHashMap<>();
        if (file.decision != null) {
            Decision d = file.decision;
            decision = Answer.of(d);
            if (!d.parts.isEmpty()) {
                d.parts.forEach((label, part) -> parts.put(label, Answer.of(part)));
            } else {
                parts.put(steps.isEmpty() ? "" : steps.get(0).variant(), decision);
            }
        }
        String schedule = orEmpty(file.schedule);
        Rule rule = passRule(schedule);
        if (rule != null) {
            parts.replaceAll((variant, a) -> rejudged(a, rule, steps, lengths));
        }
        Search search = new Search(cell, schedule, primary, steps, decision, parts, file);
        if (file.shared != null) {
            file.shared.keySet().forEach(variant -> {
                String summary = file.sharedSummary(variant);
                if (summary != null) {
                    search.shared.put(variant, summary);
                }
            });
        }
        return search;
    }

    /**
     * What a part's answer is known to be, for {@link VerdictRule}: from its last passing load to the first failing
     * above it, at least the answer where nothing above failed; null where there is no answer or no bound.
     */
    public VerdictRule.Range bracket(String variant) {
        Answer a = parts.get(variant);
        if (a == null || a.failed()) {
            return null;
        }
        long lastPass = "NONE_PASSED".equals(a.kind()) ? 0 : a.value();
        if (lastPass == 0 && !"NONE_PASSED".equals(a.kind()) || lastPass > 0 && !a.hasValue()) {
            return null;
        }
        long firstFail = Long.MAX_VALUE;
        for (Step st : steps) {
            if (st.variant().equals(variant) && st.value() > lastPass && !"INTERRUPTED".equals(st.status())) {
                firstFail = Math.min(firstFail, st.value());
            }
        }
        if (firstFail != Long.MAX_VALUE) {
            return VerdictRule.Range.bracket(lastPass, firstFail);
        }
        return a.atLimit() || a.unfinished() ? VerdictRule.Range.atLeast(lastPass) : null;
    }

    /**
     * A part's answer under the rule that no step is judged on a percentile with fewer than 10 samples beyond it
     * ({@link TooShort}), whatever the file says. A deciding step that passed or failed on such a figure makes the part
     * {@code CANNOT_TELL}, unless its max lay under the bound or a better-sampled percentile lies over it.
     */
    private static Answer rejudged(Answer a, Rule rule, List<Step> steps,
                                   java.util.function.Function<String, Length> lengths) {
        double pct = rule.pct();
        if (a.cannotTell() || a.failed() || a.decidedBy().isEmpty() || pct >= 100) {
            return a;
        }
        Step thin = null;
        for (int i = 0; i < a.decidedBy().size() && thin == null; i++) {
            String name = a.decidedBy().get(i);
            Step st = steps.stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
            if (st == null || st.primary() == null || st.primary().count == 0
                    || !TooShort.applies(st.primary().count, pct)) {
                continue;
            }
            if (st.ok() && st.primary().max < rule.boundNs()) { // every sample under the bound: a pass that holds
                continue;
            }
            boolean onTheRule = st.ok() || a.why().contains("limited by the SLO");
            boolean failing = "NONE_PASSED".equals(a.kind()) || "BOUNDARY".equals(a.kind()) && i == 1;
            if (failing && dev.latencybench.core.schedule.PassRule.overForCertain(st.primary(), rule.percentile(), pct,
                    (long) rule.boundNs()) != null) {
                continue; // a lower percentile on enough samples lies over the bound: a failure for certain
            }
            if (st.ok() || failing && onTheRule) {
                thin = st;
            }
        }
        if (thin == null) {
            return a;
        }
        Length len = lengths.apply(thin.name());
        String text = TooShort.text(thin.primary().count, rule.percentile(), pct, len.sample(), len.ratePerSec(),
                len.rateUnit(), len.forks());
        return new Answer("CANNOT_TELL", 0, TooShort.ANSWER + " (" + text + ")", List.of(thin.name()),
                thin.name() + " was too short to judge (" + text + "); as the search ran it: " + a.answer() + ", "
                        + a.why());
    }

    /** The searched property, e.g. {@code bench.chain.instances}; null when no step has one. */
    public String property() {
        return steps.stream().map(Step::property).filter(p -> p != null).findFirst().orElse(null);
    }

    /** A pass rule: the percentile (as {@code p99.9}) must stay below {@code boundNs}. */
    public record Rule(String percentile, double boundNs) {
        /** The percentile's field in a {@link LatencySummary}: {@code p99.9} reads {@code p99_9}. */
        public long of(LatencySummary s) {
            switch (percentile) {
                case "p50": return s.p50;
                case "p90": return s.p90;
                case "p99": return s.p99;
                case "p99.9": return s.p99_9;
                case "p99.99": return s.p99_99;
                default: return s.max;
            }
        }

        public String describe() {
            return percentile + " < " + Units.formatNs(boundNs);
        }

        /** The percentile as a number, {@code 99.9}; 100 for the max. */
        public double pct() {
            return "max".equals(percentile) ? 100 : Double.parseDouble(percentile.substring(1));
        }
    }

    /** The pass rule the schedule's description states ({@code pass: p99.9 < 100ms}); null when none or two differ. */
    public Rule passRule() {
        return passRule(schedule);
    }

    private static Rule passRule(String schedule) {
        Matcher m = PASS_RULE.matcher(schedule);
        Rule rule = null;
        while (m.find()) {
            Rule r = new Rule(m.group(1), Double.parseDouble(m.group(2)) * NS_PER.get(m.group(3)));
            if (rule != null && !rule.equals(r)) {
                return null;
            }
            rule = r;
        }
        return rule;
    }

    /** {@code openjdk-17.0.15 g1}. */
    public String label() {
        return gc.isEmpty() ? jvm : jvm + " " + gc;
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }
}
