package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * {@code timenanos} decorator, whose stamp is {@code System.nanoTime()}'s clock, checked on JDK 17 and 25): GC
 * pauses by phase, ZGC's allocation stalls and safepoints by operation, as intervals on that clock; and
 * Shenandoah's pacing, which its log gives only as a total per thread over a window, not as intervals.
 *
 * <p>Every line is written when what it reports ended, so each interval starts its length before its
 * stamp: a safepoint's {@code Total: N ns}, a pause's or a stall's {@code N.NNNms}. A stop-the-world GC pause
 * is also a safepoint; the safepoint spans it and the time threads took to reach it, so the safepoint's
 * interval is kept, named by the pause's phase. A safepoint of a collector's operation with no pause line
 * in it (ZGC's and Shenandoah's pauses are logged at {@code gc,phases} and {@code gc}) still counts as
 * {@link Cause#GC}. A log without {@code timenanos} (written before it was added) yields no stops.
 * Immutable; parsing is not for a hot path.
 */
public final class JvmStops {
    /** The {@code timenanos} decoration: {@code [3377304225561ns]}. */
    private static final Pattern NANOS = Pattern.compile("\\[(\\d+)ns\\]");
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
    /** The VM operations of the collectors: a safepoint for one of them is the GC's, with or without a pause line. */
    private static final Pattern GC_OPERATION = Pattern.compile("^(G1|Z[A-Z]|Shenandoah|Parallel|GenCollect|Serial"
            + "|CMS|CollectFor)");

    private final List<Stop> stops;
    private final List<Paced> pacing;
    private final int stampedLines;

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

    private JvmStops(List<Stop> stops, List<Paced> pacing, int stampedLines) {
        this.stops = Collections.unmodifiableList(stops);
        this.pacing = Collections.unmodifiableList(pacing);
        this.stampedLines = stampedLines;
    }

    public static JvmStops read(Path log) throws IOException {
        return parse(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    public static JvmStops parse(List<String> lines) {
        TreeMap<Long, List<Stop>> pausesByEnd = new TreeMap<>();
        List<Stop> safepoints = new ArrayList<>();
        List<Stop> out = new ArrayList<>();
        List<Paced> pacing = new ArrayList<>();
        boolean inPacing = false;
        int stamped = 0;
        for (String line : lines) {
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
        return new JvmStops(out, pacing, stamped);
    }

    private static long msToNs(String ms) {
        return Math.round(Double.parseDouble(ms) * 1e6);
    }

    /** Every stop, {@link Cause#GC} and {@link Cause#SAFEPOINT}, earliest start first. */
    public List<Stop> stops() {
        return stops;
    }

    /** Shenandoah's pacing per thread and window, in the log's order; empty for the other collectors. */
    public List<Paced> pacing() {
        return pacing;
    }

    /** False for a log written without the {@code timenanos} decorator: its stops cannot be placed. */
    public boolean onNanoClock() {
        return stampedLines > 0;
    }
}
