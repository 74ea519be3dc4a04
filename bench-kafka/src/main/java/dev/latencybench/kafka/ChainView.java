package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.schedule.ScheduleFile;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.Table;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/**
 * The chain study's own part of the report: why it runs two Kafka consumers, and each transport's capacity with the
 * CPU a chain took there ({@link ChainCapacity}). No headline: the search's answer is the first line. Stateless.
 */
public final class ChainView implements StudyView {
    @Override
    public String study() {
        return ChainStudy.DESCRIPTOR.name;
    }

    /** Without the schedule files there is no capacity to show: nothing. */
    @Override
    public View answer(List<ViewRow> rows) {
        return new View();
    }

    @Override
    public View answer(List<ViewRow> rows, List<ScheduleFile> schedules) {
        View v = new View();
        if (!schedules.isEmpty()) {
            v.answer("", ChainAnswer.of(schedules, rows));
        }
        Table t = new Table();
        boolean several = schedules.size() > 1;
        if (several) {
            t.text("JVM × GC");
        }
        t.text("transport").text("chains held").number("CPU at (chains)").number("benchmark JVM CPU (cores)")
                .number("broker CPU (cores)").number("CPU per chain (cores)");
        List<String> why = new ArrayList<>();
        for (ScheduleFile s : schedules) {
            Map<String, ChainCapacity.Held> held = ChainCapacity.of(s, rows);
            String label = label(s.cell, rows);
            for (ChainCapacity.Held h : held.values()) {
                List<Object> row = new ArrayList<>();
                if (several) {
                    row.add(label);
                }
                row.add(h.transport);
                row.add(chains(h));
                row.add(String.format(Locale.ROOT, "%,d", h.cpuAtChains));
                row.add(cores(h.benchmarkJvmCores));
                row.add(h.brokerCores == null ? "-" : cores(h.brokerCores));
                row.add(cores(h.coresPerChain));
                t.row(row);
            }
            String sentence = truncation(held, rows, s.cell);
            if (sentence != null) {
                why.add((several ? "On `" + label + "`: " : "") + sentence);
            }
        }
        if (t.isEmpty()) {
            return v;
        }
        if (!why.isEmpty()) {
            v.heading(1, "Kafka's consumers as published and as meant");
            why.forEach(v::paragraph);
        }
        v.heading(1, "Capacity and CPU per chain");
        v.paragraph("Each transport's count held, with the CPU used over the measured period of the step that held"
                + " it (where none held, of the first step, 1 chain): the benchmark JVM's (sources, services, sinks"
                + " and their clients) and the Kafka broker's, a JVM of its own that the suite started, and the two"
                + " together per chain.");
        v.table(t);
        return v;
    }

    /** The published consumer against the meant one, with the figures; null without both Kafka consumers' counts. */
    static String truncation(Map<String, ChainCapacity.Held> held, List<ViewRow> rows, String cell) {
        ChainCapacity.Held published = held.get(ChainStudy.KAFKA_AS_PUBLISHED);
        ChainCapacity.Held meant = held.get(ChainStudy.KAFKA);
        if (published == null || meant == null) {
            return null;
        }
        long rate = rate(rows, cell);
        long waitNs = KafkaPoll.intervalNs(rate) / 8;
        return String.format(Locale.ROOT, "The published study's consumers call `poll(Duration.ofNanos(%d))`, 1/8 of"
                + " the %s between messages, and Kafka's client truncates a `Duration` to whole milliseconds"
                + " (`Time.timer(Duration)` calls `toMillis()`), so each poll waited %d ms and every consumer spun"
                + " through the client: run that way, `%s` held %s. Waiting what the study meant, rounded up to"
                + " `poll(%d ms)`, which returns as soon as a record arrives, `%s` held %s.", waitNs,
                Units.formatNs(KafkaPoll.intervalNs(rate)), waitNs / 1_000_000, ChainStudy.KAFKA_AS_PUBLISHED,
                inWords(published), (waitNs + 999_999) / 1_000_000, ChainStudy.KAFKA, inWords(meant));
    }

    /** {@code 3 chains at 0.62 cores a chain}, {@code no chain (1 chain took 1.95 cores)}. */
    static String inWords(ChainCapacity.Held h) {
        String cpu = Double.isNaN(h.coresPerChain) ? "" : String.format(Locale.ROOT, " at %.2f cores a chain",
                h.coresPerChain);
        if (h.chains == 0) {
            return Double.isNaN(h.coresPerChain) ? "no chain" : String.format(Locale.ROOT,
                    "no chain (%,d chain%s broke the SLO%s)", h.cpuAtChains, h.cpuAtChains == 1 ? "" : "s", cpu);
        }
        return chains(h) + cpu;
    }

    private static String chains(ChainCapacity.Held h) {
        if (h.chains == 0) {
            return "none";
        }
        return String.format(Locale.ROOT, "%s%,d chain%s", h.lowerBound ? "at least " : "", h.chains,
                h.chains == 1 ? "" : "s");
    }

    static String cores(double c) {
        return Double.isNaN(c) ? "-" : String.format(Locale.ROOT, "%.2f", c);
    }

    /** The chains' rate from a step of the cell; the study's 1,000 msg/s when none says. */
    private static long rate(List<ViewRow> rows, String cell) {
        for (ViewRow r : rows) {
            if (r.cell.equals(cell) && r.result != null) {
                ChainResult part = r.result.part(ChainResult.PART);
                if (part != null && part.pacing != null && part.pacing.askedRatePerSec > 0) {
                    return part.pacing.askedRatePerSec;
                }
            }
        }
        return ChainConfig.DEFAULT_RATE;
    }

    /** {@code openjdk-17.0.15 g1}: the cell as people read it. */
    private static String label(String cell, List<ViewRow> rows) {
        for (ViewRow r : rows) {
            if (r.cell.equals(cell)) {
                return r.label();
            }
        }
        return cell.replace("__", " ");
    }
}
