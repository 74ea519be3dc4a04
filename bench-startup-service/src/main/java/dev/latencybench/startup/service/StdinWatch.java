package dev.latencybench.startup.service;

import java.io.IOException;
import java.io.InputStream;

/**
 * Ends the JVM normally when its standard input closes: the start-up study keeps a pipe to every
 * service it starts, so a benchmark JVM that dies (even by SIGKILL) takes its services with it, and a
 * training run for a CDS archive or an AOT cache ends with the normal exit at which the JVM writes
 * them. One daemon thread blocked in a read; nothing else.
 */
public final class StdinWatch {
    private StdinWatch() {
    }

    /** Starts the watch. */
    public static void exitWhenClosed() {
        Thread t = new Thread(() -> {
            InputStream in = System.in;
            byte[] buffer = new byte[256];
            try {
                while (in.read(buffer) >= 0) {
                    // whatever arrives is ignored: only the end matters
                }
            } catch (IOException e) {
                // a broken pipe ends it the same way
            }
            System.exit(0);
        }, "stdin-watch");
        t.setDaemon(true);
        t.start();
    }
}
