package dev.latencybench.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * What a run's results record about a {@link KafkaBroker} the suite started ({@code "kind": "owned"}): its version,
 * address, folder and process, the JDK and flags it ran with, how long it took to format, start and stop, and its
 * memory and CPU time as last seen. Stateless.
 */
final class BrokerDescription {
    private BrokerDescription() {
    }

    /** The broker's description now; reads its memory and CPU time, so that its peak RSS counts this look too. */
    static JsonObject of(KafkaBroker b) {
        JsonObject o = new JsonObject();
        o.addProperty("kind", "owned");
        o.addProperty("kafkaVersion", b.kafkaVersion());
        o.addProperty("bootstrapServers", b.bootstrapServers());
        o.addProperty("port", b.port());
        o.addProperty("controllerPort", b.controllerPort());
        o.addProperty("folder", b.folder().toString());
        o.addProperty("pid", b.pid());
        o.addProperty("java", b.settings().java().toString());
        o.addProperty("javaVersion", javaVersion(b.settings().java()));
        o.addProperty("heap", b.settings().heap());
        JsonArray flags = new JsonArray();
        b.settings().jvmFlags().forEach(flags::add);
        o.add("jvmFlags", flags);
        JsonArray cmd = new JsonArray();
        b.command().forEach(cmd::add);
        o.add("command", cmd);
        o.addProperty("formatMs", b.formatMs());
        o.addProperty("startMs", b.startMs());
        o.addProperty("stopMs", b.stopMs());
        o.addProperty("rssKb", b.rssKb());
        o.addProperty("peakRssKb", b.peakRssKb());
        long cpu = b.cpuNs();
        o.addProperty("cpuMs", cpu < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(cpu));
        return o;
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
