package dev.latencybench.core.tail;

/** Calls {@code System.gc()} as many times as its argument says, then ends: a JVM whose log has that many full pauses. */
public final class SystemGcTimes {
    private SystemGcTimes() {
    }

    public static void main(String[] args) {
        int times = Integer.parseInt(args[0]);
        for (int i = 0; i < times; i++) {
            System.gc();
        }
    }
}
