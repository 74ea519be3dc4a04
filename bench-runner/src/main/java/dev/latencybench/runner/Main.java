package dev.latencybench.runner;

/** The one entry point: {@code run}, {@code report}, {@code compare}, {@code jvms}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("latency-bench: usage: bench run | report <run-dir> | compare <base> <candidate> | jvms");
    }
}
