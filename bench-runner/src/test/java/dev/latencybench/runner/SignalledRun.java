package dev.latencybench.runner;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmInfo;
import dev.latencybench.runner.jvm.JvmProber;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * A runner for {@link RunClaimTest}: {@code SignalledRun DIR} claims the run folder {@code DIR/results/r1} as
 * {@code bench run} does and runs one cell whose launcher is a stand-in that prints a line and sleeps a minute,
 * so that the test can send the runner a signal while the cell runs.
 */
public final class SignalledRun {
    private SignalledRun() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        FakeJdk jdk = FakeJdk.create(dir.resolve("jdk17"), 17, "Debian", "17.0.15", List.of());
        JvmInfo info = new JvmProber(null, new GraalJit(dir)).probe(jdk.java(), false);
        Jvm jvm = new Jvm("openjdk-17.0.15", jdk.java(), List.of(), info, "test");
        RunRequest request = new RunRequest(dir.resolve("results"), "r1", List.of("queue"), Map.of(), List.of(jvm),
                List.of(Collector.SERIAL), Map.of(), List.of(), Map.of("bench.scale", "smoke"), "test");
        PrintStream out = System.out;
        try (RunClaim claim = RunClaim.take(request.runDir(), false, dir)) {
            System.exit(new RunThenReport(out, System.err, null).run(request, claim, Map.of(), cell -> List.of("sh",
                    "-c", "echo 'latency-bench: measuring'; exec sleep 60"), true, Map.of()));
        }
    }
}
