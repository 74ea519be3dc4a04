package dev.latencybench.core.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short helper command (a JVM probe, git) to completion and keeps its exit code and its
 * output (stdout and stderr together). Immutable result; not for anything long-running.
 */
public final class Command {
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
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String text;
        try (InputStream in = p.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        if (!p.waitFor(timeoutSec, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Command(-1, text);
        }
        return new Command(p.exitValue(), text);
    }
}
