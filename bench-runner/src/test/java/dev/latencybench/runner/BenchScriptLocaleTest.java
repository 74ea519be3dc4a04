package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/bench} under {@code LC_ALL=POSIX} with a class name outside ASCII: the JVM decodes its command line
 * with the locale's character set, so {@code hx.Задача} reached it as {@code hx.????} (each byte a '?'). The script
 * runs the JVM in a UTF-8 locale then. Its {@code java} here is a stand-in that prints its locale and arguments.
 */
class BenchScriptLocaleTest {
    @TempDir
    Path tmp;

    private String run(String arg) throws Exception {
        Path suite = Files.createTempDirectory(tmp, "suite");
        Path scripts = Files.createDirectories(suite.resolve("scripts"));
        Files.copy(Paths.get("../scripts/bench"), scripts.resolve("bench"));
        Files.createDirectories(suite.resolve("bench-runner/target"));
        Files.createFile(suite.resolve("bench-runner/target/bench.jar"));
        Path java = Files.createDirectories(suite.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"LC_ALL=$LC_ALL\"\nfor a in \"$@\"; do echo \"arg=$a\"; done\n");
        assertTrue(java.toFile().setExecutable(true));
        ProcessBuilder b = new ProcessBuilder("bash", scripts.resolve("bench").toString(), "run", "--task", arg)
                .redirectErrorStream(true);
        b.environment().put("LC_ALL", "POSIX");
        b.environment().put("JAVA_HOME", suite.resolve("jdk").toString());
        b.environment().put("LATENCY_BENCH_NO_BUILD", "1");
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aClassNameOutsideAsciiRunsTheJvmInAUtf8Locale() throws Exception {
        Process locales = new ProcessBuilder("locale", "-a").redirectErrorStream(true).start();
        String all = new String(locales.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        locales.waitFor(10, TimeUnit.SECONDS);
        assumeTrue(all.lines().anyMatch(l -> l.equalsIgnoreCase("C.utf8") || l.equalsIgnoreCase("C.UTF-8")),
                "a C.UTF-8 locale: " + all);

        List<String> lines = run("hx.Задача").lines().toList();
        assertTrue(lines.get(0).equalsIgnoreCase("LC_ALL=C.utf8") || lines.get(0).equalsIgnoreCase("LC_ALL=C.UTF-8"),
                "was: LC_ALL=POSIX: " + lines);
        assertEquals("arg=hx.Задача", lines.get(lines.size() - 1));
        assertEquals("LC_ALL=POSIX", run("hx.Task").lines().findFirst().orElseThrow(), "ASCII: the locale as it was");
    }
}
