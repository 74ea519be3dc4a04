package dev.latencybench.runner;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;

/** The {@code scripts/bench run} command line that repeats a new run, each word quoted for a POSIX shell. Stateless. */
final class ReproduceLine {
    private ReproduceLine() {
    }

    static String of(List<String> scenarios, List<Jvm> jvms, List<Collector> gcs, Map<String, List<String>> gcArgs,
                     List<String> jvmArgs, Map<String, String> props, List<String> explicitJvms) {
        StringBuilder sb = new StringBuilder("scripts/bench run --scenarios ").append(String.join(",", scenarios));
        sb.append(" --jvms ").append(jvms.stream().map(Jvm::name).collect(Collectors.joining(",")));
        explicitJvms.forEach(j -> sb.append(" --jvm ").append(quote(j)));
        sb.append(" --gcs ").append(gcs.stream().map(Collector::id).collect(Collectors.joining(",")));
        gcArgs.forEach((k, v) -> sb.append(" --gc-args ").append(quote(k + "=" + String.join(" ", v))));
        if (!jvmArgs.isEmpty()) {
            sb.append(" --jvm-args ").append(quote(String.join(" ", jvmArgs)));
        }
        props.forEach((k, v) -> sb.append(' ').append(quote("-D" + k + "=" + v)));
        return sb.toString();
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9._,=:/+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
