package dev.latencybench.launch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.latencybench.core.os.ProcLocks;

/**
 * A file lock the kernel drops when its process ends, however it ends; the holder writes its pid into the file.
 * Locks belong to the whole JVM and closing any channel may drop them, so each lock is taken once per JVM.
 */
public final class OwnerLock implements AutoCloseable {
    /** JMH's own lock, taken for each benchmark run: one JMH run per machine at a time. */
    public static final String JMH_LOCK = "jmh.lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private OwnerLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock on {@code file} and writes this pid into it; null when another process holds it. */
    public static OwnerLock tryTake(Path file) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            FileLock lock = ch.tryLock();
            if (lock == null) {
                ch.close();
                return null;
            }
            ch.truncate(0);
            ch.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            return new OwnerLock(file, ch, lock);
        } catch (OverlappingFileLockException e) {
            ch.close();
            return null;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Who holds a lock on {@code file}, as {@code process 1234 (java ...)}; null when nobody or unreadable. */
    public static String holder(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock probe = ch.tryLock(0, Long.MAX_VALUE, true);
            if (probe != null) {
                probe.release();
                return null;
            }
        } catch (OverlappingFileLockException e) {
            return describe(ProcessHandle.current().pid());
        } catch (IOException | RuntimeException e) {
            return null;
        }
        long pid = ProcLocks.holderOf(file);
        if (pid <= 0) {
            pid = pidInFile(file);
        }
        return pid > 0 ? describe(pid) : "another process";
    }

    /** Why JMH cannot run now: another benchmark holds {@code jmh.lock} in {@code tmpDir}; null when it is free. */
    public static String jmhBusy(Path tmpDir) {
        Path file = tmpDir.resolve(JMH_LOCK);
        String holder = holder(file);
        return holder == null ? null : "a JMH benchmark is running on this machine: " + holder + " holds " + file
                + ", and JMH runs one benchmark at a time per machine; wait until it ends, or stop it, then start"
                + " again";
    }

    /**
     * Takes back the write-for-all permission JMH gives its {@code jmh.lock} in a shared temporary folder, when this
     * process's user owns it; returns whether it changed the mode.
     */
    public static boolean restrictJmhLock(Path tmpDir) {
        Path file = tmpDir.resolve(JMH_LOCK);
        try {
            if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    || !Files.getOwner(file).getName().equals(System.getProperty("user.name"))) {
                return false;
            }
            java.util.Set<java.nio.file.attribute.PosixFilePermission> mode =
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
            if (Files.getPosixFilePermissions(file).equals(mode)) {
                return false;
            }
            Files.setPosixFilePermissions(file, mode);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false; // not ours to change, or no such permissions here
        }
    }

    /** {@code process 1234 (java -jar bench.jar run ...)}, the command cut to a readable length. */
    static String describe(long pid) {
        String command = ProcessHandle.of(pid).flatMap(h -> h.info().commandLine()).orElse("");
        if (command.length() > 120) {
            command = command.substring(0, 117) + "...";
        }
        return "process " + pid + (command.isEmpty() ? "" : " (" + command + ")");
    }

    private static long pidInFile(Path file) {
        try {
            return Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Removes the file while still holding the lock, then releases it, so nothing of finished work stays behind. */
    public void closeAndRemove() throws IOException {
        try {
            Files.deleteIfExists(file);
        } finally {
            close();
        }
    }

    /** Releases the lock; the file stays, empty of meaning until the next holder writes its pid. */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
