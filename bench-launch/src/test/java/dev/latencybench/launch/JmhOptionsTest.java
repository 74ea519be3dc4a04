package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhOptionsTest {
    @TempDir
    Path tmp;

    @Test
    void aPlainFolderIsGivenAsItIs() {
        assertEquals(List.of("-Xlog:gc*,safepoint:file=/r/cell/gc-%p.log:uptime,timemillis,timenanos,level,tags"
                + ":filecount=0"),
                JmhOptions.gcLogFlags(Paths.get("/r/cell")));
    }

    /** A results folder with -Xlog's separators in its path: quoted, and this JDK writes the log there. */
    @Test
    void aFolderWithXlogsSeparatorsIsQuotedAndTheJvmWritesItsLogThere() throws Exception {
        Path cell = Files.createDirectories(tmp.resolve("run:2,a=b").resolve("cell"));
        List<String> flags = JmhOptions.gcLogFlags(cell);
        assertEquals(List.of("-Xlog:gc*,safepoint:file=\"" + cell.resolve("gc-%p.log")
                + "\":uptime,timemillis,timenanos,level,tags:filecount=0"), flags, "was: none, silently");

        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(flags);
        cmd.add("-version");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        try (java.util.stream.Stream<Path> logs = Files.list(cell)) {
            assertEquals(1, logs.filter(f -> f.getFileName().toString().matches("gc-\\d+\\.log")).count(),
                    "the JVM took the quoted name");
        }
    }

    @Test
    void aFolderWithADoubleQuoteGetsNoGcLog() {
        assertEquals(List.of(), JmhOptions.gcLogFlags(Paths.get("/r/a\"b")));
    }
}
