package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.os.Command;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;

/** How a benchmark JVM ends when its measured code ends it: a System.exit told from a signal, and named. */
class ForkEndTest {
    @TempDir
    Path tmp;

    private static StackTraceElement frame(String type, String method) {
        return new StackTraceElement(type, method, type.substring(type.lastIndexOf('.') + 1) + ".java", 12);
    }

    private static Map<Thread, StackTraceElement[]> exiting(StackTraceElement... stack) {
        return Map.of(new Thread(() -> { }), stack);
    }

    @Test
    void theCallerOfSystemExitIsNamedUnlessItIsTheHarnessOrJmhOrASignal() {
        StackTraceElement shutdown = frame("java.lang.Shutdown", "exit");
        StackTraceElement runtime = frame("java.lang.Runtime", "exit");
        StackTraceElement system = frame("java.lang.System", "exit");
        assertEquals("com.example.Task.run(Task.java:12)", ForkEnd.exitCaller(exiting(shutdown, runtime, system,
                frame("com.example.Task", "run"), frame("dev.latencybench.task.TaskWorkload", "pace"))));
        assertNull(ForkEnd.exitCaller(exiting(shutdown, frame("java.lang.Terminator$1", "handle"))), "a signal");
        assertNull(ForkEnd.exitCaller(exiting(shutdown, runtime, system,
                frame("org.openjdk.jmh.runner.ForkedMain", "main"))), "JMH ending its fork");
        assertNull(ForkEnd.exitCaller(exiting(shutdown, runtime, system,
                frame("dev.latencybench.core.os.ParentWatch", "lambda$start$0"))), "the harness: its parent is gone");
    }

    @Test
    void aSystemExitOfTheMeasuredCodeFailsTheForkInsteadOfInterruptingIt() throws Exception {
        Path fork = tmp.resolve("fork");
        Command c = Command.run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ExitingForkMain.class.getName(), fork.toString()), 60);
        assertEquals(0, c.exitCode, "the JVM ended with the status the code gave: " + c.output);
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        assertEquals("FAILED", f.get("status").getAsString(), f.toString());
        String reasons = f.get("reasons").toString();
        assertTrue(reasons.contains("the measured code ended its JVM: System.exit called at"
                + " example.hostile.ExitingWorkload.runPeriod(ExitingWorkload.java:"), reasons);
        assertFalse(reasons.contains("interrupted"), reasons);
        assertEquals(100, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong(),
                "what it measured before is kept");
    }
}
