package dev.latencybench.report.history;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

import dev.latencybench.core.env.EnvironmentFile;

/**
 * One run folder as the history orders it: its id, when it started ({@code run.json}'s {@code started}; null when
 * the file lacks it or it cannot be read), the suite commit its cells ran ({@code env.json}'s {@code suiteCommit})
 * and the host it ran on. Immutable.
 */
public record HistoryRun(Path dir, String runId, Instant started, String commit, Host host) {
    /** Time order: by start, runs without one after those with one; then by run id, then by folder. */
    public static final Comparator<HistoryRun> ORDER = Comparator.comparing(HistoryRun::started,
            Comparator.nullsLast(Comparator.naturalOrder())).thenComparing(HistoryRun::runId)
            .thenComparing(HistoryRun::dir);

    /** {@code 1a2b3c4}, the commit's first 7 characters; {@code ?} when the run did not record it. */
    public String shortCommit() {
        return commit == null || commit.isEmpty() ? "?" : commit.substring(0, Math.min(7, commit.length()));
    }

    /**
     * The host fingerprint: the fields of {@code env.json} that say which machine it was and do not move from run to
     * run on it: host name, CPU model, the processors the JVM saw, kernel release. Not the load, governor, THP or
     * pinning: those are the run's conditions on the host, and a change in them is what a history should show, not
     * hide behind a new series. A field the file lacks is null.
     */
    public record Host(String name, String cpuModel, Integer cores, String kernel) {
        /** The fingerprint of a cell's env.json; of nothing known when there is none. */
        static Host of(EnvironmentFile env, String runJsonHost) {
            if (env == null) {
                return new Host(runJsonHost, null, null, null);
            }
            String name = env.os != null && env.os.host != null ? env.os.host : runJsonHost;
            return new Host(name, env.cpu == null ? null : env.cpu.model,
                    env.cpu == null ? null : env.cpu.availableProcessors, env.os == null ? null : env.os.kernel);
        }

        /** {@code vm (Intel(R) Xeon(R) Processor, 16 cores, kernel 6.18.44)}. */
        public String describe() {
            return Objects.toString(name, "unknown host") + " (" + Objects.toString(cpuModel, "CPU unknown") + ", "
                    + (cores == null ? "cores unknown" : cores + " cores") + ", kernel " + Objects.toString(kernel, "unknown")
                    + ")";
        }
    }
}
