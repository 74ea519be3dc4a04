package dev.latencybench.report.history;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.view.HowSure;

/**
 * One figure of one cell across runs: a host's runs of one study, scale, variant, JVM, collector, metric and
 * percentile, in time order, and the changes found in it that the house's rule ({@link HowSure}) confirmed.
 * Built by {@link HistoryReader}; {@link #findChanges()} fills the changes. Not thread-safe.
 */
public final class Series {
    /**
     * What a series is of. Two runs' figures are one series only when every field is equal: a host that differs
     * starts a series of its own, and so does a scale (a smoke run's percentiles are not a standard run's).
     */
    public record Key(HistoryRun.Host host, String study, String scale, String variant, String jvm, String gc,
                      String metric, String percentile) {
        /** {@code queue/chronicle temurin-17.0.15 g1 latency p99}, without the host. */
        public String name() {
            return study + "/" + variant + " " + jvm + " " + gc + " " + metric + " " + percentile
                    + (scale == null ? "" : " (" + scale + ")");
        }
    }

    /** One run's figure: the merged percentile, and each fork's value of it (those resting on enough samples). */
    public record Point(HistoryRun run, long valueNs, long[] forksNs) {
    }

    /**
     * A confirmed change: the index of the first point after it, and the ratio of the pooled forks after it over
     * those before it (each side from the neighbouring change, or the series' end).
     */
    public record Change(int index, HowSure.Ratio ratio) {
        /** Higher latency after it. */
        public boolean regression() {
            return ratio.call == HowSure.Call.HIGHER;
        }
    }

    public final Key key;
    public final List<Point> points = new ArrayList<>();
    private List<Change> changes = List.of();

    Series(Key key) {
        this.key = key;
    }

    /** The confirmed changes, in order; empty before {@link #findChanges()} and when none was found. */
    public List<Change> changes() {
        return changes;
    }

    /** The last confirmed change when it is a regression (the newest run lies after it); else null. */
    public Change standingRegression() {
        Change last = changes.isEmpty() ? null : changes.get(changes.size() - 1);
        return last != null && last.regression() ? last : null;
    }

    /**
     * Finds the candidates by {@link EDivisive} on the log of the per-run figures, then confirms each by
     * {@link HowSure} on the forks pooled on each side, each side {@link HowSure#FORKS_FOR_A_RANKING} forks at least;
     * a candidate it does not confirm is dropped and the neighbours are judged again on the wider sides, until every
     * change left is confirmed.
     */
    public List<Change> findChanges() {
        double[] logs = new double[points.size()];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(Math.max(1, points.get(i).valueNs()));
        }
        List<Integer> kept = new ArrayList<>(EDivisive.changePoints(logs));
        List<Change> confirmed = new ArrayList<>();
        boolean dropped = true;
        while (dropped) {
            dropped = false;
            confirmed.clear();
            List<Integer> next = new ArrayList<>();
            for (int c = 0; c < kept.size(); c++) {
                int from = c == 0 ? 0 : kept.get(c - 1);
                int to = c == kept.size() - 1 ? points.size() : kept.get(c + 1);
                HowSure.Side after = pooled(kept.get(c), to);
                HowSure.Side before = pooled(from, kept.get(c));
                HowSure.Ratio r = HowSure.compare(after, before);
                // two values a side give the bootstrap too little to go on: two one-fork runs at one CPU placement
                // read as a confirmed step; a side confirms from as many forks as a cell's ranking rests on
                if (r.call.differs() && after.forks() >= HowSure.FORKS_FOR_A_RANKING
                        && before.forks() >= HowSure.FORKS_FOR_A_RANKING) {
                    next.add(kept.get(c));
                    confirmed.add(new Change(kept.get(c), r));
                } else {
                    dropped = true;
                }
            }
            kept = next;
        }
        changes = List.copyOf(confirmed);
        return changes;
    }

    /** The forks of the points from {@code from} (inclusive) to {@code to}, as one side. */
    private HowSure.Side pooled(int from, int to) {
        int size = 0;
        for (int i = from; i < to; i++) {
            size += points.get(i).forksNs().length;
        }
        long[] all = new long[size];
        int at = 0;
        for (int i = from; i < to; i++) {
            long[] f = points.get(i).forksNs();
            System.arraycopy(f, 0, all, at, f.length);
            at += f.length;
        }
        return HowSure.Side.ofForks(all);
    }
}
