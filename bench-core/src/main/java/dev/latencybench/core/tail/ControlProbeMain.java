package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;

import dev.latencybench.core.time.SystemClock;

/** The idle control JVM's program: a {@link HiccupProbe} until its input ends, then its stalls to the named file. */
public final class ControlProbeMain {
    /** The line printed once the probe runs. */
    static final String READY = "control probe running";

    private ControlProbeMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ControlProbeMain <stalls file>");
            System.exit(2);
        }
        Path file = Paths.get(args[0]);
        HiccupProbe probe = HiccupProbe.start(SystemClock.INSTANCE);
        boolean[] written = new boolean[1];
        Runnable write = () -> {
            synchronized (written) {
                if (written[0]) {
                    return;
                }
                written[0] = true;
                probe.stop();
                try {
                    StallFile.write(file, probe);
                } catch (IOException e) { // names the file
                    System.err.println("control probe: " + e.getMessage());
                }
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(write, "lb-control-write"));
        System.out.println(READY);
        System.out.flush();
        while (System.in.read() >= 0) {
            // nothing is sent; the read returns at the end of input
        }
        write.run();
    }
}
