package dev.latencybench.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

/** What a run's results record about a {@link KafkaBroker} the suite started ({@code "kind": "owned"}). Stateless. */
final class BrokerDescription {
    private BrokerDescription() {
    }

    /** The members, in the order written. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Owned {
        final String kind = "owned";
        String kafkaVersion;
        String bootstrapServers;
        int port;
        int controllerPort;
        String folder;
        long pid;
        String java;
        String javaVersion;
        String heap;
        List<String> jvmFlags;
        List<String> command;
        long formatMs;
        long startMs;
        long stopMs;
        long rssKb;
        long peakRssKb;
        long cpuMs;
    }

    /** The broker's description now; reads its memory and CPU time, so that its peak RSS counts this look too. */
    static JsonObject of(KafkaBroker b) {
        Owned o = new Owned();
        o.kafkaVersion = b.kafkaVersion();
        o.bootstrapServers = b.bootstrapServers();
        o.port = b.port();
        o.controllerPort = b.controllerPort();
        o.folder = b.folder().toString();
        o.pid = b.pid();
        o.java = b.settings().java.toString();
        o.javaVersion = javaVersion(b.settings().java);
        o.heap = b.settings().heap;
        o.jvmFlags = List.copyOf(b.settings().jvmFlags);
        o.command = List.copyOf(b.command());
        o.formatMs = b.formatMs();
        o.startMs = b.startMs();
        o.stopMs = b.stopMs();
        o.rssKb = b.rssKb();
        o.peakRssKb = b.peakRssKb();
        long cpu = b.cpuNs();
        o.cpuMs = cpu < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(cpu);
        return JsonCodec.toJsonObject(o);
    }

    /** The {@code JAVA_VERSION} of the JDK that holds {@code java}, from its {@code release} file. */
    static String javaVersion(Path java) {
        Path home = java.toAbsolutePath().getParent() == null ? null : java.toAbsolutePath().getParent().getParent();
        if (home == null) {
            return "unknown";
        }
        try {
            for (String line : Files.readAllLines(home.resolve("release"), StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return line.substring("JAVA_VERSION=".length()).replace("\"", "");
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // no release file: say so
        }
        return "unknown";
    }
}
