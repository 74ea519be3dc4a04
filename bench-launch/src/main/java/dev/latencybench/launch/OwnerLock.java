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
 * A lock on a file that a killed process never leaves held: the kernel drops a {@link FileChannel}
 * lock when its process ends, however it ends. The holder writes its pid into the file, so a
 * process that is refused can name it; for a lock another program took (JMH's {@code jmh.lock},
 * which holds no pid), {@code /proc/locks} names the holder.
 *
 * <p>Locks belong to the whole JVM, and closing any channel of a locked file may drop them: a JVM
 * takes each lock once and does not open its own lock files again. Not for hot paths.
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

    /**
     * Takes the lock on {@code file} (creating it) and writes this process's pid into it.
     *
     * @return the lock, or null when another process holds it: {@link #holder} names it
     */
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

    /**
     * Who holds a lock on {@code file}, as {@code process 1234 (java -jar bench.jar run ...)}; null
     * when nobody does, or the file does not exist or cannot be read (then its owner speaks for itself).
     */
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

    /**
     * Why JMH cannot run now: {@code jmh.lock} in {@code tmpDir} (JMH's {@code java.io.tmpdir}) is held
     * by another benchmark, named; null when it is free.
     */
    public static String jmhBusy(Path tmpDir) {
        Path file = tmpDir.resolve(JMH_LOCK);
        String holder = holder(file);
        return holder == null ? null : "a JMH benchmark is running on this machine: " + holder + " holds " + file
                + ", and JMH runs one benchmark at a time per machine; wait until it ends, or stop it, then start"
                + " again";
    }

    /**
     * Takes back the write permission JMH gives everyone on its {@code jmh.lock} ({@code File.setWritable(true,
     * false)}: mode 666 in a shared temporary folder, which any user could then replace or fill): owner read and
     * write, others read, when this process's user owns the file. Does nothing where there is none, another
     * user's, or no POSIX permissions; returns whether it changed the mode.
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

    /**
     * Removes the file, then releases the lock: for a lock that guards work now finished (a run folder's
     * {@code run.lock}), so that nothing of it stays behind. The file goes while the lock is still held,
     * so no other process takes it in between; one that opens the path afterwards makes a new file and
     * takes that, as it would after {@link #close}.
     */
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
