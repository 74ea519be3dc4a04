package dev.latencybench.kafka;

import java.nio.channels.FileChannel;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/** Holds a shared lock on a file, as a live broker holds its folder's, until killed. */
public final class LockHolderMain {
    private LockHolderMain() {
    }

    public static void main(String[] args) throws Exception {
        FileChannel ch = FileChannel.open(Paths.get(args[0]), StandardOpenOption.READ);
        ch.lock(0, Long.MAX_VALUE, true);
        System.out.println("locked");
        Thread.sleep(30_000);
    }
}
