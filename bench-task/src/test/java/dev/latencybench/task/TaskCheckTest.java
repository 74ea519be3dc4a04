package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.DataOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.study.MeasuredJava;
import dev.latencybench.core.study.Study;
import dev.latencybench.task.tasks.BadTasks;
import dev.latencybench.task.tasks.HostileTasks;
import dev.latencybench.task.tasks.QueueHandoffTask;

/**
 * The up-front check of a user's tasks runs their code in a JVM of its own, never in the caller's: what a
 * hostile task does there (a static initializer that throws, a thread left running, System.exit, a set-up
 * that never returns, classes too new for a JDK) is one line, and the check's JVM is always ended and reaped.
 */
class TaskCheckTest {
    private static final String CLASS_PATH = System.getProperty("java.class.path");
    private static final MeasuredJava THIS_JVM = MeasuredJava.current();

    @TempDir
    Path tmp;

    private static Map<String, String> given(String classes) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(TaskConfig.CLASSES, classes);
        p.put(TaskConfig.CPUS, "none");
        return p;
    }

    /** The study's settings of {@code given}, as the runner's reader makes them and the check's JVM reads them. */
    private static String settings(Map<String, String> given) {
        return dev.latencybench.core.json.JsonCodec.toJson(TaskConfig.read(new BenchProperties(given),
                CpuTopology.system())).toString();
    }

    private static List<String> problems(String classes, long timeLimitSec) {
        Map<String, String> given = given(classes);
        TaskClasses parsed = TaskClasses.parse(classes, "");
        List<String> found = TaskCheck.problems(THIS_JVM, CLASS_PATH, settings(given), parsed, timeLimitSec);
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive)
                .map(ProcessHandle::info).collect(Collectors.toList()), "the check's JVM is ended and reaped");
        return found;
    }

    @Test
    void aStaticInitializerThatThrowsIsOneLineNamingTheClassAndTheCause() {
        String name = HostileTasks.ThrowingStaticInit.class.getName();
        assertEquals(List.of("bench.task.classes=" + name + " is not valid: the static initializer of " + name
                + " threw java.lang.IllegalStateException: no licence file"), problems(name, 30));
    }

    @Test
    void eachTaskOfSeveralIsCheckedAndEachProblemIsALine() {
        String good = QueueHandoffTask.class.getName();
        String throwing = BadTasks.ThrowingSetUp.class.getName();
        String stat = HostileTasks.ThrowingStaticInit.class.getName();
        List<String> found = problems(throwing + "," + good + "," + stat, 30);
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("bench.task.classes=" + throwing + " is not valid: setUp of "), found.get(0));
        assertTrue(found.get(1).startsWith("bench.task.classes=" + stat + " is not valid: the static"), found.get(1));
    }

    @Test
    void aThreadTheTaskLeavesRunningDoesNotKeepTheCheck() {
        long start = System.nanoTime();
        assertEquals(List.of(), problems(HostileTasks.LeakedThread.class.getName(), 30));
        assertTrue(System.nanoTime() - start < 20_000_000_000L, "ended without waiting for the leaked thread");
    }

    @Test
    void aTaskThatEndsItsJvmIsNamedWithThePhase() {
        String name = HostileTasks.ExitInSetUp.class.getName();
        assertEquals(List.of("bench.task.classes=" + name + " is not valid: it ended the JVM during its setUp, in its"
                + " check on " + THIS_JVM + ": the JVM ended with exit code 0, the code's own (System.exit or"
                + " Runtime.halt); a task must not call System.exit or Runtime.halt"), problems(name, 30));
    }

    @Test
    void aTaskThatPrintsTheChecksDoneLineAndEndsItsJvmIsNotACheckThatPassed() {
        String name = HostileTasks.ForgedDoneInSetUp.class.getName();
        assertEquals(List.of("bench.task.classes=" + name + " is not valid: it ended the JVM during its setUp, in its"
                + " check on " + THIS_JVM + ": the JVM ended with exit code 0, the code's own (System.exit or"
                + " Runtime.halt); a task must not call System.exit or Runtime.halt"), problems(name, 30),
                "was: no problem, the check passed on the task's own line");
    }

    @Test
    void aTasksOwnExitCodeIsNamedWithItsPhaseNotReadAsAJvmCause() {
        String name = HostileTasks.HaltInSetUp.class.getName();
        for (String code : List.of("3", "86", "134")) {
            Map<String, String> given = given(name);
            given.put("bench.task.haltCode", code);
            List<String> found = TaskCheck.problems(THIS_JVM, CLASS_PATH, settings(given), TaskClasses.parse(name, ""),
                    30);
            String expected = "bench.task.classes=" + name + " is not valid: it ended the JVM during its setUp, in its"
                    + " check on " + THIS_JVM + ": the JVM ended with exit code " + code + (code.equals("134")
                    ? ": the code's own (System.exit or Runtime.halt), or signal 6 from outside; no crash dump, so the"
                    + " JVM did not crash" : ", the code's own (System.exit or Runtime.halt)")
                    + "; a task must not call System.exit or Runtime.halt";
            assertEquals(List.of(expected), found, "was: ran out of memory, did not come back in time, crashed");
        }
    }

    @Test
    void aSetUpThatNeverReturnsIsStoppedAtTheTimeLimit() {
        String name = HostileTasks.HangingSetUp.class.getName();
        assertEquals(List.of("bench.task.classes=" + name + " is not valid: its setUp did not return within 3 s, in"
                + " its check on " + THIS_JVM + " (stopped)"), problems(name, 3));
    }

    @Test
    void aChildProcessTheTaskStartsIsEndedWithTheChecksJvm() throws IOException {
        String name = HostileTasks.ChildProcessInSetUp.class.getName();
        Path pids = tmp.resolve("child.pids");
        Map<String, String> given = given(name);
        given.put("bench.task.pidFile", pids.toString());
        List<Long> children = new java.util.ArrayList<>();
        try {
            assertEquals(List.of(), TaskCheck.problems(THIS_JVM, CLASS_PATH, settings(given),
                    TaskClasses.parse(name, ""), 30));
            Files.readAllLines(pids).forEach(l -> children.add(Long.parseLong(l.trim())));
            assertEquals(1, children.size(), children.toString());
            assertFalse(ProcessHandle.of(children.get(0)).map(ProcessHandle::isAlive).orElse(false),
                    "the sleep the task started in its check's JVM was ended with it");
        } finally {
            children.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    @Test
    void theSameProblemOnSeveralJdksIsSaidOnce() {
        String name = HostileTasks.ThrowingStaticInit.class.getName();
        MeasuredJava again = new MeasuredJava(THIS_JVM.java, "again", THIS_JVM.feature);
        String message = assertThrows(ConfigException.class, () -> TaskCheck.run(List.of(THIS_JVM, again), CLASS_PATH,
                settings(given(name)), TaskClasses.parse(name, ""))).getMessage();
        assertEquals("bench.task.classes=" + name + " is not valid: the static initializer of " + name
                + " threw java.lang.IllegalStateException: no licence file", message);
    }

    /**
     * A task compiled for a newer Java than a measured JDK: the plan says which Java it needs and why (the
     * runner skips that JDK's cells), and the check leaves that JDK out instead of failing on it.
     */
    @Test
    void aClassTooNewForAJdkIsNeededJavaNotAProblem() throws IOException {
        Path jar = tmp.resolve("new.jar");
        String name = "com.example.FutureTask";
        int next = THIS_JVM.feature + 1;
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("com/example/FutureTask.class"));
            DataOutputStream out = new DataOutputStream(j);
            out.writeInt(0xCAFEBABE);
            out.writeShort(0); // minor version
            out.writeShort(next + 44); // the class-file major version of the next Java: only its header is read
        }
        Map<String, String> p = given(name);
        p.put(TaskConfig.JARS, jar.toString());
        Study.Plan plan = new TaskStudy().plan(new BenchProperties(p), CpuTopology.system());
        assertEquals(next, plan.userCheck().minimumJava());
        assertEquals(name + " is compiled for Java " + next, plan.userCheck().minimumJavaWhy());
        plan.verify(List.of(THIS_JVM), CLASS_PATH); // nothing to check on this JDK: its cells are skipped

        Study.Plan again = new TaskStudy().plan(new BenchProperties(p), CpuTopology.system());
        MeasuredJava claimsNext = new MeasuredJava(THIS_JVM.java, "next", next);
        String message = assertThrows(ConfigException.class, () -> again.verify(List.of(claimsNext), CLASS_PATH))
                .getMessage();
        assertTrue(message.startsWith("bench.task.classes=" + name + " is not valid: " + name + " cannot be loaded"),
                "a JDK that claims to be new enough is checked: " + message);
    }
}
