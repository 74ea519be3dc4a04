package dev.latencybench.launch;

/** Bad input on the command line: printed as is, exit status 2, nothing started. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
