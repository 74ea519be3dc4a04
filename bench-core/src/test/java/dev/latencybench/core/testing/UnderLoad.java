package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Assumptions;

import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.result.ResultFiles;

/**
 * An integration test's check that a cell, step or point ended OK, whose failure says when the machine's
 * load is the reason. A smoke IT checks mechanics, not this machine's latency, but a point still fails
 * "did not keep up" (or "rate not held", "broken by load") when other processes take the CPU it needs:
 * such a failure names the busy machine, from the result's own "busy machine" flag (the forks' probe)
 * or, where the result carries none, from the load other processes put on the machine now, over one
 * second. Such a point is not asserted: the test is aborted (JUnit reports it skipped) with the figures, so
 * a busy machine does not fail the build. Any other failure fails it, as it is. A run that should end with exit
 * status 0 is checked with {@link #assertExitZero}, which looks for such a point among the run's results first.
 * Stateless.
 */
public final class UnderLoad {
    /** How a point's reason begins when the machine could not keep its schedule. */
    static final List<String> LOAD_REASONS = List.of("did not keep up", "rate not held", "broken by load");
    private static final long PROBE_MS = 1_000;
    /** The CPUs a study's spinning pair and the rest of its run need to keep a point's schedule. */
    static final int ENOUGH_CPUS = 4;

    private UnderLoad() {
    }

    /**
     * Fails unless {@code result} (a result.json, a run.json cell or a schedule's step: an object with a
     * {@code status}, and {@code reasons} or {@code reason}, and perhaps {@code flags}) has status OK; where it failed
     * for the load of a busy machine, aborts the test instead, as not asserted.
     *
     * @param what the point, for the message (the variant, the cell)
     */
    public static void assertOk(JsonObject result, String what) {
        if (!"OK".equals(status(result))) {
            String why = explain(result, what, UnderLoad::loadNow);
            if (busy(why)) {
                notAsserted(why);
            }
            fail(why);
        }
    }

    /** Aborts the test as not asserted, saying why on the build's output too. */
    static void notAsserted(String why) {
        System.out.println("not asserted: " + why);
        Assumptions.abort("not asserted: " + why);
    }

    /** Every {@code result.json} under {@code results}, sorted. */
    private static List<Path> resultFiles(Path results) {
        try (Stream<Path> walk = Files.walk(results)) {
            return walk.filter(f -> f.getFileName().toString().equals("result.json")).sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@link #explain} said that the machine was busy. */
    private static boolean busy(String explained) {
        return explained.startsWith("the machine was busy") || explained.startsWith("the machine is busy");
    }

    /**
     * The points under {@code results} that failed for the load of a busy machine, each as {@link #explain} says it;
     * null where a point failed for another reason (the run's failure is then not the load's).
     */
    public static List<String> busyFailures(Path results) {
        List<String> busy = new ArrayList<>();
        for (Path f : resultFiles(results)) {
            JsonObject r;
            try {
                r = ResultFiles.readJson(f);
            } catch (IOException | RuntimeException e) {
                return null; // a file cut short: not the load's
            }
            if (!"OK".equals(status(r))) {
                String why = explain(r, results.relativize(f.getParent()).toString(), UnderLoad::loadNow);
                if (!busy(why)) {
                    return null;
                }
                busy.add(why);
            }
        }
        return busy;
    }

    /**
     * For a run whose other studies are still checked when one point failed for the load: passes where {@code exit}
     * is 0, or where it is not and every point that failed did so for the load of a busy machine (printed as not
     * asserted); returns those points (empty for exit 0). Fails otherwise.
     */
    public static List<String> assertExitZeroUnlessBusy(int exit, String output, Path results) {
        if (exit == 0) {
            return List.of();
        }
        List<String> busy = Files.isDirectory(results) ? busyFailures(results) : null;
        if (busy == null || busy.isEmpty()) {
            assertEquals(0, exit, output);
        }
        busy.forEach(b -> System.out.println("not asserted: exit " + exit + ", as " + b));
        return busy;
    }

    /**
     * Fails unless {@code exit} is 0; where it is not and a point under {@code results} failed for the load
     * (a {@code result.json} whose reasons say it did not keep up), the message is that point's, naming the load,
     * and on a busy machine the test is aborted as not asserted.
     *
     * @param output the run's console, for any other failure
     */
    public static void assertExitZero(int exit, String output, Path results) {
        if (exit != 0 && Files.isDirectory(results)) {
            for (Path f : resultFiles(results)) {
                JsonObject r;
                try {
                    r = ResultFiles.readJson(f);
                } catch (IOException | RuntimeException e) {
                    continue; // a file cut short: the exit status and the output below say more
                }
                if (!"OK".equals(status(r)) && forLoad(strings(r, "reasons"))) {
                    String why = explain(r, results.relativize(f.getParent()).toString(), UnderLoad::loadNow);
                    if (busy(why)) {
                        notAsserted(why);
                    }
                    fail(why + "\n" + output);
                }
            }
        }
        assertEquals(0, exit, output);
    }

    /**
     * Waits, at most {@code max}, for a second in which other processes use at most a tenth of a core (the
     * forks' "busy machine" bound): for an IT whose ground truth is asserted only on a quiet machine, where the
     * build may still be running another module's tests beside it. Returns whether it found that second; where
     * not, the IT goes on as on any busy machine.
     */
    public static boolean awaitQuiet(Duration max) {
        long end = System.nanoTime() + max.toNanos();
        CpuLoadProbe.Load load = loadNow();
        while (load.busy() && System.nanoTime() < end) {
            load = loadNow();
        }
        if (load.busy()) {
            System.out.printf(Locale.ROOT, "not quiet after %d s: other processes use %.2f cores; going on%n",
                    max.toSeconds(), load.otherProcessesCores);
        }
        return !load.busy();
    }

    /**
     * The result's "busy machine" flag (its forks' probe saw other processes use more than a tenth of a core), or
     * null where it has none.
     */
    public static String busyFlag(JsonObject result) {
        return strings(result, "flags").stream().filter(f -> f.startsWith("busy machine:")).findFirst().orElse(null);
    }

    /**
     * Fails unless {@code value} lies from {@code low} to {@code high}, where the result's forks saw a quiet machine.
     * On a busy one a timing figure such as the windows a period measured depends on the neighbour: the figure is
     * printed as not asserted, and the build does not fail for it.
     */
    public static void assertWithinUnlessBusy(JsonObject result, long value, long low, long high, String what) {
        String busy = busyFlag(result);
        if (busy == null) {
            assertTrue(value >= low && value <= high, what + ": " + value + ", not from " + low + " to " + high);
        } else if (value < low || value > high) {
            System.out.println(what + ": " + value + ", not from " + low + " to " + high + ", not asserted on a busy"
                    + " machine (" + busy + ")");
        }
    }

    /** Why {@code result} is not OK, in words, on this machine. */
    static String explain(JsonObject result, String what, Supplier<CpuLoadProbe.Load> loadNow) {
        return explain(result, what, loadNow, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Why {@code result} is not OK, in words; {@code loadNow} is asked only where the result carries no flag. On a
     * machine of fewer than {@link #ENOUGH_CPUS} CPUs a point that did not keep up is the machine's too: a study's
     * two spinning threads take every CPU there, and the JIT's, the collector's and the launcher's threads take turns
     * with them.
     */
    static String explain(JsonObject result, String what, Supplier<CpuLoadProbe.Load> loadNow, int cpus) {
        List<String> reasons = strings(result, result.has("reasons") ? "reasons" : "reason");
        List<String> flags = strings(result, "flags");
        String said = String.format(Locale.ROOT, "%s: %s, reasons %s, flags %s", what, status(result), reasons, flags);
        if (!forLoad(reasons)) {
            return said;
        }
        String busy = busyFlag(result);
        if (busy != null) {
            return "the machine was busy, so a point did not keep up (" + busy + "); rerun on a quieter machine."
                    + " " + said;
        }
        if (cpus < ENOUGH_CPUS) {
            return String.format(Locale.ROOT, "the machine is busy with the run itself on %d CPUs, fewer than the %d a"
                    + " spinning pair and the rest of the run need, so a point did not keep up; rerun on a machine of"
                    + " %d or more. %s", cpus, ENOUGH_CPUS, ENOUGH_CPUS, said);
        }
        CpuLoadProbe.Load now = loadNow.get();
        if (now.busy()) {
            return String.format(Locale.ROOT, "the machine is busy (other processes use %.2f cores now, steal %.2f),"
                    + " so a point did not keep up; rerun on a quieter machine. %s", now.otherProcessesCores,
                    now.stealCores, said);
        }
        return String.format(Locale.ROOT, "a point did not keep up on a machine that is not busy now (other processes"
                + " %s cores): not the load. %s", now.available
                ? String.format(Locale.ROOT, "%.2f", now.otherProcessesCores) : "unknown", said);
    }

    private static boolean forLoad(List<String> reasons) {
        return reasons.stream().anyMatch(r -> LOAD_REASONS.stream().anyMatch(r::startsWith));
    }

    private static CpuLoadProbe.Load loadNow() {
        CpuLoadProbe probe = CpuLoadProbe.system();
        CpuLoadProbe.Snapshot before = probe.snapshot();
        try {
            Thread.sleep(PROBE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return before.until(probe.snapshot());
    }

    private static String status(JsonObject result) {
        return result.has("status") ? result.get("status").getAsString() : "no status";
    }

    private static List<String> strings(JsonObject o, String name) {
        List<String> out = new ArrayList<>();
        JsonElement e = o.get(name);
        if (e == null || e.isJsonNull()) {
            return out;
        }
        if (e.isJsonArray()) {
            e.getAsJsonArray().forEach(x -> out.add(x.isJsonPrimitive() ? x.getAsString() : x.toString()));
        } else {
            out.add(e.isJsonPrimitive() ? e.getAsString() : e.toString());
        }
        return out;
    }
}
