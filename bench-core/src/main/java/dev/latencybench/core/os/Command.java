package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short helper command (a JVM probe, git, fc-match) to completion and keeps its exit code and its
 * output (stdout and stderr together); a command still running when the caller is interrupted or gives up
 * is stopped, and whatever it started, still running when it ends, is ended with it ({@link ProcessTree}). Immutable result; not for anything long-running.
 */
public final class Command {
    /** How long a command stopped with SIGKILL is waited for, so that it is reaped before the call returns. */
    private static final long REAP_WAIT_SEC = 5;

    public final int exitCode;
    public final String output;

    private Command(int exitCode, String output) {
        this.exitCode = exitCode;
        this.output = output;
    }

    /**
     * @return the finished command; exit code -1 when it had not ended after {@code timeoutSec}
     */
    public static Command run(List<String> command, long timeoutSec) throws IOException, InterruptedException {
        // the output goes to a file, so a command that says nothing and does not end is still given up on in time
        Path out = Files.createTempFile("lb-command-", ".out");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
            ProcessTree tree = ProcessTree.mark(builder);
            Process p = builder.start();
            try {
                p.getOutputStream().close();
                boolean ended = p.waitFor(timeoutSec, TimeUnit.SECONDS);
                String text = new String(Files.readAllBytes(out), StandardCharsets.UTF_8).trim(); // malformed bytes replaced
                return new Command(ended ? p.exitValue() : -1, text);
            } finally {
                // stopped and reaped, with what it started (a JVM's task that left a child behind): no process of
                // ours outlives the call
                tree.end(p.toHandle());
                if (p.isAlive()) {
                    p.destroyForcibly().waitFor(REAP_WAIT_SEC, TimeUnit.SECONDS);
                }
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
