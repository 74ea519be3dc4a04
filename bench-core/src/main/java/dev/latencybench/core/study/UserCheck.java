package dev.latencybench.core.study;

import java.util.List;

/**
 * What a plan checks of the user's input before anything starts, in the caller's JVM and in short JVMs of its
 * own, and the lowest Java the input needs. Runs once; thread-safe.
 */
public final class UserCheck {
    /** What a study checks in JVMs of its own. */
    @FunctionalInterface
    public interface InJvms {
        /** @param javas one per binary, each new enough; throws ConfigException naming each problem */
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

    /** The same check, for input that needs Java {@code feature} or newer, {@code why} saying so. */
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
