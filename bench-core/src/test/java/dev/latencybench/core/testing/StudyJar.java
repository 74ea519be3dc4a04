package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A study's own jar as a user runs it, for a study module's smoke IT: {@code java -Djava.io.tmpdir=TMP
 * -Dbench.results=DIR -D<fixed>... -D<given>... -jar benchmarks.jar} on the JVM running the test, stdout and
 * stderr merged. The jar is the failsafe property {@code benchmarks.jar} (else {@code target/benchmarks.jar}).
 * TMP is {@code java-tmp} beside DIR: the study's launcher takes JMH's machine lock there, so ITs with folders
 * of their own run side by side, in one module or in two modules built at once.
 */
public final class StudyJar {
    /** How long {@link #run} waits for the study to end. */
    public static final long RUN_TIMEOUT_S = 120;

    private final Path jar = Paths.get(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));
    private final Path results;
    private final List<String> fixed;

    /**
     * @param results         the {@code bench.results} of every run
     * @param fixedProperties {@code NAME=VALUE}s every run gets, before its own
     */
    public StudyJar(Path results, String... fixedProperties) {
        this.results = results;
        this.fixed = List.of(fixedProperties);
    }

    /** The command line with these {@code NAME=VALUE} properties, not started; makes its {@code java.io.tmpdir}. */
    public ProcessBuilder command(String... properties) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djava.io.tmpdir=" + Files.createDirectories(results.toAbsolutePath().resolveSibling("java-tmp")));
        cmd.add("-Dbench.results=" + results);
        for (String p : fixed) {
            cmd.add("-D" + p);
        }
        for (String p : properties) {
            cmd.add("-D" + p);
        }
        cmd.add("-jar");
        cmd.add(jar.toString());
        return new ProcessBuilder(cmd).redirectErrorStream(true);
    }

    /** Runs to the end (at most {@link #RUN_TIMEOUT_S}); its exit status into {@code exit[0]}, its output returned. */
    public String run(int[] exit, String... properties) throws Exception {
        Process p = command(properties).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(RUN_TIMEOUT_S, TimeUnit.SECONDS), out);
        exit[0] = p.exitValue();
        return out;
    }
}
