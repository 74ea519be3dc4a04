package dev.latencybench.core.tail;

import java.nio.file.Paths;

/**
 * A launcher that starts a control JVM and then never stops it, for {@code ControlJvmTest}: it prints the control
 * JVM's pid, then either waits to be killed ({@code wait}) or exits at once ({@code exit}, a launcher that failed
 * past its {@code finally}).
 */
public final class ControlLauncherMain {
    private ControlLauncherMain() {
    }

    /** @param args {@code wait} or {@code exit}, then the cell folder */
    public static void main(String[] args) throws Exception {
        ControlJvm control = ControlJvm.start(Paths.get(args[1]));
        if (!control.awaitReady(30_000)) {
            System.out.println("not ready");
            System.exit(3);
        }
        System.out.println("control " + control.pid());
        System.out.flush();
        if (args[0].equals("exit")) {
            System.exit(1);
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
