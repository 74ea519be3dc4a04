package dev.latencybench.task;

import java.io.PrintStream;
import java.util.List;

import com.google.gson.JsonParser;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.json.JsonCodec;

/**
 * The JVM of the up-front check of a user's tasks: makes, sets up and tears down each task, printing one
 * {@link #MARK} line per phase and problem, then a "done" line with the secret {@link #TOKEN} so a task cannot fake
 * it; then halts, so no leftover thread keeps it alive. Exit status 0 all passed, 2 one did not, 1 the check failed.
 */
public final class TaskCheckMain {
    /** What each line of the check starts with; what the tasks print themselves does not. */
    static final String MARK = "latency-bench-check: ";
    static final String PHASE = "phase ";
    static final String PROBLEM = "problem ";
    static final String DONE = "done";
    /** The system property that carries the token the "done" line ends with. */
    static final String TOKEN = "latency-bench.check.token";
    /** The system property that carries the study's settings, as its plan file keeps them ({@link TaskConfig}). */
    static final String SETTINGS = "latency-bench.check.settings";

    private TaskCheckMain() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out; // kept: a task may replace System.out
        String token = System.getProperty(TOKEN, "");
        System.clearProperty(TOKEN);
        int status;
        try {
            TaskConfig config = JsonCodec.fromJson(JsonParser.parseString(System.getProperty(SETTINGS, "")),
                    TaskConfig.class);
            List<String> problems = TaskStudy.check(config, phase -> {
                out.println(MARK + PHASE + phase);
                out.flush();
            });
            problems.forEach(p -> out.println(MARK + PROBLEM + oneLine(p)));
            status = problems.isEmpty() ? 0 : 2;
        } catch (ConfigException e) {
            out.println(MARK + PROBLEM + oneLine(e.getMessage()));
            status = 2;
        } catch (RuntimeException | LinkageError e) {
            out.println(MARK + PROBLEM + "the check of the tasks failed: " + oneLine(e.toString()));
            status = 1;
        }
        out.println(MARK + DONE + " " + token);
        out.flush();
        Runtime.getRuntime().halt(status);
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
