package dev.latencybench.history;

import static dev.latencybench.history.HistoryRuns.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.launch.UsageException;
import dev.latencybench.core.view.HowSure;

/** {@link History} on run folders written by the suite's own writers ({@link HistoryRuns}). */
class HistoryTest {
    @TempDir
    Path tmp;

    private HistoryRuns runs() {
        return new HistoryRuns(tmp.resolve("results")).cells(List.of("chronicle", "floor"), List.of("temurin-17.0.15"),
                List.of("g1", "zgc"));
    }

    /** 8 runs at 1, then 4 where the chronicle/zgc cell is {@code level} times slower; commits c00 ... c11. */
    private void eightThenFour(HistoryRuns runs, double level) throws IOException {
        for (int i = 0; i < 12; i++) {
            double l = i < 8 ? 1 : level;
            runs.run("run-" + i, at(i), String.format("c%02d0000000", i),
                    (variant, cell) -> variant.equals("chronicle") && cell.endsWith("zgc") ? l : 1);
        }
    }

    @Test
    void aSlowerCellInTheLastFourRunsIsOneConfirmedRegressionAtTheNinthRun() throws IOException {
        eightThenFour(runs(), 1.3);
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(12, r.reading().runs().size());
        // 2 variants × 2 collectors × 2 metrics × 3 percentiles
        assertEquals(24, r.reading().series().size());
        assertEquals(6, r.changed().size(), r.text());
        for (Series s : r.changed()) {
            assertEquals("chronicle", s.key.variant());
            assertEquals("zgc", s.key.gc());
            assertEquals(1, s.changes().size(), s.key.name());
            Series.Change c = s.changes().get(0);
            assertEquals(8, c.index());
            assertEquals(HowSure.Call.HIGHER, c.ratio().call);
            assertTrue(c.ratio().low > 1.2 && c.ratio().high < 1.4, c.ratio().toString());
        }
        assertEquals(1, r.status());
        String first = r.text().lines().filter(l -> l.startsWith("queue/chronicle temurin-17.0.15 zgc latency p50"))
                .findFirst().orElseThrow();
        assertTrue(first.contains(" higher from run run-8 (commit c080000)  REGRESSION"), first);
        assertTrue(first.matches(".*: \\S+ -> \\S+, 1\\.\\d\\d× \\(1\\.\\d\\d–1\\.\\d\\d\\) higher .*"), first);
        assertTrue(r.text().startsWith("latency-bench history: 12 runs, 24 series, 6 changed, 6 with the newest run"
                + " after a regression\n"), r.text());
    }

    @Test
    void aFasterCellIsAChangeButNoRegression() throws IOException {
        eightThenFour(runs(), 0.7);
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(6, r.changed().size(), r.text());
        assertEquals(HowSure.Call.LOWER, r.changed().get(0).changes().get(0).ratio().call);
        assertEquals(0, r.status());
        assertTrue(r.text().contains(" lower from run run-8 (commit c080000)\n"), r.text());
    }

    @Test
    void aRegressionFollowedByARecoveryLeavesTheNewestRunClear() throws IOException {
        HistoryRuns runs = runs();
        for (int i = 0; i < 15; i++) {
            runs.run("run-" + i, at(i), "c" + i, i >= 5 && i < 10 ? 1.5 : 1);
        }
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(24, r.changed().size(), r.text());
        for (Series s : r.changed()) {
            assertEquals(List.of(5, 10), s.changes().stream().map(Series.Change::index).toList(), s.key.name());
            assertTrue(s.changes().get(0).regression());
            assertFalse(s.changes().get(1).regression());
        }
        assertEquals(0, r.status());
    }

    @Test
    void twelveRunsWithoutAChangeGiveNone() throws IOException {
        HistoryRuns runs = runs().noise(0.05);
        for (int i = 0; i < 12; i++) {
            runs.run("run-" + i, at(i), "c" + i);
        }
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(List.of(), r.changed(), r.text());
        assertEquals(0, r.status());
        assertTrue(r.text().startsWith("latency-bench history: 12 runs, 24 series, no change beyond noise\n"), r.text());
    }

    @Test
    void aStepSmallerThanTheNoiseThresholdIsFoundButNotConfirmed() throws IOException {
        // 1% slower with 0.1% noise: E-Divisive separates the two levels cleanly, HowSure calls 1% a tie
        HistoryRuns runs = runs().noise(0.001);
        double[] levels = new double[12];
        for (int i = 0; i < 12; i++) {
            levels[i] = i < 8 ? 1 : 1.01;
            runs.run("run-" + i, at(i), "c" + i, levels[i]);
        }
        double[] logs = new double[12];
        for (int i = 0; i < 12; i++) {
            logs[i] = Math.log(1000 * levels[i]);
        }
        assertEquals(List.of(8), EDivisive.changePoints(logs), "the candidate the rule then judges");
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(List.of(), r.changed(), r.text());
    }

    @Test
    void runsAreOrderedByTheirStartNotTheirFolderNames() throws IOException {
        HistoryRuns runs = runs();
        // folder names in reverse time order: z-run-0 started first
        for (int i = 0; i < 12; i++) {
            runs.run((char) ('z' - i) + "-run-" + i, at(i), "c" + i, i < 8 ? 1 : 1.3);
        }
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals("z-run-0", r.reading().runs().get(0).runId());
        assertEquals(24, r.changed().size(), r.text());
        assertEquals("r-run-8", r.changed().get(0).points.get(r.changed().get(0).changes().get(0).index()).run().runId());
    }

    @Test
    void aHostThatDiffersStartsItsOwnSeriesAndTheOutputSaysSo() throws IOException {
        HistoryRuns runs = runs();
        for (int i = 0; i < 8; i++) {
            runs.run("a-" + i, at(i), "c" + i);
        }
        // the same name, a new kernel: another host as far as latency goes; and 30% slower, which must not read as a change
        runs.host("ci-box", "Fixture CPU @ 3.0GHz", 8, "6.8.0");
        for (int i = 8; i < 12; i++) {
            runs.run("b-" + i, at(i), "c" + i, 1.3);
        }
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(48, r.reading().series().size());
        assertEquals(List.of(), r.changed(), r.text());
        assertTrue(r.text().contains("hosts differ, each its own series: ci-box (Fixture CPU @ 3.0GHz, 8 cores, kernel"
                + " 6.1.0) 8 runs; ci-box (Fixture CPU @ 3.0GHz, 8 cores, kernel 6.8.0) 4 runs\n"), r.text());
    }

    @Test
    void oneForkPerRunPoolsOneValuePerRun() throws IOException {
        HistoryRuns runs = runs().forks(1);
        for (int i = 0; i < 12; i++) {
            runs.run("run-" + i, at(i), "c" + i, i < 8 ? 1 : 1.3);
        }
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(24, r.changed().size(), r.text());
        HowSure.Ratio ratio = r.changed().get(0).changes().get(0).ratio();
        assertEquals(4, ratio.forksA);
        assertEquals(8, ratio.forksB);
    }

    @Test
    void theCsvHasEveryPointAndThePageChartsEachChangedSeriesOffline() throws IOException {
        eightThenFour(runs(), 1.3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = History.command(List.of(tmp.resolve("results")), null, null, tmp.resolve("out"),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(1, status);
        List<String> csv = Files.readAllLines(tmp.resolve("out").resolve(History.CSV));
        assertEquals(1 + 24 * 12, csv.size());
        assertTrue(csv.get(0).startsWith("host,cpu,cores,kernel,study,scale,variant,jvm,gc,metric,percentile,index,runId"));
        long changeRows = csv.stream().filter(l -> l.endsWith(",HIGHER")).count();
        assertEquals(6, changeRows);
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("ci-box,Fixture CPU @ 3.0GHz,8,6.1.0,queue,standard,chronicle,"
                + "temurin-17.0.15,zgc,latency,p50,8,run-8,2026-11-01T08:00:00Z,c080000000,")), String.join("\n", csv));
        String page = Files.readString(tmp.resolve("out").resolve(History.HTML));
        assertEquals(6, page.split("<svg ", -1).length - 1);
        assertEquals(6, page.split("<title>slower ", -1).length - 1, "one marked change per chart, a rule: " + page);
        assertFalse(page.contains("<script"));
        assertFalse(page.contains("http://") && page.replace("http://www.w3.org/2000/svg", "").contains("http://"),
                "nothing fetched from elsewhere");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("page: " + tmp.resolve("out").resolve(History.HTML)));
    }

    @Test
    void aRootThatDoesNotExistOrHoldsNoRunIsBadInputNamingIt() throws IOException {
        Path none = tmp.resolve("nowhere");
        UsageException e = assertThrows(UsageException.class, () -> History.analyse(List.of(none)));
        assertEquals("bench history: " + none + " does not exist; give folders that hold run folders", e.getMessage());
        Path empty = Files.createDirectories(tmp.resolve("empty/a/b"));
        e = assertThrows(UsageException.class, () -> History.analyse(List.of(tmp.resolve("empty"))));
        assertEquals("bench history: no runs found under " + tmp.resolve("empty") + " (a run folder holds run.json)",
                e.getMessage());
        assertTrue(Files.isDirectory(empty));
    }

    @Test
    void aRunThatCannotBeReadIsNamedAndLeftOut() throws IOException {
        HistoryRuns runs = runs();
        for (int i = 0; i < 3; i++) {
            runs.run("run-" + i, at(i), "c" + i);
        }
        Path broken = Files.createDirectories(tmp.resolve("results/broken"));
        Files.writeString(broken.resolve("run.json"), "{\"runId\": ");
        History.Result r = History.analyse(List.of(tmp.resolve("results")));
        assertEquals(3, r.reading().runs().size());
        assertTrue(r.text().contains("note: " + broken + ": left out, no cell measured: "), r.text());
    }
}
