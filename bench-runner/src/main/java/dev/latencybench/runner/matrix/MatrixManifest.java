package dev.latencybench.runner.matrix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.env.Environment;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.runner.jvm.Jvm;

/** Makes the runner's types into {@link RunManifest} entries; the file's type knows nothing of the runner. */
public final class MatrixManifest {
    private MatrixManifest() {
    }

    /** The {@code run.json} of a matrix run now; {@code finished} is null while it runs. */
    public static RunManifest of(RunRequest request, List<Cell> cells, Map<String, CellOutcome> outcomes,
                                 String started, String finished) {
        List<RunManifest.JvmEntry> jvms = new ArrayList<>();
        request.jvms.forEach(j -> jvms.add(jvm(j)));
        List<String> gcs = new ArrayList<>();
        request.collectors.forEach(c -> gcs.add(c.id()));
        List<RunManifest.CellEntry> entries = new ArrayList<>();
        for (Cell c : cells) {
            CellOutcome out = outcomes.get(c.key());
            if (out == null && c.skipReason() != null) {
                out = new CellOutcome(CellOutcome.SKIPPED, c.skipReason(), 0, 0);
            }
            entries.add(cell(c, out));
        }
        return new RunManifest(RunManifest.FORMAT_VERSION, request.runId, started, finished, null, null,
                Environment.hostName(), request.command, System.getProperty("java.home"), request.scenarios, jvms, gcs,
                new LinkedHashMap<>(request.gcArgs), request.extraJvmArgs, request.properties,
                request.resumedDespite.isEmpty() ? null : request.resumedDespite, entries, request.keptMembers);
    }

    /** A JVM of the matrix as run.json records it: its name, java binary, what it said it is, its flags. */
    static RunManifest.JvmEntry jvm(Jvm j) {
        return new RunManifest.JvmEntry(j.name(), j.java().toString(), j.info().version(), j.info().vendor(),
                j.source(), j.flags());
    }

    /** A cell and how it ended (null: not yet), its log's path relative to the run folder. */
    static RunManifest.CellEntry cell(Cell c, CellOutcome out) {
        boolean ran = out != null && out.seconds > 0;
        return new RunManifest.CellEntry(c.scenario(), c.jvm().name(), c.gcId(), c.name(), c.flags(),
                out == null ? RunManifest.PENDING : out.status, out == null ? null : out.reason,
                ran ? Math.round(out.seconds * 10) / 10.0 : null, ran ? out.exitCode : null,
                "logs/" + c.scenario() + "__" + c.name() + ".log");
    }
}
