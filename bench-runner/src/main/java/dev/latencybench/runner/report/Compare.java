package dev.latencybench.runner.report;

import java.io.IOException;
import java.io.PrintStream;

/** Placeholder until compare lands. */
public final class Compare {
    private Compare() {
    }

    public static int command(String[] args, PrintStream out) throws IOException {
        return 0;
    }
}
