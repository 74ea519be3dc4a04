package dev.latencybench.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.launch.UsageException;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.RunFile;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.report.data.Search;

/**
 * Reads every run folder under the given folders into series: each charted cell's p50, p99 and p99.9 of every metric,
 * merged and per fork, from {@code result.json} only (never the {@code .hlog} files, so it stays fast). A percentile is
 * taken only where it is shown; an unreadable run is named in a note and left out. Reads runs in parallel.
 */
public final class HistoryReader {
    /** The percentiles a history follows, as indices of {@link Percentiles#NAMES}: p50, p99, p99.9. */
    static final int[] FOLLOWED = {0, 2, 3};

    /** What was read: the runs in time order, the series (in order of first appearance), and what was left out. */
    public record Reading(List<HistoryRun> runs, List<Series> series, List<String> notes) {
    }

    /** One run's figures, read apart from the others. */
    private record RunFigures(HistoryRun run, Map<Series.Key, Series.Point> points, List<String> notes) {
    }

    private HistoryReader() {
    }

    /** Reads the runs under {@code roots}; a {@link UsageException} when a root is no folder or none holds a run. */
    public static Reading read(List<Path> roots) {
        List<Path> runDirs = new ArrayList<>();
        for (Path root : roots) {
            Path r = root.toAbsolutePath().normalize();
            if (!Files.isDirectory(r)) {
                throw new UsageException("bench history: " + r + (Files.exists(r) ? " is not a folder"
                        : " does not exist") + "; give folders that hold run folders");
            }
            runDirs.addAll(runFolders(r));
        }
        if (runDirs.isEmpty()) {
            throw new UsageException("bench history: no runs found under " + String.join(", ",
                    roots.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList())
                    + " (a run folder holds " + RunManifest.FILE + ")");
        }
        List<RunFigures> figures = readAll(new ArrayList<>(new java.util.LinkedHashSet<>(runDirs)));
        List<String> notes = new ArrayList<>();
        figures.forEach(f -> notes.addAll(f.notes));
        figures.removeIf(f -> f.run == null);
        figures.sort((a, b) -> HistoryRun.ORDER.compare(a.run, b.run));
        List<HistoryRun> runs = new ArrayList<>();
        Map<Series.Key, Series> series = new LinkedHashMap<>();
        for (RunFigures f : figures) {
            runs.add(f.run);
            f.points.forEach((k, p) -> series.computeIfAbsent(k, Series::new).points.add(p));
        }
        return new Reading(runs, new ArrayList<>(series.values()), notes);
    }

    /** The run folders under {@code root} (itself, when it is one), in name order; a run's insides are not searched. */
    static List<Path> runFolders(Path root) {
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (Files.isRegularFile(dir.resolve(RunManifest.FILE))) {
                        found.add(dir);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // a folder it may not read holds no run of this user's
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        found.sort(null);
        return found;
    }

    private static List<RunFigures> readAll(List<Path> dirs) {
        int threads = Math.max(1, Math.min(dirs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "history-reader");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<RunFigures>> futures = new ArrayList<>();
            for (Path d : dirs) {
                futures.add(pool.submit(() -> readRun(d)));
            }
            List<RunFigures> out = new ArrayList<>();
            for (Future<RunFigures> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the runs", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** One run's figures; a run that cannot be read gives a note and no run. */
    static RunFigures readRun(Path dir) {
        RunData data;
        try {
            data = RunData.load(dir);
        } catch (IOException | RuntimeException e) {
            return new RunFigures(null, Map.of(), List.of(dir + ": left out, it cannot be read: " + RunFile.oneLine(e)));
        }
        RunManifest m = data.run();
        String runId = m.runId != null ? m.runId : dir.getFileName().toString();
        HistoryRun run = new HistoryRun(dir, runId, instant(m.started), data.env == null ? null : data.env.suiteCommit,
                HistoryRun.Host.of(data.env, m.host));
        List<String> notes = new ArrayList<>();
        if (!data.problems().isEmpty()) {
            notes.add(dir + ": " + data.problems().size() + " file(s) could not be read (" + data.problems().get(0)
                    + "); the cells it could read are in the history");
        }
        Map<Series.Key, Series.Point> points = new LinkedHashMap<>();
        for (Map.Entry<String, List<RunData.Row>> e : data.scenarios.entrySet()) {
            Set<String> steps = new HashSet<>(); // a search's steps differ from run to run: its answer is no series
            for (Search s : data.searches(e.getKey())) {
                s.steps.forEach(st -> steps.add(st.name()));
            }
            for (RunData.Row row : e.getValue()) {
                if (row.variant.isEmpty() || steps.contains(row.variant) || !row.charted()) {
                    continue;
                }
                String scale = row.result == null ? null : row.result.scale;
                for (String metric : row.metrics.names()) {
                    LatencySummary merged = row.summary(metric);
                    if (merged == null) {
                        continue;
                    }
                    for (int i : FOLLOWED) {
                        if (!Percentiles.shown(merged.count, Percentiles.PCTS[i])) {
                            continue;
                        }
                        Series.Key key = new Series.Key(run.host(), e.getKey(), scale, row.variant, row.jvm, row.gc,
                                metric, Percentiles.NAMES[i]);
                        points.put(key, new Series.Point(run, merged.percentile(i), forks(row.forks(metric), merged, i)));
                    }
                }
            }
        }
        if (points.isEmpty()) { // a run.json and nothing measured: no point in any series, and no run of the history
            return new RunFigures(null, Map.of(), List.of(dir + ": left out, no cell measured" + (data.problems().isEmpty()
                    ? "" : ": " + data.problems().get(0))));
        }
        return new RunFigures(run, points, notes);
    }

    /** Each fork's value of percentile {@code i}, where the fork showed it; the merged value when none did. */
    private static long[] forks(List<LatencySummary> forks, LatencySummary merged, int i) {
        long[] v = forks.stream().filter(f -> Percentiles.shown(f.count, Percentiles.PCTS[i]))
                .mapToLong(f -> f.percentile(i)).toArray();
        return v.length == 0 ? new long[] {merged.percentile(i)} : v;
    }

    private static Instant instant(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
