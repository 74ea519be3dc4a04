package dev.latencybench.task;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.os.Command;
import dev.latencybench.launch.JvmExit;
import dev.latencybench.core.study.MeasuredJava;

/**
 * The up-front check of a user's tasks in a short JVM of each measured JDK, so a task that throws, exits or hangs
 * cannot touch the caller; a JVM past {@link #TIME_LIMIT_SEC} is stopped. Stateless; one process at a time.
 */
final class TaskCheck {
    /** How long one JDK's check may take: JVM start, and each task made, set up and torn down once. */
    static final long TIME_LIMIT_SEC = 30;

    private TaskCheck() {
    }

    /**
     * Checks on each JDK, saying a problem found on several once.
     * @throws ConfigException with one line per problem
     */
    static void run(List<MeasuredJava> javas, String classPath, String settings, TaskClasses classes) {
        Map<String, List<String>> onJdks = new LinkedHashMap<>();
        for (MeasuredJava java : javas) {
            for (String p : problems(java, classPath, settings, classes, TIME_LIMIT_SEC)) {
                onJdks.computeIfAbsent(p, k -> new ArrayList<>()).add(java.name);
            }
        }
        if (!onJdks.isEmpty()) {
            List<String> lines = new ArrayList<>();
            onJdks.forEach((p, names) -> lines.add(p + (names.size() < javas.size() ? " (on " + String.join(", ",
                    names) + ")" : "")));
            throw new ConfigException(String.join("\n", lines));
        }
    }

    /** The problems one JDK's check found, one line each; none when every task passed. */
    static List<String> problems(MeasuredJava java, String classPath, String settings, TaskClasses classes,
                                 long timeLimitSec) {
        Command c;
        Path dumps;
        try {
            dumps = Files.createTempDirectory("lb-task-check-");
        } catch (IOException e) {
            throw new ConfigException("cannot make a folder for the check of the tasks in " + System.getProperty(
                    "java.io.tmpdir") + ": " + e.getMessage());
        }
        try {
            String token = UUID.randomUUID().toString();
            c = Command.run(command(java, classPath, settings, dumps, token), timeLimitSec);
            List<String> problems = new ArrayList<>();
            String phase = null;
            boolean done = false;
            for (String line : c.output.split("\\R")) {
                if (!line.startsWith(TaskCheckMain.MARK)) {
                    continue; // the tasks' own output
                }
                String what = line.substring(TaskCheckMain.MARK.length());
                if (what.startsWith(TaskCheckMain.PHASE)) {
                    phase = what.substring(TaskCheckMain.PHASE.length());
                } else if (what.startsWith(TaskCheckMain.PROBLEM)) {
                    problems.add(what.substring(TaskCheckMain.PROBLEM.length()));
                } else if (what.equals(TaskCheckMain.DONE + " " + token)) { // a task's own "done" line lacks it
                    done = true;
                }
            }
            if (!done) {
                problems.add(unfinished(java, c, phase, classes, timeLimitSec, JvmExit.crashDumps(dumps)));
            }
            return problems;
        } catch (IOException e) {
            throw new ConfigException("the check of the tasks cannot start " + java.java + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigException("the check of the tasks was interrupted");
        } finally {
            if (JvmExit.crashDumps(dumps).isEmpty()) { // a crash dump the message points to is kept
                removeQuietly(dumps);
            }
        }
    }

    /** Why a check ended without saying it was done: it ran out of time, or its JVM ended, in a task's phase. */
    private static String unfinished(MeasuredJava java, Command c, String phase, TaskClasses classes,
                                     long timeLimitSec, List<Path> dumps) {
        if (phase == null) { // no task was reached: the JVM did not start, or could not load the check
            String first = c.output.isEmpty() ? "no output" : c.output.split("\\R")[0];
            return "the check of the tasks " + (c.exitCode < 0 ? "did not start within " + timeLimitSec + " s"
                    : "ended before it began (exit code " + c.exitCode + ": " + first + ")") + " on " + java;
        }
        String[] p = phase.split(" ", 2); // variant, then its phase
        String className = classes.variants().contains(p[0]) ? classes.className(p[0]) : p[0];
        String call = p.length > 1 ? p[1] : "check";
        String on = ", in its check on " + java;
        if (c.exitCode < 0) {
            return ConfigException.invalid(TaskConfig.CLASSES, className, "its " + call + " did not return within "
                    + timeLimitSec + " s" + on + " (stopped)").getMessage();
        }
        return ConfigException.invalid(TaskConfig.CLASSES, className, "it ended the JVM during its " + call + on
                + ": the JVM " + JvmExit.describeEndedByCode(c.exitCode, dumps) + "; a task must not call System.exit or"
                + " Runtime.halt").getMessage();
    }

    private static List<String> command(MeasuredJava java, String classPath, String settings, Path dumps,
                                        String token) {
        List<String> cmd = new ArrayList<>(List.of(java.java.toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", JvmExit.errorFileFlag(dumps),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-D" + TaskCheckMain.TOKEN + "=" + token,
                "-cp", classPath));
        cmd.add("-D" + TaskCheckMain.SETTINGS + "=" + settings); // the settings the runner's reader made
        cmd.add(TaskCheckMain.class.getName());
        return cmd;
    }

    private static void removeQuietly(Path dir) {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
        }
    }
}
