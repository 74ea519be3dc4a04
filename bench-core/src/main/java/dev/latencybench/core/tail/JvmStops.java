package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM's stops in one benchmark JVM's GC and safepoint log ({@code -Xlog:gc*,safepoint} with the
 * {@code timenanos} decorator, on {@code System.nanoTime()}'s clock): GC pauses by phase, ZGC's allocation stalls
 * and safepoints by operation, as intervals on that clock; and Shenandoah's pacing, as totals per thread and window.
 *
 * <p>Every line is written when what it reports ended, so each interval starts its length before its stamp. A
 * safepoint spans the GC pause in it and the time to reach it, so its interval is kept, named by the pause's
 * phase. A log without {@code timenanos} yields no stops.
 *
 * <p>Immutable; parsing is not for a hot path.
 */
public final class JvmStops {
    /** The {@code timenanos} decoration: {@code [3377304225561ns]}. */
    private static final Pattern NANOS = Pattern.compile("\\[(\\d+)ns\\]");
    /** A line's leading decorations: the JVM's uptime, optionally the wall clock and {@code System.nanoTime()}'s. */
    private static final Pattern TIMES = Pattern.compile("^\\[(\\d+(?:\\.\\d+)?)s\\](?:\\[(\\d+)ms\\])?"
            + "(?:\\[(\\d+)ns\\])?");
    /** JDK 11: {@code Total time for which application threads were stopped: 0.0000877 seconds}. */
    private static final Pattern STOPPED = Pattern.compile("Total time for which application threads were stopped: "
            + "([0-9.]+) seconds");
    private static final Pattern GC_ID = Pattern.compile("\\bGC\\((\\d+)\\)");
    /** {@code GC(2) Pause Full (System.gc()) 14M->3M(20M) 22.446ms}; ZGC on JDK 21+ adds {@code Y: } or {@code O: }. */
    private static final Pattern PAUSE = Pattern.compile("\\bGC\\(\\d+\\) (?:[YO]: )?(Pause\\b.*?) (\\d+(?:\\.\\d+)?)ms$");
    /** A heap transition at the end of a pause's phase, such as {@code 14M->3M(20M)}. */
    private static final Pattern HEAP = Pattern.compile(" \\S*->\\S*$");
    /** {@code Safepoint "G1CollectFull", Time since last: ..., Total: 114383645 ns}. */
    private static final Pattern SAFEPOINT = Pattern.compile("Safepoint \"([^\"]+)\".*\\bTotal: (\\d+) ns");
    /** ZGC: {@code Allocation Stall (main) 39.950ms}. */
    private static final Pattern STALL = Pattern.compile("\\bAllocation Stall \\(([^)]*)\\) (\\d+(?:\\.\\d+)?)ms$");
    /** Shenandoah, after {@code Allocation pacing accrued:}: {@code 33 of   879 ms (  3.7%): main}. */
    private static final Pattern PACED = Pattern.compile("\\]\\s+(\\d+) of\\s+(\\d+) ms \\([^)]*\\): (.+)$");
    private static final String PACING_HEADER = "Allocation pacing accrued:";
    /** The collectors' VM operations: a safepoint for one of them is the GC's, with or without a pause line. */
    private static final Pattern GC_OPERATION = Pattern.compile("^(G1|Z[A-Z]|Shenandoah|Parallel|GenCollect|Serial"
            + "|CMS|CollectFor)");

    /** Every stop, {@link Cause#GC} and {@link Cause#SAFEPOINT}, earliest start first. */
    public final List<Stop> stops;
    /** Shenandoah's pacing per thread and window, in the log's order; empty for the other collectors. */
    public final List<Paced> pacing;
    private final int stampedLines;
    /** Every time the log says the application threads were stopped, in the log's order, warm-up included. */
    public final List<Pause> pauses;
    /** The collections the log numbers ({@code GC(n)}): the highest number plus one; 0 for none. */
    public final long collections;
    /** The uptime of the log's last stamped line: about when the JVM ended. */
    public final double lastUptimeSec;
    /** The wall clock less {@code System.nanoTime()}'s, in ms, from the lines that carry both; NaN where none does. */
    public final double epochLessNanoMs;

    /** One time the application threads were stopped: its length and end on each clock the line carries (-1: none). */
    public static final class Pause {
        public final long lengthNs;
        public final double endUptimeSec;
        public final long endEpochMs;

        Pause(long lengthNs, double endUptimeSec, long endEpochMs) {
            this.lengthNs = lengthNs;
            this.endUptimeSec = endUptimeSec;
            this.endEpochMs = endEpochMs;
        }
    }

    /** Shenandoah's pacing of one thread: {@code pacedMs} of the {@code windowMs} that ended at {@code endNs}. */
    public static final class Paced {
        public final String thread;
        public final long pacedMs;
        public final long windowMs;
        public final long endNs;

        Paced(String thread, long pacedMs, long windowMs, long endNs) {
            this.thread = thread;
            this.pacedMs = pacedMs;
            this.windowMs = windowMs;
            this.endNs = endNs;
        }
    }

    private JvmStops(List<Stop> stops, List<Paced> pacing, int stampedLines, List<Pause> pauses, long collections,
            double lastUptimeSec, double epochLessNanoMs) {
        this.stops = Collections.unmodifiableList(stops);
        this.pacing = Collections.unmodifiableList(pacing);
        this.stampedLines = stampedLines;
        this.pauses = Collections.unmodifiableList(pauses);
        this.collections = collections;
        this.lastUptimeSec = lastUptimeSec;
        this.epochLessNanoMs = epochLessNanoMs;
    }

    /** One log file as it is (none of its rotated files). */
    public static JvmStops read(Path log) throws IOException {
        return parse(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    /** The log of the fork {@code pid} in {@code cellDir} with its rotated files, in the order written; or null. */
    public static JvmStops readForkLog(Path cellDir, String pid) throws IOException {
        List<Path> files = forkLogFiles(cellDir, "gc-" + pid + ".log");
        if (files.isEmpty()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
        }
        return parse(lines);
    }

    /** Every fork's log in {@code cellDir}, one per fork, by file name. */
    public static Map<String, JvmStops> readForkLogs(Path cellDir) throws IOException {
        Map<String, JvmStops> byPid = new TreeMap<>();
        if (cellDir == null || !Files.isDirectory(cellDir)) {
            return byPid;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(cellDir, "gc-*.log")) {
            for (Path log : ds) {
                String name = log.getFileName().toString();
                String pid = name.substring("gc-".length(), name.length() - ".log".length());
                byPid.put(pid, readForkLog(cellDir, pid));
            }
        }
        return byPid;
    }

    /** {@code name} and its rotated files in {@code dir}, earliest written first; empty where it is missing. */
    static List<Path> forkLogFiles(Path dir, String name) throws IOException {
        Path current = dir.resolve(name);
        if (!Files.exists(current)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, name + ".*")) {
            for (Path f : ds) {
                if (f.getFileName().toString().substring(name.length() + 1).matches("\\d+")) {
                    files.add(f);
                }
            }
        }
        Map<Path, Double> firstUptime = new java.util.HashMap<>();
        for (Path f : files) {
            firstUptime.put(f, firstUptimeSec(f));
        }
        files.sort(Comparator.comparingDouble(firstUptime::get));
        files.add(current); // the file being written when the JVM ended: the latest
        return files;
    }

    /** The uptime stamp of a file's first stamped line; infinity for none. */
    private static double firstUptimeSec(Path f) throws IOException {
        try (java.io.BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null) {
                Matcher t = TIMES.matcher(line);
                if (t.find()) {
                    return Double.parseDouble(t.group(1));
                }
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    public static JvmStops parse(List<String> lines) {
        TreeMap<Long, List<Stop>> pausesByEnd = new TreeMap<>();
        List<Stop> safepoints = new ArrayList<>();
        List<Stop> out = new ArrayList<>();
        List<Paced> pacing = new ArrayList<>();
        boolean inPacing = false;
        int stamped = 0;
        List<Pause> pauses = new ArrayList<>();
        long highestGc = -1;
        double lastUptime = 0;
        double epochLessNano = Double.NaN;
        for (String line : lines) {
            Matcher t = TIMES.matcher(line);
            if (t.find()) {
                double uptime = Double.parseDouble(t.group(1));
                lastUptime = Math.max(lastUptime, uptime);
                if (t.group(2) != null && t.group(3) != null) {
                    // whole ms, cut down: the largest difference is the closest to the true one
                    double d = Long.parseLong(t.group(2)) - Long.parseLong(t.group(3)) / 1e6;
                    epochLessNano = Double.isNaN(epochLessNano) ? d : Math.max(epochLessNano, d);
                }
                long ns = pauseNs(line);
                if (ns >= 0) {
                    pauses.add(new Pause(ns, uptime, t.group(2) == null ? -1 : Long.parseLong(t.group(2))));
                }
            }
            Matcher id = GC_ID.matcher(line);
            if (id.find()) {
                highestGc = Math.max(highestGc, Long.parseLong(id.group(1)));
            }
            Matcher n = NANOS.matcher(line);
            if (!n.find()) {
                continue;
            }
            stamped++;
            long stampNs = Long.parseLong(n.group(1));
            Matcher m;
            if (inPacing && (m = PACED.matcher(line)).find()) {
                String thread = m.group(3).trim();
                if (!thread.startsWith("<")) { // <total> and <average total> add up the threads above them
                    pacing.add(new Paced(thread, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), stampNs));
                }
                continue;
            }
            inPacing = line.endsWith(PACING_HEADER);
            if ((m = SAFEPOINT.matcher(line)).find()) {
                long totalNs = Long.parseLong(m.group(2));
                safepoints.add(new Stop(Cause.SAFEPOINT, m.group(1), stampNs - totalNs, stampNs));
            } else if ((m = PAUSE.matcher(line)).find()) {
                String phase = HEAP.matcher(m.group(1)).replaceFirst("");
                Stop pause = new Stop(Cause.GC, phase, stampNs - msToNs(m.group(2)), stampNs);
                pausesByEnd.computeIfAbsent(stampNs, k -> new ArrayList<>()).add(pause);
            } else if ((m = STALL.matcher(line)).find()) {
                out.add(new Stop(Cause.GC, "Allocation Stall (" + m.group(1) + ")", stampNs - msToNs(m.group(2)),
                        stampNs));
            }
        }
        for (Stop s : safepoints) {
            Map<Long, List<Stop>> inside = pausesByEnd.subMap(s.startNs, true, s.endNs, true);
            if (!inside.isEmpty()) {
                String phase = inside.values().iterator().next().get(0).name;
                inside.clear(); // the safepoint stands for the pauses it held
                out.add(new Stop(Cause.GC, phase, s.startNs, s.endNs));
            } else if (GC_OPERATION.matcher(s.name).find()) {
                out.add(new Stop(Cause.GC, s.name, s.startNs, s.endNs));
            } else {
                out.add(s);
            }
        }
        pausesByEnd.values().forEach(out::addAll); // pauses with no safepoint line around them (JDK 11's log)
        out.sort(Comparator.comparingLong((Stop s) -> s.startNs).thenComparingLong(s -> s.endNs));
        return new JvmStops(out, pacing, stamped, pauses, highestGc + 1, lastUptime, epochLessNano);
    }

    /** The time a log line says the application threads were stopped, in ns (JDK 17+ or JDK 11 form); -1 for none. */
    public static long pauseNs(String line) {
        Matcher m = SAFEPOINT.matcher(line);
        if (m.find()) {
            return Long.parseLong(m.group(2));
        }
        Matcher s = STOPPED.matcher(line);
        if (s.find()) {
            return Math.round(Double.parseDouble(s.group(1)) * 1e9);
        }
        return -1;
    }

    private static long msToNs(String ms) {
        return Math.round(Double.parseDouble(ms) * 1e6);
    }

    /** False for a log written without the {@code timenanos} decorator: its stops cannot be placed. */
    public boolean onNanoClock() {
        return stampedLines > 0;
    }
}
