package dev.latencybench.startup;

import java.util.ArrayList;
import java.util.List;

/**
 * Every launch's raw values, in launch order, as {@code launchValues} in {@code fork.json} and {@code result.json};
 * a value a file lacks is null. Immutable.
 */
public record LaunchValues(List<Long> firstResponseNs, List<Long> cpuNs, List<Long> rssKiB, List<Long> pssKiB,
        List<Long> pid, List<Long> port) {
    /** No launch yet. */
    static LaunchValues none() {
        return new LaunchValues(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>());
    }

    /** These values followed by {@code more}'s (a value {@code more} lacks adds nothing). */
    LaunchValues and(LaunchValues more) {
        return new LaunchValues(join(firstResponseNs, more.firstResponseNs), join(cpuNs, more.cpuNs),
                join(rssKiB, more.rssKiB), join(pssKiB, more.pssKiB), join(pid, more.pid), join(port, more.port));
    }

    private static List<Long> join(List<Long> a, List<Long> b) {
        List<Long> all = new ArrayList<>(a == null ? List.of() : a);
        if (b != null) {
            all.addAll(b);
        }
        return all;
    }
}
