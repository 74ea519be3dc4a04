package dev.latencybench.runner.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import dev.latencybench.core.config.Scale;
import dev.latencybench.runner.Scenarios;
import dev.latencybench.runner.jvm.Collector;

/**
 * The values an option may take, for its help and the shell's completion, each read from the code that checks the
 * value so the lists cannot drift apart. Stateless.
 */
public final class Choices {
    private Choices() {
    }

    /** The scenarios on the class path, and {@code all}. */
    public static final class ScenarioNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>(Scenarios.discover().names());
            names.add("all");
            return names.iterator();
        }
    }

    /** The collector ids of {@code --gcs}. */
    public static final class CollectorIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> ids = new ArrayList<>();
            for (Collector c : Collector.values()) {
                ids.add(c.id());
            }
            return ids.iterator();
        }
    }

    /** The scales of {@code bench.scale}. */
    public static final class ScaleIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> ids = new ArrayList<>();
            for (Scale s : Scale.values()) {
                ids.add(s.id());
            }
            return ids.iterator();
        }
    }
}
