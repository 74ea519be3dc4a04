package dev.latencybench.core.study;

import java.util.List;

/**
 * What a plan checks of the user's input before anything starts ({@link Study.Plan#verify}): what the study
 * checks in the caller's JVM (a cluster that answers), and what it checks in short JVMs of its own, one per
 * measured JDK (a user's task made, set up and torn down), so that the user's code never runs in the runner's
 * or the launcher's JVM; and the lowest Java the input needs (a task compiled for a newer Java than the
 * study's own classes), for which a cell on an older JVM is skipped instead of checked. Runs once; thread-safe.
 */
public final class UserCheck {
    /** What a study checks in JVMs of its own. */
    @FunctionalInterface
    public interface InJvms {
        /**
         * @param javas     one per binary, each new enough ({@link #minimumJava})
         * @param classPath a class path that holds the study (the benchmark JVMs')
         * @throws dev.latencybench.core.config.ConfigException naming each problem, one line each
         */
        void check(List<MeasuredJava> javas, String classPath);
    }

    /** Checks nothing. */
    public static final UserCheck NONE = new UserCheck((javas, classPath) -> { }, 0, null);

    private final InJvms inJvms;
    private final int minimumJava;
    private final String minimumJavaWhy;
    private Runnable here = () -> { };
    private boolean done;

    private UserCheck(InJvms inJvms, int minimumJava, String minimumJavaWhy) {
        this.inJvms = inJvms;
        this.minimumJava = minimumJava;
        this.minimumJavaWhy = minimumJavaWhy;
    }

    /** A check in JVMs of its own. */
    public static UserCheck inJvms(InJvms check) {
        return new UserCheck(check, 0, null);
    }

    /**
     * The same check, for input that needs Java {@code feature} or newer.
     *
     * @param why e.g. {@code com.example.Task is compiled for Java 21}
     */
    public UserCheck needingJava(int feature, String why) {
        return new UserCheck(inJvms, feature, why);
    }

    /** A copy that first runs {@code here} in the caller's JVM (what {@code Plan.Builder#verify} gives). */
    UserCheck withHere(Runnable here) {
        UserCheck c = new UserCheck(inJvms, minimumJava, minimumJavaWhy);
        c.here = here;
        return c;
    }

    /** The lowest Java feature version the input needs beyond the study's own classes; 0 when none. */
    public int minimumJava() {
        return minimumJava;
    }

    /** Why the input needs {@link #minimumJava}; null when it needs nothing. */
    public String minimumJavaWhy() {
        return minimumJavaWhy;
    }

    /** Runs the check once: here, then in a JVM of each binary of {@code javas} new enough for the input. */
    synchronized void run(List<MeasuredJava> javas, String classPath) {
        if (done) {
            return;
        }
        here.run();
        List<MeasuredJava> checked = MeasuredJava.distinct(javas, minimumJava);
        if (!checked.isEmpty()) {
            inJvms.check(checked, classPath);
        }
        done = true;
    }
}
