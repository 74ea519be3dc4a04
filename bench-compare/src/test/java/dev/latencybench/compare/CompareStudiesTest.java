package dev.latencybench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.view.Comparison;
import dev.latencybench.report.StudyRuns;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Views;

/**
 * Compare on the studies whose answer is not a ranking: the chain study's capacity search (a schedule file per cell)
 * and the Jet study's throughput under the slide (its view's own comparison), on {@link StudyRuns}' fixture runs.
 */
class CompareStudiesTest {
    private static final String CELL = StudyRuns.CHAIN_CELL;

    @TempDir
    Path tmp;

    @Test
    void compareGatesOnTheViewsComparisonAndPrintsItsLines() throws IOException {
        RunData base = RunData.load(StudyRuns.jet(tmp.resolve("base"), 5_000_000, 10_000_000L));
        RunData cand = RunData.load(StudyRuns.jet(tmp.resolve("cand"), 20_000_000, 10_000_000L));
        Comparison view = Views.of("jet").compare(Views.rows(base, "jet"), Views.rows(cand, "jet"), 0.10);
        Compare.Result whole = Compare.compare(base, cand, 0.10);
        assertTrue(whole.text.contains(view.heading + "\n" + view.lines.get(0)), "compare prints the view's lines: "
                + whole.text);
        assertEquals(1, view.regressions, view.lines.toString());
        assertTrue(whole.regressions >= view.regressions, "the view's regression is counted: " + whole.text);
    }

    @Test
    void compareCallsADropInHeldCapacityARegression() throws IOException {
        Path base = StudyRuns.chain(tmp.resolve("base"), 3);
        Path worse = StudyRuns.chain(tmp.resolve("worse"), 2);
        Compare.Result r = Compare.compare(RunData.load(base), RunData.load(worse), 0.10);
        assertTrue(r.text.contains("chain/chronicle/" + CELL + "        base 3 chains, candidate 2 chains, 0.67x"
                + "  REGRESSION: holds less"), r.text);
        assertTrue(r.text.contains("chain/in-memory/" + CELL + "        base at least 4 chains, candidate at least 4"
                + " chains, 1.00x  same"), r.text);
        assertEquals(1, r.regressions);
        Compare.Result better = Compare.compare(RunData.load(worse), RunData.load(base), 0.10);
        assertTrue(better.text.contains("1.50x  improvement: holds more"), better.text);
        assertEquals(0, better.regressions);
    }

    /**
     * A step whose JVM was killed ends its search FAILED with value 0: no capacity, so compare says the search failed
     * (which gates as a cell OK in the base and not OK in the candidate) instead of a ratio of 0 and "holds less".
     */
    @Test
    void compareShowsASearchWhoseStepFailedAsFailedNotAsAZeroRatio() throws IOException {
        Path base = StudyRuns.chain(tmp.resolve("base"), 3);
        Path killed = StudyRuns.chain(tmp.resolve("killed"), 3);
        Path schedule = killed.resolve("chain").resolve(CELL + ".schedule.json");
        JsonObject o = ResultFiles.readJson(schedule);
        String why = "chronicle-instances-4 (4 chains) failed for a reason that is not a capacity bound, so the search"
                + " stopped there: the benchmark JVM was killed (SIGKILL)";
        o.getAsJsonObject("decision").getAsJsonObject("parts").add("chronicle", StudyRuns.decision("FAILED", 0,
                "no answer: the step of 4 chains failed", why, "chronicle-instances-4"));
        ResultFiles.writeJson(schedule, o);
        Compare.Result r = Compare.compare(RunData.load(base), RunData.load(killed), 0.10);
        assertTrue(r.text.contains("chain/chronicle/" + CELL + "        base 3 chains, candidate no answer: the step of"
                + " 4 chains failed, not compared  FAILED in the candidate (a failure, not a measurement): " + why),
                r.text);
        assertFalse(r.text.contains("holds less"), r.text);
        assertFalse(r.text.contains("0.00x"), r.text);
        assertEquals(1, r.regressions, "a search OK in the base and FAILED in the candidate still fails the gate");
        assertTrue(r.text.contains("note: chain/chronicle-instances-4/" + CELL + ": a step that failed outside its pass"
                + " rule in the candidate, so its figures are not compared"), r.text);
        assertFalse(r.text.contains("chain/chronicle-instances-4/" + CELL + "   "), "no ratio row for it: " + r.text);
        Compare.Result reverse = Compare.compare(RunData.load(killed), RunData.load(base), 0.10);
        assertTrue(reverse.text.contains("not compared  FAILED in the base, nothing to compare: " + why), reverse.text);
        assertEquals(0, reverse.regressions, reverse.text);
    }

    /**
     * The same run stopped mid-search (Ctrl-C during chronicle's 4-chain step, before in-memory's search): its
     * answers are unfinished, so there is no capacity to compare, but neither is it a pass: OK in the base,
     * interrupted in the candidate, exit 1, not "no cell and variant in common" (exit 2).
     */
    @Test
    void compareOfARunStoppedMidSearchIsARegressionNotNothingInCommon() throws IOException {
        Path base = StudyRuns.chain(tmp.resolve("base"), 3);
        Path stopped = StudyRuns.chain(tmp.resolve("stopped"), 3);
        Path schedule = stopped.resolve("chain").resolve(CELL + ".schedule.json");
        JsonObject o = ResultFiles.readJson(schedule);
        JsonArray steps = new JsonArray();
        for (var e : o.getAsJsonArray("steps")) {
            String name = e.getAsJsonObject().get("name").getAsString();
            if (name.equals("chronicle-instances-4")) {
                e.getAsJsonObject().addProperty("status", "INTERRUPTED");
            }
            if (!name.startsWith("in-memory") && !name.equals("chronicle-instances-3")) {
                steps.add(e);
            }
        }
        o.add("steps", steps);
        JsonObject parts = new JsonObject();
        parts.add("chronicle", StudyRuns.decision("UNFINISHED", 2, "at least 2 chains", "stopped",
                "chronicle-instances-2"));
        parts.add("in-memory", StudyRuns.decision("UNFINISHED", 0, "unknown", "not run", "in-memory-instances-1"));
        o.getAsJsonObject("decision").add("parts", parts);
        ResultFiles.writeJson(schedule, o);
        for (String step : List.of("chronicle-instances-3", "in-memory-instances-1", "in-memory-instances-2",
                "in-memory-instances-4")) {
            dev.latencybench.core.result.OwnedFolder.deleteRecursively(stopped.resolve("chain").resolve(step));
        }
        Path interrupted = stopped.resolve("chain/chronicle-instances-4").resolve(CELL).resolve("result.json");
        JsonObject r = ResultFiles.readJson(interrupted);
        r.addProperty("status", "INTERRUPTED");
        ResultFiles.writeJson(interrupted, r);

        Compare.Result c = Compare.compare(RunData.load(base), RunData.load(stopped), 0.10);
        String why = "REGRESSION (OK in the base, INTERRUPTED in the candidate at its step chronicle-instances-4)";
        assertTrue(c.text.contains("chain/chronicle/" + CELL + "        base 3 chains, candidate at least 2 chains, not"
                + " compared  " + why), c.text);
        assertTrue(c.text.contains("chain/in-memory/" + CELL + "        base at least 4 chains, candidate unknown, not"
                + " compared  " + why), c.text);
        assertEquals(2, c.regressions, c.text);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(1, Compare.command(base.toString(), stopped.toString(), "10%", true, null, new PrintStream(out,
                true, StandardCharsets.UTF_8)), "exit 1: a regression, not bad input");
        out.reset();
        assertEquals(0, Compare.command(base.toString(), stopped.toString(), "10%", null, new PrintStream(out, true,
                StandardCharsets.UTF_8)), "at smoke scale shown, not gated: " + out);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("\nnot gated: one fork a side (smoke scale);"
                + " --gate-anyway to gate\n"),
                out.toString(StandardCharsets.UTF_8));
        assertEquals(0, Compare.compare(RunData.load(stopped), RunData.load(base), 0.10).regressions,
                "the other way round the base answered nothing to fall short of");
    }
}
