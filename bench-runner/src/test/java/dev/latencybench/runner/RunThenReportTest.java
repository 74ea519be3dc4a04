package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class RunThenReportTest {
    /** SIGTERM while the report is written: the hook says the results are complete and what writes the report. */
    @Test
    void aSignalWhileTheReportIsWrittenSaysWhatToRun() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path run = Path.of("/results/r1");
        Thread hook = new RunThenReport(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), null).reportStoppedHook(run);
        hook.start();
        hook.join();
        assertEquals("latency-bench: stopped while the report was written; every cell's results are kept in " + run
                + ": scripts/bench report " + run + " writes the report" + System.lineSeparator(),
                err.toString(StandardCharsets.UTF_8));
    }
}
