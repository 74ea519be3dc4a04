package dev.latencybench.runner.matrix;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;


import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.os.ProcessTree;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.OwnedFolder;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.launch.JvmExit;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.launch.RunManifest;

/**
 * Runs the cells of a matrix one after another, each as its own launcher process so a crash ends only that cell,
 * copies their output to the console and {@code logs/}, and records every cell's outcome in {@code run.json}.
 * A cell with {@code rounds} above 1 runs one fork a round across the matrix, so drift falls on all cells alike.
 */
public final class MatrixRunner {
    private static final long STOP_WAIT_MS = 30_000;
    private static final long OUTPUT_WAIT_MS = 5_000;

    private final RunRequest request;
    private final List<Cell> cells;
    private final Function<Cell, List<String>> commandFor;
    private final PrintStream out;
    private final Map<String, CellOutcome> outcomes = new LinkedHashMap<>();
    /** When this attempt of the run started: {@code run.json}'s {@code started}. */
    private final String started = Instant.now().toString();
    private volatile Process current;
    /** The processes of the cell that runs: its JVM and all it started. */
    private volatile ProcessTree currentTree;
    private volatile String currentCell;
    /** Counted down when the running cell's output has been copied to the end, so a signal loses none of it. */
    private volatile CountDownLatch outputCopied = new CountDownLatch(0);
    private volatile boolean interrupted;
    private volatile boolean done;
    private final java.util.function.ToLongFunction<Cell> estimateNs;
    /** How many rounds each cell's forks run in: 1 runs every fork in one launcher. */
    private final java.util.function.ToIntFunction<Cell> rounds;
    /** The rounds each cell has ended OK, while it has rounds left: a signal says how far it got. */
    private final Map<String, Integer> roundsDone = new java.util.concurrent.ConcurrentHashMap<>();
    /** Room kept on the results disk for run.json, should the disk fill during the run. */
    private final SpaceReserve reserve;
    private volatile String diskFull;
    private volatile String manifestFailure;
    /** Run once a signal's work is recorded in run.json, or at once when the matrix had ended. */
    private volatile Runnable afterSignal = () -> { };

    /** How long the shutdown hook's work takes at most: the running cell's stop and its last output, with room. */
    public static final long SIGNAL_WORK_MS = STOP_WAIT_MS + OUTPUT_WAIT_MS + 5_000;

    /**
     * @param commandFor the command that runs one cell; exit 0 = OK, 1 = see its result, 2 = bad input, else crashed
     * @param previous outcomes of an earlier attempt of this run ({@code --resume}); empty for a new run
     */
    public MatrixRunner(RunRequest request, Function<Cell, List<String>> commandFor, Map<String, CellOutcome> previous,
                        PrintStream out) {
        this(request, commandFor, previous, out, cell -> -1);
    }

    /** {@code estimateNs}: roughly how long a cell takes at most, for the time left; negative when unknown. */
    public MatrixRunner(RunRequest request, Function<Cell, List<String>> commandFor, Map<String, CellOutcome> previous,
                        PrintStream out, java.util.function.ToLongFunction<Cell> estimateNs) {
        this(request, commandFor, previous, out, estimateNs, cell -> 1);
    }

    /** {@code rounds}: how many rounds, one launcher each, a cell's forks run in; 1 for all in one launcher. */
    public MatrixRunner(RunRequest request, Function<Cell, List<String>> commandFor, Map<String, CellOutcome> previous,
                        PrintStream out, java.util.function.ToLongFunction<Cell> estimateNs,
                        java.util.function.ToIntFunction<Cell> rounds) {
        this.estimateNs = estimateNs;
        this.rounds = rounds;
        this.request = request;
        this.cells = request.cells();
        this.commandFor = commandFor;
        this.out = out;
        this.outcomes.putAll(previous);
        this.reserve = new SpaceReserve(request.runDir());
    }

    /** Runs every cell not finished yet; returns the outcome of every cell, in matrix order. */
    public Map<String, CellOutcome> run() throws IOException {
        Files.createDirectories(logsDir(request));
        reserve.take();
        writeManifest(false);
        Thread hook = new Thread(this::onSignal, "lb-runner-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        int maxRounds = 1;
        int toRun = 0;
        for (Cell c : cells) {
            if (c.skipReason() == null && !finished(c)) {
                toRun += rounds.applyAsInt(c);
                maxRounds = Math.max(maxRounds, rounds.applyAsInt(c));
            }
        }
        int n = 0;
        double spentSec = 0;
        double estimatedDoneSec = 0;
        boolean estimated = true;
        try {
            rounds:
            for (int round = 1; round <= maxRounds; round++) {
                for (Cell cell : cells) {
                    if (interrupted) {
                        break rounds;
                    }
                    int cellRounds = rounds.applyAsInt(cell);
                    if (round > 1) {
                        if (round > cellRounds || !roundsDone.containsKey(cell.key())) {
                            continue; // no round left, or it ended in an earlier one
                        }
                    } else if (cell.skipReason() != null) {
                        outcomes.put(cell.key(), new CellOutcome(CellOutcome.SKIPPED, cell.skipReason(), 0, 0));
                        out.printf(Locale.ROOT, "latency-bench: skip %s: %s%n", cell.key(), cell.skipReason());
                        continue;
                    } else if (finished(cell)) {
                        out.printf(Locale.ROOT, "latency-bench: keep %s: %s in the earlier attempt%n", cell.key(),
                                outcomes.get(cell.key()).status);
                        continue;
                    }
                    n++;
                    double leftSec = left(cell, round, n, toRun, spentSec, estimatedDoneSec, estimated);
                    String of = cellRounds > 1 ? String.format(Locale.ROOT, ", fork %d of %d", round, cellRounds) : "";
                    out.printf(Locale.ROOT, "%nlatency-bench: cell %d of %d: %s%s%s%n", n, toRun, cell.key(), of,
                            leftSec < 0 ? "" : String.format(Locale.ROOT, " (about %s left%s)", minutes(leftSec),
                                    toRun > n ? " for this and the " + (toRun - n) + " after it" : ""));
                    long cellEstimate = estimateNs.applyAsLong(cell);
                    estimated &= cellEstimate >= 0;
                    CellOutcome outcome = runCell(cell, cellRounds > 1 ? round : 0);
                    spentSec += outcome.seconds;
                    estimatedDoneSec += cellEstimate / 1e9 / cellRounds;
                    if (!interrupted && ResultFiles.saysDiskFull(outcome.reason)) {
                        diskFull = outcome.reason;
                        // run again by --resume once there is room
                        outcome = new CellOutcome(CellOutcome.INTERRUPTED, "stopped, the results disk is full: "
                                + outcome.reason, outcome.exitCode, outcome.seconds);
                    }
                    if (!interrupted) {
                        boolean more = round < cellRounds && CellOutcome.OK.equals(outcome.status);
                        if (more) {
                            roundsDone.put(cell.key(), round);
                        } else {
                            roundsDone.remove(cell.key());
                            outcomes.put(cell.key(), outcome);
                        }
                    }
                    if (diskFull == null) {
                        writeManifest(false);
                    } else {
                        break rounds;
                    }
                }
            }
        } finally {
            done = true;
        }
        if (interrupted) {
            return outcomes;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return outcomes;
        }
        if (diskFull != null) {
            for (Cell c : cells) {
                outcomes.putIfAbsent(c.key(), c.skipReason() != null
                        ? new CellOutcome(CellOutcome.SKIPPED, c.skipReason(), 0, 0)
                        : new CellOutcome(CellOutcome.NOT_RUN, "the run stopped before this cell: the results disk is"
                        + " full", 0, 0));
            }
            reserve.release(); // the room kept for this: run.json says which cells --resume runs
            writeManifest(false);
            return ordered();
        }
        reserve.release();
        writeManifest(true);
        return ordered();
    }

    /** Rewrites run.json; on a full disk, retries once with the kept space given back, then remembers the failure. */
    private synchronized void writeManifest(boolean finished) throws IOException {
        if (interrupted) { // the shutdown hook has written the interruption: not to be overwritten by an older view
            return;
        }
        try {
            manifest(finished).write(request.runDir());
        } catch (IOException e) {
            if (!ResultFiles.saysDiskFull(e.getMessage())) {
                throw e;
            }
            diskFull = diskFull == null ? e.getMessage() : diskFull;
            reserve.release();
            try {
                manifest(finished).write(request.runDir());
            } catch (IOException again) {
                manifestFailure = again.getMessage();
            }
        }
    }

    private RunManifest manifest(boolean finished) {
        return MatrixManifest.of(request, cells, outcomes, started, finished ? Instant.now().toString() : null);
    }

    /** Why the run stopped early: a result or log could not be written for a full disk; null when it did not. */
    public String diskFull() {
        return diskFull;
    }

    /** Why run.json could not be written even with the space kept for it given back; null when it was written. */
    public String manifestFailure() {
        return manifestFailure;
    }

    /**
     * The time left before cell {@code n}: the estimates of the cells still to run, scaled by how the finished cells
     * compared with theirs; without estimates, the finished cells' mean. Negative when nothing says it yet.
     */
    private double left(Cell current, int round, int n, int toRun, double spentSec, double estimatedDoneSec,
                        boolean estimated) {
        double ahead = 0;
        boolean from = false;
        for (Cell c : cells) {
            from |= c == current;
            int cellRounds = rounds.applyAsInt(c);
            boolean live = round == 1 ? c.skipReason() == null && !finished(c) : roundsDone.containsKey(c.key());
            int runsLeft = cellRounds - round + (from ? 1 : 0); // this round's run still ahead from the current cell
            if (live && runsLeft > 0) {
                long e = estimateNs.applyAsLong(c);
                estimated &= e >= 0;
                ahead += e / 1e9 / cellRounds * runsLeft;
            }
        }
        if (estimated) { // the current cell is one of them, so there is at least one
            double scale = n > 1 && estimatedDoneSec > 0 ? spentSec / estimatedDoneSec : 1;
            return ahead * scale;
        }
        return n > 1 ? spentSec / (n - 1) * (toRun - n + 1) : -1;
    }

    public static String minutes(double sec) {
        return sec < 90 ? Math.round(sec) + " s" : Math.round(sec / 60) + " min";
    }

    /** A signal stopped the matrix: the shutdown hook records the rest and says how to resume. */
    public boolean interrupted() {
        return interrupted;
    }

    private boolean finished(Cell cell) {
        CellOutcome o = outcomes.get(cell.key());
        return o != null && o.finished() && !CellOutcome.SKIPPED.equals(o.status);
    }

    private Map<String, CellOutcome> ordered() {
        Map<String, CellOutcome> m = new LinkedHashMap<>();
        for (Cell c : cells) {
            m.put(c.key(), outcomes.getOrDefault(c.key(), new CellOutcome(CellOutcome.NOT_RUN, "not run", 0, 0)));
        }
        return m;
    }

    /** Runs a cell's launcher: all of its forks ({@code round} 0), or round {@code round} of them. */
    private CellOutcome runCell(Cell cell, int round) {
        long start = System.nanoTime();
        Path log = logsDir(request).resolve(cell.scenario() + "__" + cell.name() + (round > 1 ? "-round" + round
                : "") + ".log");
        try {
            currentCell = cell.key();
            if (round <= 1) {
                removeEarlierAttempt(cell);
            }
            CountDownLatch copied = new CountDownLatch(1);
            outputCopied = copied;
            List<String> command = new ArrayList<>(commandFor.apply(cell));
            if (round > 0) {
                command.add("--round");
                command.add(Integer.toString(round));
            }
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            ProcessTree tree = ProcessTree.mark(builder);
            Process p = builder.start();
            currentTree = tree;
            current = p;
            p.getOutputStream().close();
            Copied output = new Copied();
            // on its own thread, so a process the cell left holding its output cannot hold the run at end of file
            Thread copier = new Thread(() -> {
                try {
                    copyOutput(p, log, output);
                } catch (IOException e) {
                    output.readFailure = e;
                } finally {
                    copied.countDown();
                }
            }, "lb-cell-output");
            copier.setDaemon(true);
            copier.start();
            int exit = p.waitFor();
            tree.end(p.toHandle()); // every process the cell's JVM started, and theirs, whoever's children they are now
            if (!copied.await(OUTPUT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                out.println("latency-bench: " + cell.key() + ": its output was still open " + OUTPUT_WAIT_MS / 1000
                        + " s after its JVM ended and everything it started was ended; going on without the rest");
            } else if (output.readFailure != null) {
                throw output.readFailure;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            CellOutcome o = outcome(cell, exit, p.pid(), output.lastLine, seconds);
            if (output.logFailure == null) {
                return o;
            }
            return new CellOutcome(CellOutcome.OK.equals(o.status) ? CellOutcome.FAILED : o.status,
                    (o.reason == null ? "" : o.reason + "; ") + output.logFailure, o.exitCode, o.seconds);
        } catch (IOException e) {
            return new CellOutcome(CellOutcome.FAILED, "cannot start the cell: " + e.getMessage(), -1,
                    (System.nanoTime() - start) / 1e9);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CellOutcome(CellOutcome.INTERRUPTED, "interrupted", -1, (System.nanoTime() - start) / 1e9);
        } finally {
            current = null;
        }
    }

    /** What a cell printed: its last {@code latency-bench:} line, and why its log could not be written. */
    private static final class Copied {
        volatile String lastLine = "";
        volatile String logFailure;
        volatile IOException readFailure;
    }

    /** Copies the cell's output to the console and its log; a log that cannot be written does not stop the copy. */
    private void copyOutput(Process p, Path log, Copied c) throws IOException {
        BufferedWriter w = null;
        try {
            w = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            c.logFailure = ResultFiles.cannotWrite(log, e).getMessage();
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.println(line);
                if (w != null) {
                    try {
                        w.write(line);
                        w.newLine();
                    } catch (IOException e) {
                        c.logFailure = ResultFiles.cannotWrite(log, e).getMessage();
                        w = closeQuietly(w);
                    }
                }
                if (line.startsWith("latency-bench: ")) {
                    c.lastLine = line.substring("latency-bench: ".length());
                }
            }
        } finally {
            if (w != null) {
                try {
                    w.close();
                } catch (IOException e) {
                    c.logFailure = ResultFiles.cannotWrite(log, e).getMessage();
                }
            }
        }
    }

    private static BufferedWriter closeQuietly(BufferedWriter w) {
        try {
            w.close();
        } catch (IOException ignored) {
            // the write before it failed already, and says why
        }
        return null;
    }

    /** The cell's status from its exit code and, for exit 1, from the result.json its variants wrote. */
    private CellOutcome outcome(Cell cell, int exit, long pid, String lastLine, double seconds) {
        if (exit == 0) {
            return new CellOutcome(CellOutcome.OK, null, 0, seconds);
        }
        if (exit == 2) {
            return new CellOutcome(CellOutcome.FAILED, "bad input: " + lastLine, exit, seconds);
        }
        List<String> reasons = new ArrayList<>();
        String status = CellOutcome.FAILED;
        for (Path result : resultFiles(cell)) {
            try {
                CellResult r = CellResult.read(result);
                if (CellOutcome.INTERRUPTED.equals(r.status)) {
                    status = CellOutcome.INTERRUPTED;
                }
                if (!CellOutcome.OK.equals(r.status)) {
                    r.reasons.forEach(x -> reasons.add(r.variant + ": " + x));
                }
            } catch (DamagedFile e) {
                reasons.add(e.getMessage());
            } catch (IOException | RuntimeException e) {
                reasons.add("unreadable " + result + ": " + e.getMessage());
            }
        }
        if (reasons.isEmpty()) {
            Path dump = logsDir(request).resolve("hs_err_pid" + pid + ".log");
            reasons.add(exit == 1 ? lastLine : "the launcher " + JvmExit.describe(exit, Files.exists(dump)
                    ? List.of(dump) : List.of()) + (lastLine.isEmpty() ? "" : ": " + lastLine));
        }
        return new CellOutcome(status, String.join("; ", reasons), exit, seconds);
    }

    /** Each cell's console output, and the crash dump of a cell's launcher JVM that crashed. */
    public static Path logsDir(RunRequest request) {
        return request.runDir().resolve("logs");
    }

    List<Path> resultFiles(Cell cell) {
        List<Path> files = new ArrayList<>();
        for (Path dir : cellDirs(cell)) {
            if (Files.isRegularFile(dir.resolve(ResultLayout.RESULT_JSON))) {
                files.add(dir.resolve(ResultLayout.RESULT_JSON));
            }
        }
        return files;
    }

    /** An unfinished earlier attempt's folders would be merged with the new forks' data: remove them. */
    private void removeEarlierAttempt(Cell cell) throws IOException {
        for (Path dir : cellDirs(cell)) {
            OwnedFolder.deleteTree(dir);
        }
    }

    /** The cell's folder in every variant folder of its scenario, sorted. */
    private List<Path> cellDirs(Cell cell) {
        List<Path> dirs = new ArrayList<>();
        Path scenarioDir = request.runDir().resolve(cell.scenario());
        if (!Files.isDirectory(scenarioDir)) {
            return dirs;
        }
        try (DirectoryStream<Path> variants = Files.newDirectoryStream(scenarioDir, Files::isDirectory)) {
            variants.forEach(v -> dirs.add(v.resolve(cell.name())));
        } catch (IOException e) {
            return dirs;
        }
        dirs.sort(Comparator.naturalOrder());
        return dirs;
    }

    /** Ctrl-C or kill: let the running cell stop and keep what it measured, record the rest, say how to resume. */
    private void onSignal() {
        try {
            stopAndRecord();
        } finally {
            afterSignal.run();
        }
    }

    /** {@code then} runs when a signal's work is done ({@link #onSignal}): the run folder may be released. */
    public MatrixRunner afterSignal(Runnable then) {
        this.afterSignal = then;
        return this;
    }

    private void stopAndRecord() {
        if (done) {
            return;
        }
        interrupted = true;
        Process p = current;
        if (p != null) {
            // SIGTERM through the handle: Process.destroy() would also close its output, which is still being copied
            p.toHandle().destroy();
            try {
                if (!p.waitFor(STOP_WAIT_MS, TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                }
                ProcessTree tree = currentTree;
                if (tree != null) { // what the stopped cell started, still running: ended, so its output ends too
                    tree.end(p.toHandle());
                }
                outputCopied.await(OUTPUT_WAIT_MS, TimeUnit.MILLISECONDS); // the cell's last words reach the console
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Cell c : cells) {
            if (!outcomes.containsKey(c.key()) || !outcomes.get(c.key()).finished()) {
                boolean wasRunning = c.key().equals(currentCell);
                Integer forks = roundsDone.get(c.key());
                String reason = wasRunning ? "interrupted while it ran" : forks != null ? "interrupted after " + forks
                        + " of its " + rounds.applyAsInt(c) + " forks" : "the run was interrupted before this cell";
                outcomes.put(c.key(), new CellOutcome(wasRunning || forks != null ? CellOutcome.INTERRUPTED
                        : CellOutcome.NOT_RUN, reason, 0, 0));
            }
        }
        reserve.release();
        synchronized (this) {
            try {
                manifest(true).write(request.runDir());
            } catch (IOException e) {
                System.err.println("latency-bench: cannot write run.json: " + e.getMessage());
            }
        }
        System.err.println("latency-bench: the matrix was interrupted; what was measured is in " + request.runDir());
        System.err.println("latency-bench: to run the rest: scripts/bench run --resume " + request.runDir());
    }

}
