package dev.latencybench.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.launch.UsageException;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmInfo;
import dev.latencybench.runner.jvm.JvmProber;
import dev.latencybench.runner.matrix.ResumeCheck;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * {@code bench run --resume RUN_DIR}: an interrupted run's {@code run.json} checked and made into the request that
 * finishes it; bad input is a {@link UsageException} (exit 2). Stateless.
 */
final class ResumedRun {
    /** The end of every refusal to resume a folder that {@code bench run} did not make. */
    static final String ONLY_MATRIX = "; only a run that 'bench run' started can be resumed: start a new run";

    private ResumedRun() {
    }

    /** The {@code run.json} of a run folder {@code bench run} made; bad input when missing, cut short or foreign. */
    static RunManifest manifest(Path runDir) {
        String prefix = "bench run --resume " + runDir + ": ";
        Path file = RunManifest.file(runDir);
        if (!Files.isRegularFile(file)) {
            throw new UsageException(prefix + "there is no run.json, so it is not a run folder" + ONLY_MATRIX);
        }
        RunManifest run;
        try {
            run = RunManifest.read(runDir);
        } catch (DamagedFile e) { // cut short, not JSON, or a member of the wrong type or shape: edited, or not ours
            throw new UsageException(prefix + e.getMessage() + ONLY_MATRIX);
        }
        if (run.study != null && run.cells == null) {
            throw new UsageException(prefix + "it is a run of the study jar (study '" + run.study
                    + "'), not of 'bench run'" + ONLY_MATRIX);
        }
        List<String> missing = run.missing();
        if (!missing.isEmpty()) {
            throw new UsageException(prefix + "its run.json lacks " + String.join(", ", missing) + ", so 'bench run'"
                    + " did not write it" + ONLY_MATRIX);
        }
        return run;
    }

    /** A run.json whose member has the wrong type or shape: edited, or not the runner's. */
    static UsageException notAsWritten(Path runDir, RuntimeException e) {
        if (e instanceof MemberProblem) {
            return new UsageException("bench run --resume " + runDir + ": "
                    + DamagedFile.of(RunManifest.file(runDir), (MemberProblem) e).getMessage() + ONLY_MATRIX);
        }
        return new UsageException("bench run --resume " + runDir + ": its run.json is not as 'bench run' writes it ("
                + e.getMessage() + ")" + ONLY_MATRIX);
    }

    /**
     * Refuses a run from another machine or suite commit without {@code --resume-anyway}, as its report would mix them;
     * returns the differences resumed despite, earlier attempts' too.
     */
    static List<String> sameMachine(Path runDir, RunManifest run, boolean resumeAnyway) {
        List<String> differences = ResumeCheck.differences(runDir, run, ResumeCheck.here());
        if (!differences.isEmpty() && !resumeAnyway) {
            throw new UsageException("bench run --resume " + runDir + ": its cells were measured on another"
                    + " machine or by another commit of the suite (" + String.join("; ", differences) + "), and one"
                    + " report would rank both under one Environment; start a new run here, or add --resume-anyway to"
                    + " finish it all the same (its report then says so)");
        }
        List<String> all = new ArrayList<>();
        if (run.resumedDespite != null) {
            all.addAll(run.resumedDespite);
        }
        differences.stream().filter(d -> !all.contains(d)).forEach(all::add);
        return all;
    }

    /**
     * The request of an earlier run, from its run.json; its JVMs must still be where they were.
     * @param given the options of this command line that would change the run, by name; null when not given
     */
    static RunRequest request(Path runDir, RunManifest run, Map<String, Object> given, JvmProber prober,
                              boolean refreshJvms, Function<List<String>, Map<String, Integer>> minimumJava) {
        for (Map.Entry<String, Object> o : given.entrySet()) {
            if (o.getValue() != null) {
                throw new UsageException("bench run --resume: " + o.getKey() + " cannot change a run that has started; "
                        + "resume it as it was, or start a new run");
            }
        }
        List<Jvm> jvms = new ArrayList<>();
        for (int i = 0; i < run.jvms.size(); i++) {
            RunManifest.JvmEntry j = run.jvms.get(i);
            String where = "jvms[" + i + "].";
            Path java = Path.of(present(j.java, where + "java"));
            JvmInfo info = prober.probe(java, refreshJvms);
            if (!info.usable()) {
                throw new UsageException("bench run --resume: JVM " + j.name + " (" + java + "): " + info.error());
            }
            jvms.add(new Jvm(j.name, java, present(j.flags, where + "flags"), info,
                    present(j.source, where + "source")));
        }
        prober.save();
        List<Collector> collectors = new ArrayList<>();
        run.gcs.forEach(g -> collectors.add(Collector.of(g)));
        List<String> scenarioNames = run.scenarios;
        return new RunRequest(runDir.getParent(), runDir.getFileName().toString(), scenarioNames,
                minimumJava.apply(scenarioNames), jvms, collectors, run.gcArgs, run.jvmArgs, run.properties,
                run.command).keeping(run.unknown());
    }

    /** A member the request cannot do without. */
    private static <T> T present(T value, String member) {
        if (value == null) {
            throw new IllegalArgumentException(member + " is missing");
        }
        return value;
    }
}
