package dev.latencybench.runner.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/** Placeholder until the report lands. */
public final class Report {
    private Report() {
    }

    public static int command(String[] args, PrintStream out) throws IOException {
        return 0;
    }

    public static void write(Path runDir, PrintStream out) throws IOException {
    }
}
