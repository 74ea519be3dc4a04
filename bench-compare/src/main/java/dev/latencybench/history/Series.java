package dev.latencybench.history;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.view.HowSure;

/**
 * One figure of one cell across a host's runs, in time order, and the changes in it that {@link HowSure} confirmed.
 * {@link #findChanges()} fills the changes. Not thread-safe.
 */
public final class Series {
    /** What a series is of; a differing host or scale starts a series of its own. */
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

    /** A confirmed change: the first point after it, and the ratio of the pooled forks after over before. */
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
     * Finds candidates by {@link EDivisive}, then confirms each by {@link HowSure} on the forks pooled on each side;
     * an unconfirmed one is dropped and its neighbours judged again.
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
                // a side needs as many forks as a ranking rests on: two values give the bootstrap too little
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
