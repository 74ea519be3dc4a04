package dev.latencybench.task;

import java.io.PrintStream;
import java.util.List;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;

/**
 * The JVM of the up-front check of a user's tasks ({@link TaskCheck} starts one per measured JDK): reads the
 * task study's properties from its {@code -D} arguments, makes, sets up and tears down each task
 * ({@link TaskStudy#check}), and says what it does and finds on its standard output, one marked line each:
 *
 * <pre>
 *   latency-bench-check: phase HandoffTask setUp     before each phase, so a JVM that never comes back is placed
 *   latency-bench-check: problem bench.task...       one per problem
 *   latency-bench-check: done TOKEN                  the check ended
 * </pre>
 *
 * <p>{@code TOKEN} is the one {@link TaskCheck} gave this JVM in {@link #TOKEN}, removed from the system
 * properties before any task is loaded: a task that prints a "done" line of its own and ends the JVM cannot
 * pass for a check that ended.
 *
 * then halts: a thread a task left running, a shutdown hook it added, cannot keep this JVM alive. Exit
 * status 0 when every task passed, 2 when one did not, 1 when the check itself failed.
 */
public final class TaskCheckMain {
    /** What each line of the check starts with; what the tasks print themselves does not. */
    static final String MARK = "latency-bench-check: ";
    static final String PHASE = "phase ";
    static final String PROBLEM = "problem ";
    static final String DONE = "done";
    /** The system property that carries the token the "done" line ends with. */
    static final String TOKEN = "latency-bench.check.token";

    private TaskCheckMain() {
    }

    public static void main(String[] args) {
        PrintStream out = System.out; // kept: a task may replace System.out
        String token = System.getProperty(TOKEN, "");
        System.clearProperty(TOKEN);
        int status;
        try {
            TaskConfig config = TaskConfig.read(BenchProperties.fromSystem(), CpuTopology.system());
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
