package dev.latencybench.core.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A folder a benchmark JVM makes outside the results (queue files in /dev/shm), with a lock file beside it held while
 * it lives. {@link #removeStale} cleans up after a JVM killed outright, judging each folder by its lock, which works
 * across processes and containers. Thread-safe.
 */
public final class OwnedFolder implements AutoCloseable {
    public static final String LOCK_SUFFIX = ".lock";

    private final Path dir;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private boolean closed;

    private OwnedFolder(Path dir, FileChannel lockChannel, FileLock lock) {
        this.dir = dir;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /** Makes {@code <parent>/<prefix><pid>-<random>} and takes its lock. */
    public static OwnedFolder create(Path parent, String prefix) throws IOException {
        Path dir = Files.createTempDirectory(parent, prefix + ProcessHandle.current().pid() + "-");
        FileChannel ch = null;
        try {
            ch = FileChannel.open(lockFileOf(dir), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new OwnedFolder(dir, ch, ch.lock()); // held while the folder lives: never taken for stale
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                ch.close();
            }
            deleteRecursively(dir);
            Files.deleteIfExists(lockFileOf(dir));
            throw e;
        }
    }

    public Path path() {
        return dir;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            deleteRecursively(dir);
        } finally {
            try {
                lock.release();
                lockChannel.close();
                Files.deleteIfExists(lockFileOf(dir));
            } catch (IOException e) {
                // the folder is gone; a lock file left behind is removed by the next sweep
            }
        }
    }

    /** The lock file beside the folder it guards. */
    public static Path lockFileOf(Path folder) {
        return folder.resolveSibling(folder.getFileName() + LOCK_SUFFIX);
    }

    /**
     * Removes the folders under {@code parent} named {@code prefix...} whose owner is gone, with their lock files.
     *
     * @param what what the folders hold, for the message, e.g. {@code queue files}
     * @return one line per folder removed, for the console
     */
    public static List<String> removeStale(Path parent, String prefix, String what) {
        List<Path> entries;
        try (Stream<Path> s = Files.list(parent)) {
            entries = s.filter(p -> p.getFileName().toString().startsWith(prefix)).collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // not ours to clean
        }
        List<String> removed = new ArrayList<>();
        for (Path p : entries) {
            String name = p.getFileName().toString();
            boolean isLock = name.endsWith(LOCK_SUFFIX);
            Path folder = isLock ? p.resolveSibling(name.substring(0, name.length() - LOCK_SUFFIX.length())) : p;
            if (isLock && Files.exists(folder)) {
                continue; // judged with its folder
            }
            try {
                if (isStale(folder, prefix)) {
                    long bytes = sizeOf(folder);
                    deleteRecursively(folder);
                    Files.deleteIfExists(lockFileOf(folder));
                    if (!isLock) {
                        removed.add(String.format(Locale.ROOT, "removed %s (%.1f MiB of %s), left behind by a benchmark"
                                + " JVM that was killed or crashed", folder, bytes / (1024.0 * 1024), what));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // someone else's, or in use: leave it
            }
        }
        return removed;
    }

    /** A folder whose lock nobody holds, or without a lock file whose JVM is gone. */
    public static boolean isStale(Path folder, String prefix) throws IOException {
        Path lockFile = lockFileOf(folder);
        if (!Files.exists(lockFile)) {
            String rest = folder.getFileName().toString().substring(prefix.length());
            int dash = rest.indexOf('-');
            try {
                return dash > 0 && ProcessHandle.of(Long.parseLong(rest.substring(0, dash))).isEmpty();
            } catch (NumberFormatException e) {
                return false;
            }
        }
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock l = ch.tryLock();
            if (l == null) {
                return false; // another process holds it
            }
            l.release();
            return true;
        } catch (OverlappingFileLockException e) {
            return false; // this JVM holds it
        }
    }

    /** The bytes of the files under {@code folder}; 0 when it is not a folder. */
    public static long sizeOf(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return 0; // a lock file whose folder is gone
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    /** Deletes a folder and all in it, if it exists; an {@link UncheckedIOException} names the first failure. */
    public static void deleteRecursively(Path root) {
        try {
            deleteTree(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }

    /** As {@link #deleteRecursively}, throwing the first {@link IOException} for callers that word it themselves. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }
}
