package dev.latencybench.runner.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.latencybench.core.env.Environment;
import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.launch.SuiteCommit;
import dev.latencybench.launch.RunManifest;

/**
 * Whether an interrupted run may be finished here: a different machine or suite commit would mix two runs in one
 * report. Compares each measured cell's {@code env.json} with this machine. Stateless.
 */
public final class ResumeCheck {
    /** A cell folder is {@code <run>/<scenario>/<variant>/<cell>/}: its env.json is this deep. */
    private static final int ENV_DEPTH = 4;

    private ResumeCheck() {
    }

    /** What this machine and suite are, in the words and places of {@code env.json}. */
    public static Map<String, String> here() {
        return facts(Environment.system().snapshot().withSuiteCommit(SuiteCommit.get()));
    }

    /** What differs between the run in {@code runDir} and {@code here}, one line each; empty when nothing does. */
    public static List<String> differences(Path runDir, RunManifest run, Map<String, String> here) {
        Map<String, String> differing = new LinkedHashMap<>(); // the first value found that is not this machine's
        List<Map<String, String>> recorded = new ArrayList<>();
        Map<String, String> manifest = new LinkedHashMap<>();
        put(manifest, "host", run.host);
        recorded.add(manifest);
        for (Path env : envFiles(runDir)) {
            try {
                recorded.add(facts(EnvironmentFile.read(env)));
            } catch (IOException | RuntimeException e) {
                // an unreadable env.json says nothing here; the report names the file
            }
        }
        for (Map<String, String> facts : recorded) {
            facts.forEach((k, v) -> {
                if (!v.equals(here.get(k))) {
                    differing.putIfAbsent(k, v);
                }
            });
        }
        List<String> lines = new ArrayList<>();
        differing.forEach((k, v) -> lines.add(k + ": " + v + " in the run, " + here.get(k) + " here"));
        return lines;
    }

    /** The facts that must match, by what people call them. */
    private static Map<String, String> facts(EnvironmentFile env) {
        Map<String, String> m = new LinkedHashMap<>();
        put(m, "host", env.osOrEmpty().host);
        put(m, "CPU", env.cpuOrEmpty().model);
        put(m, "CPUs online", env.cpuOrEmpty().online);
        put(m, "kernel", env.osOrEmpty().kernel);
        put(m, "suite commit", env.suiteCommit);
        return m;
    }

    private static void put(Map<String, String> m, String name, String value) {
        if (value != null) {
            m.put(name, value);
        }
    }

    private static List<Path> envFiles(Path runDir) {
        try (Stream<Path> s = Files.find(runDir, ENV_DEPTH, (p, a) -> a.isRegularFile()
                && p.getFileName().toString().equals(ResultLayout.ENV_JSON))) {
            return s.sorted().collect(Collectors.toList());
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
