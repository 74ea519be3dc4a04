package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.testing.CountingStudy;

/**
 * A benchmark JVM takes its settings from the plan file the launcher names, at its step: the study's reader, which
 * the runner ran once, does not run again in a fork. Changes system properties: not run in parallel with others.
 */
class StudyBenchmarkPlanTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    @TempDir
    Path tmp;

    @Test
    void aForkOpensWithItsCellsSettingsAtItsStepAndRunsNoReader() throws Exception {
        CountingStudy study = new CountingStudy();
        Map<String, String> given = new LinkedHashMap<>();
        given.put(Periods.WARMUP, "3s");
        given.put(Periods.SCALE, "smoke");
        given.put(CountingStudy.RATE, "5K");
        given.put(CountingStudy.FOLDER, tmp.toString());
        given.put(RunSettings.RESULTS, tmp.resolve("results").toString());
        given.put(RunSettings.RUN_ID, "run");
        Path file = CellPlan.file(tmp, "counting", "jvm__g1");
        int before = CountingStudy.READS.get();
        CellPlan.of("counting", "jvm__g1", given, study.plan(new BenchProperties(given), CpuTopology.system()))
                .write(file);
        assertEquals(before + 1, CountingStudy.READS.get(), "the runner's one read");

        StudyBenchmark fork = new StudyBenchmark();
        fork.study = "counting";
        fork.variant = "a";
        Map<String, String> old = new LinkedHashMap<>();
        Map<String, String> forkProperties = Map.of(CellPlan.PROPERTY, file.toString(), CountingStudy.CHAINS, "8",
                CountingStudy.RATE, "7"); // a step's chains; a rate given to a fork is not the study's to read again
        forkProperties.forEach((k, v) -> old.put(k, System.setProperty(k, v)));
        // the study on the fork's class path, as its service line puts it there
        Path services = tmp.resolve("classes/META-INF/services/" + Study.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, CountingStudy.class.getName() + "\n");
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader withStudy = new URLClassLoader(new URL[] {tmp.resolve("classes").toUri().toURL()},
                loader)) {
            Thread.currentThread().setContextClassLoader(withStudy);
            assertThrows(CountingStudy.Opened.class, fork::openFork);
        } finally {
            Thread.currentThread().setContextClassLoader(loader);
            old.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
        assertEquals(before + 1, CountingStudy.READS.get(), "a fork ran the study's reader again");
        CountingStudy.Settings opened;
        synchronized (CountingStudy.FORKS) {
            opened = CountingStudy.FORKS.get(CountingStudy.FORKS.size() - 1);
        }
        assertEquals(3 * S, opened.periods.warmupNs);
        assertEquals(5_000, opened.ratePerSec);
        assertEquals(tmp, opened.folder);
        assertEquals(8, opened.chains, "the step's chains");
    }
}
