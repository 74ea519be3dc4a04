package dev.latencybench.core.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;

/**
 * One fork's {@code fork.json}, typed, written by the fork session and read by the merger through {@link JsonCodec}.
 * The workload's own members travel as {@link #described}. A plain holder: not thread-safe.
 */
public final class ForkResult {
    public String status;
    public List<String> reasons = new ArrayList<>();
    public long pid;
    public long measuredNs;
    /** The workload's own members; of a file read back, every member this type does not name. */
    public JsonObject described = new JsonObject();
    public Metrics metrics;
    /** The fork's percentiles per metric. */
    public Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    /** What was asked and obtained, including a {@code <role>Cpu} per role. */
    public JsonObject pinning = new JsonObject();
    /** How busy the machine was, in cores. */
    public JsonObject machineLoad = new JsonObject();
    private JsonObject read;

    /** The members of {@code fork.json}, in the order the session writes them. */
    public JsonObject toJson() {
        JsonObject o = JsonCodec.toJsonObject(new Head(status, reasons, pid, measuredNs));
        described.entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
        metrics.recordedJson(summaries).entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
        JsonCodec.toJsonObject(new End(pinning, machineLoad)).entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
        return o;
    }

    /** Reads a {@code fork.json}; what it lacks stays empty. A member of the wrong kind is a {@code MemberProblem}. */
    public static ForkResult read(JsonObject o) {
        ForkResult f = new ForkResult();
        f.read = o;
        Head h = JsonCodec.fromJson(o, Head.class);
        f.status = h.status;
        if (h.reasons != null) {
            f.reasons.addAll(h.reasons);
        }
        f.pid = h.pid == null ? 0 : h.pid;
        f.measuredNs = h.measuredNs == null ? 0 : h.measuredNs;
        f.metrics = Metrics.fromResult(o);
        f.summaries = Metrics.summariesOf(o);
        End e = JsonCodec.fromJson(o, End.class);
        if (e.pinning != null) {
            f.pinning = e.pinning;
        }
        if (e.machineLoad != null) {
            f.machineLoad = e.machineLoad;
        }
        o.entrySet().forEach(x -> {
            if (!KNOWN.contains(x.getKey())) {
                f.described.add(x.getKey(), x.getValue());
            }
        });
        return f;
    }

    /** Reads a {@code fork.json} file; one not as this type writes it throws a {@code DamagedFile}. */
    public static ForkResult read(Path file) throws IOException {
        JsonObject json = JsonCodec.readObject(file);
        try {
            return read(json);
        } catch (MemberProblem p) {
            throw DamagedFile.of(file, p);
        }
    }

    /** The file as read, for the study's accounting; null for one being written. */
    public JsonObject json() {
        return read;
    }

    /* The members of fork.json in parts, the workload's own between them; each named here once. */

    private static final class Head {
        final String status;
        final List<String> reasons;
        final Long pid;
        final Long measuredNs;

        Head(String status, List<String> reasons, Long pid, Long measuredNs) {
            this.status = status;
            this.reasons = reasons;
            this.pid = pid;
            this.measuredNs = measuredNs;
        }
    }

    private static final class End {
        final JsonObject pinning;
        final JsonObject machineLoad;

        End(JsonObject pinning, JsonObject machineLoad) {
            this.pinning = pinning;
            this.machineLoad = machineLoad;
        }
    }

    /** Every member this type names; the others are the workload's own. */
    private static final Set<String> KNOWN = known();

    private static Set<String> known() {
        Set<String> names = new java.util.HashSet<>(JsonCodec.memberNames(Head.class));
        names.addAll(JsonCodec.memberNames(End.class));
        names.addAll(JsonCodec.memberNames(Metrics.Recorded.class));
        names.addAll(JsonCodec.memberNames(Metrics.Legacy.class));
        return names;
    }
}
