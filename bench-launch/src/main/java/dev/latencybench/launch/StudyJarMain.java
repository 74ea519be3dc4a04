package dev.latencybench.launch;

import java.io.PrintStream;
import java.util.List;

import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;

/**
 * The {@code Main-Class} of every study's own jar: runs the one study on its class path. Built for Java 11, so on
 * a JVM too old for the study it says which Java the study needs (exit 2) instead of a bare {@code LinkageError}.
 */
public final class StudyJarMain {
    private StudyJarMain() {
    }

    public static void main(String[] args) {
        Cli.exit(run(args, System.out, System.err));
    }

    /** Runs the jar's study with these arguments, printing to these streams; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        String tooNew = JavaNeeded.tooNewStudy(StudyJarMain.class.getClassLoader());
        if (tooNew != null) {
            err.println("latency-bench: " + tooNew);
            return 2;
        }
        List<Study> studies = Studies.onClassPath();
        if (studies.size() != 1) { // a jar built otherwise: StudyMain takes the study's name
            err.println("latency-bench: this class path has " + studies.size() + " studies, not one; run java -cp"
                    + " JAR " + StudyMain.class.getName() + " STUDY [arguments]");
            return 2;
        }
        return new StudyLauncher(studies.get(0), out, err).run(args);
    }
}
