package dev.latencybench.startup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.result.OwnedFolder;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.time.Clock;

/**
 * Builds and caches, per JDK, flags, service kind and jar, what a start mode needs (a CDS archive, an AOT cache or
 * a native image), rebuilding one that no longer matches. Launches use it with {@code -Xshare:on} or
 * {@code -XX:AOTMode=on}, so one the JVM refuses fails them. Not thread-safe: one fork builds at a time.
 */
final class ArchiveCache {
    /** Requests a training run sends, so the archive holds the classes (and, on 25, the profiles) of serving. */
    static final int TRAINING_REQUESTS = 2_000;
    static final String BUILT_JSON = "built.json";
    /** A training request's wait for its answer, and its tries: training is not measured, only its end counts. */
    private static final int TRAINING_TIMEOUT_MS = 10_000;
    private static final int TRAINING_RETRIES = 2;
    /** How long a build step that is not a training run may take: a native image takes minutes. */
    static final long BUILD_TIMEOUT_NS = TimeUnit.MINUTES.toNanos(30);

    /** What a mode needs, ready: the extra flags or the executable, and how it was built. */
    record Prepared(StartMode mode, List<String> flags, Path executable, Path file, long sizeBytes, long buildNs,
                    boolean reused, String builtWith) {
        /** For fork.json: what was used, its size, and how long building it took. */
        JsonObject toJson() {
            return JsonCodec.toJsonObject(file == null ? new Used(mode.id(), null, null, null, null, null, flags)
                    : new Used(mode.id(), file.toString(), sizeBytes, buildNs, reused, builtWith, flags));
        }
    }

    /** What fork.json records of a mode's archive or image, in the order written. */
    record Used(String mode, String file, Long sizeBytes, Long buildNs, Boolean reused, String builtWith,
                List<String> flags) {
    }

    /** A built archive's {@code built.json}: what it was built from, how long it took, and with what. */
    private record Built(String identity, long buildNs, String builtWith) {
    }

    private final Path dir;
    private final JdkFeatures jdk;
    private final ServiceCommand command;
    private final long timeoutNs;
    private final Clock clock;
    private final PortSource ports;

    ArchiveCache(Path dir, JdkFeatures jdk, ServiceCommand command, long timeoutNs, Clock clock, PortSource ports) {
        this.dir = dir;
        this.jdk = jdk;
        this.command = command;
        this.timeoutNs = timeoutNs;
        this.clock = clock;
        this.ports = ports;
    }

    /**
     * What {@code mode} needs, built now when missing or stale; {@code work} takes the training runs' output.
     * @throws ServiceProcess.ServiceFailure when a build fails, with the reason
     */
    Prepared prepare(StartMode mode, Path work) {
        Optional<String> why = jdk.whyNot(mode);
        if (why.isPresent()) {
            throw new ServiceProcess.ServiceFailure(mode.id() + " cannot run here: " + why.get());
        }
        if (mode == StartMode.JVM) {
            return new Prepared(mode, List.of(), null, null, 0, 0, false, "");
        }
        Path folder = dir.resolve(mode.id() + "-" + command.kind() + "-" + sha256(jdk.home() + "\n" + String.join(" ",
                command.cellFlags())).substring(0, 16));
        Path file = folder.resolve(fileName(mode));
        Path built = folder.resolve(BUILT_JSON);
        try {
            String identity = identity(mode);
            if (Files.isRegularFile(built) && Files.isRegularFile(file)) {
                Built b = JsonCodec.read(built, Built.class);
                if (identity.equals(b.identity())) {
                    return prepared(mode, file, b.buildNs(), true, b.builtWith());
                }
            }
            OwnedFolder.deleteTree(folder); // stale or half-built
            Files.createDirectories(folder);
            long t0 = clock.nanoTime();
            String with = build(mode, folder, file, work);
            long buildNs = clock.nanoTime() - t0;
            if (!Files.isRegularFile(file) || Files.size(file) == 0) {
                throw new ServiceProcess.ServiceFailure("building the " + mode.id() + " archive of " + command.kind()
                        + " ended without writing " + file);
            }
            ResultFiles.writeJson(built, JsonCodec.toJson(new Built(identity, buildNs, with)));
            return prepared(mode, file, buildNs, false, with);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the archive folder " + folder + " (" + StartupConfig.CACHE
                    + ")", e);
        }
    }

    private Prepared prepared(StartMode mode, Path file, long buildNs, boolean reused, String with) throws IOException {
        long size = Files.size(file);
        switch (mode) {
            case CDS:
                // an archive the JVM cannot use fails the launch, instead of passing for plain java -jar
                return new Prepared(mode, List.of("-Xshare:on", "-XX:SharedArchiveFile=" + file), null, file, size,
                        buildNs, reused, with);
            case AOT:
                return new Prepared(mode, List.of("-XX:AOTMode=on", "-XX:AOTCache=" + file), null, file, size, buildNs,
                        reused, with);
            case NATIVE:
                return new Prepared(mode, List.of(), file, file, size, buildNs, reused, with);
            default:
                throw new IllegalArgumentException(mode.id());
        }
    }

    static String fileName(StartMode mode) {
        switch (mode) {
            case CDS:
                return "app.jsa";
            case AOT:
                return "app.aot";
            case NATIVE:
                return "startup-service";
            default:
                throw new IllegalArgumentException(mode.id());
        }
    }

    /** What makes an archive valid: the JDK (its release file and VM version), the flags, the jar's content. */
    private String identity(StartMode mode) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("jdk=").append(jdk.home()).append('\n');
        Path release = jdk.home().resolve("release");
        sb.append("release=").append(Files.isRegularFile(release) ? sha256(Files.readString(release,
                StandardCharsets.UTF_8)) : "none").append('\n');
        sb.append("vm=").append(System.getProperty("java.vm.version")).append('\n');
        sb.append("flags=").append(String.join(" ", command.cellFlags())).append('\n');
        sb.append("kind=").append(command.kind()).append('\n');
        sb.append("jar=").append(sha256(command.jar())).append('\n');
        // a CDS archive records the class path by name, time and size: another copy or a touched jar is refused
        sb.append("jarFile=").append(command.jar()).append(' ').append(Files.getLastModifiedTime(command.jar()))
                .append(' ').append(Files.size(command.jar())).append('\n');
        if (mode == StartMode.NATIVE) {
            Path ni = jdk.nativeImage().orElseThrow();
            sb.append("native-image=").append(ni).append(' ').append(Files.getLastModifiedTime(ni)).append('\n');
        }
        return sb.toString();
    }

    /** Runs the build; returns the command that did it. */
    private String build(StartMode mode, Path folder, Path file, Path work) throws IOException {
        switch (mode) {
            case CDS:
                return train(List.of("-XX:ArchiveClassesAtExit=" + file), work);
            case AOT:
                if (jdk.feature() >= JdkFeatures.AOT_ONE_STEP_FEATURE) {
                    return train(List.of("-XX:AOTCacheOutput=" + file), work);
                }
                Path conf = folder.resolve("app.aotconf");
                String record = train(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + conf), work);
                List<String> create = new ArrayList<>(List.of(command.java().toString()));
                create.addAll(command.cellFlags());
                create.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + conf, "-XX:AOTCache=" + file,
                        "-cp", command.jar().toString()));
                runToEnd(create, work.resolve("aot-create.log"), "creating the AOT cache");
                return record + "; then " + String.join(" ", create);
            case NATIVE:
                Path ni = jdk.nativeImage().orElseThrow();
                List<String> cmd = List.of(ni.toString(), "--no-fallback", "-jar", command.jar().toString(), "-o",
                        file.toString());
                runToEnd(cmd, work.resolve("native-image.log"), "building the native image");
                return String.join(" ", cmd);
            default:
                throw new IllegalArgumentException(mode.id());
        }
    }

    /** A training run: start with the recording flags, serve the training requests, end normally. */
    private String train(List<String> recordingFlags, Path work) {
        int port = ports.next();
        List<String> cmd = command.onJvm(recordingFlags, port);
        try (ServiceProcess p = ServiceProcess.start(command.kind() + " training run", cmd, work.resolve(
                "training.log"), clock)) {
            p.awaitFirstOk(port, timeoutNs, () -> false);
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
            for (int i = 0; i < TRAINING_REQUESTS; i++) {
                int status = HttpProbe.get(address, ServiceProcess.PATH, TRAINING_TIMEOUT_MS);
                for (int retry = 0; status != 200 && status != HttpProbe.REFUSED && retry < TRAINING_RETRIES; retry++) {
                    status = HttpProbe.get(address, ServiceProcess.PATH, TRAINING_TIMEOUT_MS); // a loaded machine
                }
                if (status != 200) {
                    throw new ServiceProcess.ServiceFailure("the " + command.kind() + " training run answered "
                            + HttpProbe.describe(status) + " to request " + (i + 1) + " (tried " + (1 + TRAINING_RETRIES)
                            + " times); last lines of its output:" + p.tail());
                }
            }
            String tail = p.tail();
            int status = p.endInput(timeoutNs);
            if (status != 0) {
                throw new ServiceProcess.ServiceFailure("the " + command.kind() + " training run exited with status "
                        + status + "; last lines of its output:" + tail);
            }
        }
        return String.join(" ", cmd);
    }

    private void runToEnd(List<String> cmd, Path log, String what) {
        ServiceProcess p = ServiceProcess.start(what, cmd, log, clock);
        try {
            int status = p.endInput(BUILD_TIMEOUT_NS);
            if (status != 0) {
                throw new ServiceProcess.ServiceFailure(what + " failed (exit status " + status + "): "
                        + String.join(" ", cmd) + "; last lines of its output:" + p.tail());
            }
        } finally {
            p.close();
        }
    }

    static String sha256(String text) {
        return HexFormat.of().formatHex(digest().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    static String sha256(Path file) throws IOException {
        MessageDigest d = digest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[65_536];
            int n;
            while ((n = in.read(buffer)) > 0) {
                d.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** Hands out the port of each launch. */
    interface PortSource {
        int next();
    }
}
