package dev.latencybench.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;

/**
 * The cells a launcher's steps produced, in order, and why results could not be written. The main thread and the
 * interrupt's hook both merge into it: several reads or adds at once hold this object's lock.
 */
final class LaunchCells {
    private final List<CellSummary> cells = Collections.synchronizedList(new ArrayList<>());
    /** Why results could not be written, one line per cell: the last lines the launcher prints. */
    private final List<String> unwritten = Collections.synchronizedList(new ArrayList<>());

    /** Every cell so far, in order: the list itself, synchronized. */
    List<CellSummary> all() {
        return cells;
    }

    void add(CellSummary cell) {
        cells.add(cell);
    }

    List<String> unwritten() {
        return unwritten;
    }

    boolean allWritten() {
        return unwritten.isEmpty();
    }

    /** A FAILED cell whose results could not be written, its reason naming the file; the forks' data stays. */
    CellSummary unwritten(String variant, Path cellDir, Exception e, Metrics metrics) {
        Path forks = cellDir.resolve(ResultLayout.FORKS_DIR);
        String why = (e.getMessage() == null ? e.toString() : e.getMessage()) + kept(forks);
        unwritten.add(variant + ": " + why);
        LatencySummary none = LatencySummary.of(LatencyRecorder.newHistogram());
        List<LatencySummary> nothing = new ArrayList<>();
        metrics.all().forEach(m -> nothing.add(none));
        return new CellSummary(variant, cellDir.getFileName().toString(), "FAILED", List.of(why), List.of(),
                metrics, nothing, cellDir);
    }

    /** What stays of the forks' own files after the cell's could not be written: their folder, when it holds any. */
    static String kept(Path forks) {
        long files;
        try (java.util.stream.Stream<Path> s = Files.isDirectory(forks) ? Files.walk(forks)
                : java.util.stream.Stream.empty()) {
            files = s.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith(".")).count();
        } catch (IOException | java.io.UncheckedIOException e) {
            return "; the forks' folder " + forks + " cannot be read (" + e.getMessage() + ")";
        }
        return files > 0 ? "; what the forks measured is kept in " + forks + " (" + files + " file(s))"
                : "; none of what the forks measured could be kept (no file of theirs was written)";
    }

    /** The first reason saying a result could not be written because its file system is full; null when none does. */
    String diskFull() {
        synchronized (this) {
            synchronized (unwritten) {
                return java.util.stream.Stream.concat(unwritten.stream(), cells.stream().flatMap(c -> c.reasons.stream()))
                        .filter(ResultFiles::saysDiskFull).findFirst().orElse(null);
            }
        }
    }
}
