package dev.latencybench.core.os;

/**
 * How a child process's exit status reads in a message: {@code 137 (signal 9)} for one that a signal
 * ended (a status above 128 is 128 + the signal, as {@link Process#exitValue} and a shell report it),
 * otherwise the number alone. Stateless.
 */
public final class ExitStatus {
    /** Above this, an exit status is 128 + the signal that ended the process. */
    private static final int SIGNAL_BASE = 128;

    private ExitStatus() {
    }

    /** {@code "1"}, {@code "137 (signal 9)"}. */
    public static String describe(int status) {
        return status + (status > SIGNAL_BASE ? " (signal " + (status - SIGNAL_BASE) + ")" : "");
    }
}
