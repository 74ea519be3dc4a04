package dev.latencybench.runner;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import dev.latencybench.core.run.Study;
import dev.latencybench.core.run.StudyMain;

/**
 * The scenarios on the class path: every JMH benchmark in the benchmark lists of the scenario
 * modules ({@code META-INF/BenchmarkList}), each described by the {@link Study} that names it
 * ({@code META-INF/services}). A new scenario module joins the runner by being on its class path.
 */
public final class Scenarios {
    private final List<Study> studies;
    private final List<String> unclaimed;

    private Scenarios(List<Study> studies, List<String> unclaimed) {
        this.studies = studies;
        this.unclaimed = unclaimed;
    }

    public static Scenarios discover() {
        Set<String> benchmarks = new LinkedHashSet<>();
        try {
            Enumeration<URL> lists = Scenarios.class.getClassLoader().getResources(
                    BenchmarkList.BENCHMARK_LIST.replaceFirst("^/", ""));
            while (lists.hasMoreElements()) {
                String text;
                try (InputStream in = lists.nextElement().openStream()) {
                    text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                // lists appended into one jar may hold blank lines, which JMH's reader refuses
                String lines = text.lines().filter(l -> !l.isBlank()).collect(Collectors.joining("\n"));
                for (BenchmarkListEntry e : BenchmarkList.readBenchmarkList(
                        new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)))) {
                    benchmarks.add(e.getUserClassQName());
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the JMH benchmark lists: " + e.getMessage(), e);
        }
        List<Study> studies = new ArrayList<>();
        Set<String> unclaimed = new LinkedHashSet<>(benchmarks);
        for (Study s : StudyMain.studies()) {
            if (benchmarks.contains(s.benchmark().getName())) {
                studies.add(s);
                unclaimed.remove(s.benchmark().getName());
            }
        }
        return new Scenarios(studies, new ArrayList<>(unclaimed));
    }

    public List<Study> all() {
        return studies;
    }

    public List<String> names() {
        List<String> n = new ArrayList<>();
        studies.forEach(s -> n.add(s.name()));
        return n;
    }

    /** The names {@code all} stands for: every study but those that run only when asked ({@link Study#inAll}). */
    public List<String> defaultNames() {
        List<String> n = new ArrayList<>();
        studies.stream().filter(Study::inAll).forEach(s -> n.add(s.name()));
        return n;
    }

    /** JMH benchmarks no study describes: listed for people, not run. */
    public List<String> unclaimed() {
        return unclaimed;
    }

    public Study get(String name) {
        for (Study s : studies) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + name + "'; expected one of " + String.join(", ",
                names()));
    }
}
