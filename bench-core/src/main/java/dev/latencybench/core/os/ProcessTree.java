package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import dev.latencybench.core.time.SystemClock;

/**
 * Every process below one the suite started, ended and waited for, whoever its parent is by then.
 *
 * <p>{@link ProcessHandle#descendants()} alone misses a process whose parent ended: it is re-parented, yet can hold
 * the caller's pipe so that JMH or the runner waits for end of file as long as it lives. So each started process is
 * marked with {@link #VARIABLE}, which its descendants inherit and {@code /proc/<pid>/environ} shows, and ending a
 * tree ends every process with its mark. A JVM whose children others start uses {@link #watchOrphans} instead.
 *
 * <p>Thread-safe; off every measuring path.
 */
public final class ProcessTree {
    /** The environment variable that marks a tree; a process started by one of the suite's JVMs has it. */
    public static final String VARIABLE = "LATENCY_BENCH_TREE";
    /** How long each ended process is waited for before the caller goes on. */
    static final long END_WAIT_MS = 5_000;
    /** How often a watch looks for orphans: a process outlives its parent by about this much. */
    public static final long WATCH_POLL_MS = 1_000;
    private static final Path PROC = Paths.get("/proc");

    private final String mark;

    private ProcessTree(String mark) {
        this.mark = mark;
    }

    /** Marks the process the builder starts, and so all its descendants, with a new mark of their own. */
    public static ProcessTree mark(ProcessBuilder builder) {
        ProcessTree tree = new ProcessTree(UUID.randomUUID().toString());
        builder.environment().put(VARIABLE, tree.mark);
        return tree;
    }

    /** The tree this JVM was started in (its own mark), if a JVM of the suite started it. */
    public static Optional<ProcessTree> ofThisJvm() {
        String own = System.getenv(VARIABLE);
        return own == null || own.isEmpty() ? Optional.empty() : Optional.of(new ProcessTree(own));
    }

    /**
     * Ends {@code root} (null: none), its descendants and every process with this tree's mark, and waits for each;
     * returns those still alive after {@link #END_WAIT_MS}, described.
     */
    public List<String> end(ProcessHandle root) {
        Set<ProcessHandle> all = new LinkedHashSet<>();
        if (root != null) {
            root.descendants().forEach(all::add); // before the root ends: then they are no longer its own
            all.add(root);
        }
        all.addAll(marked());
        all.remove(ProcessHandle.current());
        return endAll(all);
    }

    /** The processes alive that carry this tree's mark (none where there is no {@code /proc}). */
    public List<ProcessHandle> marked() {
        List<ProcessHandle> found = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return found;
        }
        byte[] wanted = (VARIABLE + "=" + mark).getBytes(StandardCharsets.UTF_8);
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : pids) {
                if (carries(dir.resolve("environ"), wanted)) {
                    ProcessHandle.of(Long.parseLong(dir.getFileName().toString())).ifPresent(found::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            // /proc unreadable: the descendants are what is left to end
        }
        return found;
    }

    /**
     * Starts a daemon thread that ends this JVM's orphans once a {@link #WATCH_POLL_MS}: processes with its mark, once
     * its descendants or holding a pipe it opened, that are no longer its descendants. {@code onEnded} is told of each.
     */
    public static Watch watchOrphans(java.util.function.Consumer<String> onEnded) {
        Watch w = new Watch(ofThisJvm().orElse(null), onEnded);
        w.thread.start();
        return w;
    }

    /** Ends this JVM's descendants and waits, so nothing it started outlives it; returns those still alive. */
    public static List<String> endDescendantsOfThisJvm() {
        return endAll(ProcessHandle.current().descendants().collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    /** A watch for the orphans of this JVM; see {@link #watchOrphans}. */
    public static final class Watch implements AutoCloseable {
        private final ProcessTree own;
        private final java.util.function.Consumer<String> onEnded;
        private final Set<ProcessHandle> seen = new HashSet<>();
        /** The processes there were, and the pipes this JVM held, when the watch began: never an orphan's. */
        private final Set<ProcessHandle> before;
        private final Set<String> pipesBefore;
        private final Thread thread;
        private volatile boolean closed;

        Watch(ProcessTree own, java.util.function.Consumer<String> onEnded) {
            this.own = own;
            this.onEnded = onEnded;
            this.before = ProcessHandle.allProcesses().collect(Collectors.toSet());
            this.pipesBefore = pipes(ProcessHandle.current().pid());
            this.thread = new Thread(this::loop, "lb-orphan-watch");
            thread.setDaemon(true);
        }

        private void loop() {
            while (!closed) {
                endOrphans();
                try {
                    Thread.sleep(WATCH_POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** Ends the orphans there are now; returns how many. */
        synchronized int endOrphans() {
            Set<ProcessHandle> now = ProcessHandle.current().descendants().collect(Collectors.toSet());
            Set<ProcessHandle> orphans = new LinkedHashSet<>();
            for (ProcessHandle p : seen) {
                if (!now.contains(p) && p.isAlive() && !descendsFromThis(p)) {
                    orphans.add(p);
                }
            }
            if (own != null) {
                for (ProcessHandle p : own.marked()) {
                    // one born after the snapshot above (a fork JMH just started) is a descendant still: asked again
                    if (!now.contains(p) && !isThisOrAbove(p) && !descendsFromThis(p)) {
                        orphans.add(p);
                    }
                }
            }
            orphans.addAll(holdingNewPipes(now));
            seen.retainAll(now);
            seen.addAll(now);
            List<String> what = new ArrayList<>();
            for (ProcessHandle p : orphans) {
                what.add(describe(p));
                p.destroyForcibly();
            }
            waitFor(orphans); // said once gone
            what.forEach(onEnded);
            return orphans.size();
        }

        /** New processes outside this JVM's line that hold a pipe it opened since the watch began. */
        private List<ProcessHandle> holdingNewPipes(Set<ProcessHandle> descendants) {
            Set<String> ours = pipes(ProcessHandle.current().pid());
            ours.removeAll(pipesBefore);
            if (ours.isEmpty()) {
                return List.of();
            }
            return ProcessHandle.allProcesses()
                    .filter(p -> !before.contains(p) && !descendants.contains(p) && !isThisOrAbove(p))
                    .filter(p -> !java.util.Collections.disjoint(pipes(p.pid()), ours) && !descendsFromThis(p))
                    .collect(Collectors.toList());
        }

        @Override
        public void close() {
            closed = true;
            thread.interrupt();
            try {
                thread.join(END_WAIT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            endOrphans();
        }
    }

    /** Whether this JVM is among the process's parents, asked now (not from a snapshot). */
    private static boolean descendsFromThis(ProcessHandle p) {
        long self = ProcessHandle.current().pid();
        Optional<ProcessHandle> h = p.parent();
        for (int depth = 0; h.isPresent() && depth < 1_000; depth++, h = h.get().parent()) {
            if (h.get().pid() == self) {
                return true;
            }
        }
        return false;
    }

    private static boolean isThisOrAbove(ProcessHandle p) {
        for (Optional<ProcessHandle> h = Optional.of(ProcessHandle.current()); h.isPresent(); h = h.get().parent()) {
            if (h.get().pid() == p.pid()) {
                return true;
            }
        }
        return false;
    }

    private static List<String> endAll(Set<ProcessHandle> all) {
        // SIGTERM first: a suite JVM (a fork whose launcher is gone) then keeps what it measured and removes its
        // queue files, as its own watch would; what is still alive after the wait is killed
        for (ProcessHandle p : all) {
            p.destroy();
        }
        waitFor(all);
        for (ProcessHandle p : all) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        waitFor(all);
        List<String> left = new ArrayList<>();
        for (ProcessHandle p : all) {
            if (p.isAlive()) {
                left.add(describe(p));
            }
        }
        return left;
    }

    private static void waitFor(Set<ProcessHandle> all) {
        long deadline = SystemClock.INSTANCE.nanoTime() + TimeUnit.MILLISECONDS.toNanos(END_WAIT_MS);
        for (ProcessHandle p : all) {
            long leftNs = deadline - SystemClock.INSTANCE.nanoTime();
            if (leftNs <= 0) {
                return;
            }
            try {
                p.onExit().get(leftNs, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // said by the caller: still alive
            }
        }
    }

    /** "pid 123 (sleep 300)": what a user can find the process by. */
    public static String describe(ProcessHandle p) {
        ProcessHandle.Info info = p.info();
        String command = info.commandLine().orElse(info.command().orElse("?"));
        return "pid " + p.pid() + " (" + (command.length() > 120 ? command.substring(0, 117) + "..." : command) + ")";
    }

    /** The pipes ({@code pipe:[inode]}) a process holds open; none for another user's or one that ended. */
    static Set<String> pipes(long pid) {
        Set<String> found = new HashSet<>();
        Path fds = PROC.resolve(Long.toString(pid)).resolve("fd");
        try (DirectoryStream<Path> all = Files.newDirectoryStream(fds)) {
            for (Path fd : all) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("pipe:")) {
                        found.add(target);
                    }
                } catch (IOException | RuntimeException e) {
                    // closed since it was listed
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc, another user's process, or one that ended
        }
        return found;
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** Whether an environ file (NUL-separated VAR=value entries) holds exactly {@code wanted} as an entry. */
    static boolean carries(Path environ, byte[] wanted) {
        byte[] env;
        try {
            env = Files.readAllBytes(environ); // the kernel's copy of the environment: bounded by ARG_MAX
        } catch (IOException | RuntimeException e) {
            return false; // another user's process, or one that just ended
        }
        int start = 0;
        for (int i = 0; i <= env.length; i++) {
            if (i == env.length || env[i] == 0) {
                if (i - start == wanted.length && regionEquals(env, start, wanted)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private static boolean regionEquals(byte[] a, int from, byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (a[from + i] != b[i]) {
                return false;
            }
        }
        return true;
    }
}
