package dev.latencybench.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.study.MeasuredJava;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.launch.UsageException;
import dev.latencybench.launch.WritablePath;
import dev.latencybench.runner.cli.ListOption;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * The request of a new {@code bench run}, every option and property checked before anything starts; each refusal is
 * a {@link UsageException} (exit 2). Stateless.
 */
final class NewRunRequest {
    /** The runner's own properties, so that the list of allowed properties in an error names them too. */
    static final List<Property> RUNNER_PROPERTIES = List.of(
            Property.text("bench.jvms", "current", "JVMs of the matrix, as --jvms"),
            Property.text("bench.gcs", "default", "collectors of the matrix, as --gcs"),
            Property.text("bench.scenarios", "all", "scenarios of the matrix, as --scenarios"),
            Property.text("bench.gc.args", "", "collector tuning, as --gc-args GC=FLAGS"));

    private NewRunRequest() {
    }

    /** {@code options}: list options joined and reconciled; {@code props}: the scenarios' properties. */
    static RunRequest of(RunOptions options, Map<String, String> props, Context ctx) {
        Scenarios scenarios = ctx.scenarios();
        List<Study> studies;
        try {
            studies = scenarios.select(scenarios.namesFor(ListOption.list(options.scenarioList, ""), props));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench run: " + e.getMessage());
        }
        List<Collector> collectors = new ArrayList<>();
        for (String g : ListOption.list(options.gcList, "default")) {
            try {
                collectors.add(Collector.of(g));
            } catch (IllegalArgumentException e) {
                throw new UsageException("bench run: --gcs: " + e.getMessage());
            }
        }
        Map<String, List<String>> gcArgs = gcArgs(options.gcArgSpecs);
        List<String> jvmArgs = splitFlags("--jvm-args", options.jvmArgsText == null ? "" : options.jvmArgsText);
        String resultsOpt = options.resultsOption != null ? options.resultsOption : options.defaultResults;
        Path results = Path.of(resultsOpt).toAbsolutePath().normalize();
        String problem = Files.exists(results) && !Files.isDirectory(results) ? "it is a file, not a folder"
                : WritablePath.problem(results);
        if (problem != null) {
            throw new UsageException("bench run: --results " + results + ": " + problem + "; point --results at a"
                    + " folder this user may write in");
        }
        String runId = options.runIdOption != null ? options.runIdOption : ResultLayout.newRunId(ZonedDateTime.now(),
                Environment.hostName());
        if (!runId.matches("[A-Za-z0-9._-]+") || runId.startsWith(".")) {
            throw new UsageException("bench run: --run-id '" + runId + "': expected letters, digits, '.', '_' or '-'");
        }
        List<Study.Plan> plans = checkProperties(studies, props);
        List<Jvm> jvms;
        try {
            jvms = ctx.jvms(options.jvmList, options.explicitJvms, options.refreshJvms);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench run: " + e.getMessage());
        }
        verify(studies, plans, jvms, options.classpath);
        Path runDir = results.resolve(runId);
        if (Files.exists(runDir)) {
            throw new UsageException("bench run: the run folder " + runDir + " already exists; pick another --run-id,"
                    + " or finish that run with --resume " + runDir);
        }
        List<String> names = studies.stream().map(Study::name).collect(Collectors.toList());
        String command = ReproduceLine.of(names, jvms, collectors, gcArgs, jvmArgs, props, options.explicitJvms);
        Map<String, Integer> minimumJava = new LinkedHashMap<>(); // the study's, or its user's input's when newer
        for (int i = 0; i < studies.size(); i++) {
            minimumJava.put(names.get(i), Math.max(studies.get(i).minimumJava(), plans.get(i).userCheck().minimumJava()));
        }
        return new RunRequest(results, runId, names, minimumJava, jvms, collectors, gcArgs, jvmArgs, props, command);
    }

    /**
     * Refuses a property no scenario declares, then has every scenario's reader read the values
     * ({@link CellPlans#read}), so a bad one fails before the first cell; returns each study's plan.
     */
    static List<Study.Plan> checkProperties(List<Study> studies, Map<String, String> props) {
        BenchProperties bp = new BenchProperties(props);
        List<Property> declared = new ArrayList<>(RUNNER_PROPERTIES);
        declared.addAll(RunSettings.properties(RunSettings.DEFAULT_RESULTS));
        studies.forEach(s -> declared.addAll(s.studyProperties()));
        List<Study.Plan> plans = new ArrayList<>();
        try {
            bp.rejectUnknown(declared);
            RunSettings.read(bp, RunSettings.DEFAULT_RESULTS);
            for (Study s : studies) { // each its own, so that one study's defaults are not another's values
                plans.add(CellPlans.read(s, props));
            }
        } catch (ConfigException e) {
            throw new UsageException("bench run: " + e.getMessage());
        }
        return plans;
    }

    /** Runs the user's input check once per measured JDK new enough, before any cell; user code never runs here. */
    private static void verify(List<Study> studies, List<Study.Plan> plans, List<Jvm> jvms, String classpath) {
        for (int i = 0; i < studies.size(); i++) {
            List<MeasuredJava> javas = new ArrayList<>();
            for (Jvm j : jvms) {
                if (j.info().feature() >= studies.get(i).minimumJava()) {
                    javas.add(new MeasuredJava(j.java(), j.name(), j.info().feature()));
                }
            }
            try {
                plans.get(i).verify(javas, classpath);
            } catch (ConfigException e) {
                throw new UsageException(e.linesAfter("bench run: ").replace("\n", "\nlatency-bench: "));
            }
        }
    }

    /** {@code --gc-args} specs, each {@code GC=FLAGS}, by collector id. */
    static Map<String, List<String>> gcArgs(List<String> specs) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (String spec : specs) {
            int eq = spec.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("bench run: --gc-args '" + spec + "': expected GC=FLAGS, such as "
                        + "--gc-args 'g1=-XX:MaxGCPauseMillis=5'");
            }
            String gc = spec.substring(0, eq).trim();
            try {
                Collector.of(gc);
            } catch (IllegalArgumentException e) {
                throw new UsageException("bench run: --gc-args: " + e.getMessage());
            }
            m.put(gc, splitFlags("--gc-args " + gc, spec.substring(eq + 1)));
        }
        return m;
    }

    static List<String> splitFlags(String what, String text) {
        try {
            return RunSettings.splitFlags(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench run: " + what + ": " + e.getMessage());
        }
    }
}
