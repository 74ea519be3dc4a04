package dev.latencybench.history;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

import dev.latencybench.core.env.EnvironmentFile;

/**
 * One run folder as the history orders it: its id, start ({@code run.json}'s {@code started}; null when unknown), the
 * suite commit its cells ran and its host. Immutable.
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
     * The host fingerprint: the {@code env.json} fields that name the machine (null where missing). Load, governor,
     * THP and pinning are left out: a change in them is what a history should show.
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
