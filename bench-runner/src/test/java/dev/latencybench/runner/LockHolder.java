package dev.latencybench.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import dev.latencybench.launch.OwnerLock;

/**
 * Another process that holds a lock, for tests: {@code LockHolder FILE} takes an {@link OwnerLock}
 * (pid in the file), {@code LockHolder FILE --bare} a plain FileChannel lock as JMH takes its
 * {@code jmh.lock}. It prints {@code locked} and holds the lock until its stdin closes or it is killed.
 */
public final class LockHolder {
    private LockHolder() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        Object lock;
        if (args.length > 1) {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = ch.tryLock();
        } else {
            lock = OwnerLock.tryTake(file);
        }
        System.out.println(lock != null ? "locked" : "refused");
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold the lock until the test closes stdin or kills this process
        }
    }

    /** Starts a holder and returns once it holds the lock. */
    public static Process start(Path file, boolean bare) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(), file.toString()));
        if (bare) {
            cmd.add("--bare");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (!"locked".equals(first)) {
            p.destroyForcibly();
            throw new IllegalStateException("the lock holder did not take " + file + ": " + first);
        }
        return p;
    }
}
