package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;

/**
 * REPORT.md of a run whose input a user wrote: a {@code -D} value with a line break and a code fence in the command,
 * an exception's message with HTML and a link in a cell's reason. report.html escapes them; the Markdown must keep
 * them text too.
 */
class ReportInjectionTest {
    @TempDir
    Path tmp;

    @Test
    void aUsersTextCannotLeaveItsCodeBlockOrBulletNorOpenALinkOrATag() throws Exception {
        Path run = tmp.resolve("r");
        String reason = "setUp of t.T failed: java.lang.IllegalStateException: <script>alert(1)</script>"
                + " [l](javascript:alert(2))\n# heading of its own";
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 30_000)
                .unmeasured("openjdk-17.0.15__zgc", "FAILED", reason)
                .write();
        JsonObject runJson = ResultFiles.readJson(run.resolve("run.json"));
        String command = "scripts/bench run -Dbench.task.x='a\n```\n# Injected\n[click](javascript:alert(3))\n'";
        runJson.addProperty("command", command);
        ResultFiles.writeJson(run.resolve("run.json"), runJson);

        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String md = Files.readString(run.resolve("REPORT.md"));

        assertTrue(md.contains("````\n" + command + "\n````\n"), "the command in a fence longer than any in it: " + md);
        assertFalse(md.contains("<script>"), "no raw HTML");
        assertTrue(md.contains("&lt;script>alert(1)&lt;/script>"), "shown as text: " + md);
        assertFalse(Pattern.compile("(?<!\\\\)\\[l\\]\\(javascript").matcher(md).find(), "no link: " + md);
        assertTrue(md.contains("\\[l](javascript:alert(2)) # heading of its own"), "its bullet, one line: " + md);
        assertFalse(md.contains("\n# heading of its own"), md);
    }
}
