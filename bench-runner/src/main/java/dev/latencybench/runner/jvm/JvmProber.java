package dev.latencybench.runner.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.JvmProbe;

/**
 * Learns what each JVM supports by starting it plain, once per collector and once with the Graal JIT; answers are
 * cached per java binary and module image until the JDK changes. Not thread-safe.
 */
public final class JvmProber {
    /** The environment variable that moves the user's cache folder. */
    private static final String XDG_CACHE_HOME = "XDG_CACHE_HOME";

    private final Path cacheFile;
    private final GraalJit graal;
    private final Map<String, JvmInfo> cache = new LinkedHashMap<>();
    private boolean dirty;

    /** @param cacheFile where answers are kept between runs; null for none */
    public JvmProber(Path cacheFile, GraalJit graal) {
        this.cacheFile = cacheFile;
        this.graal = graal;
        load();
    }

    /** {@code $XDG_CACHE_HOME/latency-bench/jvms.json}, else {@code ~/.cache/latency-bench/jvms.json}. */
    public static Path defaultCacheFile(Map<String, String> env, Path userHome) {
        String xdg = env.get(XDG_CACHE_HOME);
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : userHome.resolve(".cache");
        return base.resolve("latency-bench").resolve("jvms.json");
    }

    /** The probe's answer for this java binary, from the cache when the JDK has not changed. */
    public JvmInfo probe(Path java, boolean refresh) {
        Path real;
        try {
            real = java.toRealPath();
        } catch (IOException e) {
            JvmInfo info = new JvmInfo();
            info.java = java.toString();
            info.error = "no such file";
            return info;
        }
        String stamp = stamp(real);
        JvmInfo cached = cache.get(real.toString());
        if (!refresh && cached != null && cached.format == JvmInfo.FORMAT && stamp.equals(cached.stamp)) {
            return cached;
        }
        JvmInfo info = probeNow(real, stamp);
        cache.put(real.toString(), info);
        dirty = true;
        return info;
    }

    /** Writes the cache if anything was probed; a cache that cannot be written is only a slower next run. */
    public void save() {
        if (!dirty || cacheFile == null) {
            return;
        }
        JsonObject o = new JsonObject();
        cache.forEach((k, v) -> o.add(k, dev.latencybench.core.json.JsonCodec.toJson(v)));
        try {
            Files.createDirectories(cacheFile.getParent());
            ResultFiles.writeJson(cacheFile, o);
            dirty = false;
        } catch (IOException | RuntimeException e) {
            System.err.println("latency-bench: note: cannot write the JVM probe cache " + cacheFile + ": "
                    + e.getMessage());
        }
    }

    private void load() {
        if (cacheFile == null || !Files.isRegularFile(cacheFile)) {
            return;
        }
        try {
            JsonObject o = ResultFiles.readJson(cacheFile);
            for (Map.Entry<String, JsonElement> e : o.entrySet()) {
                cache.put(e.getKey(), dev.latencybench.core.json.JsonCodec.fromJson(e.getValue(), JvmInfo.class));
            }
        } catch (IOException | RuntimeException e) {
            cache.clear(); // a damaged cache is probed again
        }
    }

    private JvmInfo probeNow(Path java, String stamp) {
        JvmInfo info = new JvmInfo();
        info.java = java.toString();
        info.stamp = stamp;
        // experimental flags (EnableJVMCI) are listed only when unlocked
        JvmProbe plain = JvmProbe.run(java, List.of("-XX:+UnlockExperimentalVMOptions"));
        if (!plain.ok()) {
            info.error = "it does not start as a JVM: " + plain.failure();
            return info;
        }
        info.id = plain.identity(List.of()).jvm();
        info.version = plain.property("java.version");
        info.vendor = plain.property("java.vendor");
        info.vmName = plain.property("java.vm.name");
        info.feature = plain.feature();
        info.defaultGc = plain.gc();
        info.biasedLocking = plain.hasFlag("UseBiasedLocking");
        for (Collector c : Collector.values()) {
            if (c == Collector.DEFAULT) {
                continue;
            }
            String reason = c.unsupportedReason(info.feature);
            if (reason == null) {
                JvmProbe p = JvmProbe.run(java, c.flags(info.feature));
                reason = p.ok() ? null : "this JVM refuses " + String.join(" ", c.flags(info.feature)) + ": "
                        + p.failure();
            }
            info.collectors.put(c.id(), reason == null ? "" : reason);
        }
        probeGraal(java, info, plain);
        return info;
    }

    private void probeGraal(Path java, JvmInfo info, JvmProbe plain) {
        if (info.vmName.contains("GraalVM") || info.vendor.contains("GraalVM")) {
            info.graal = "this is a GraalVM already; its own compiler is the one it runs";
            return;
        }
        String release = GraalJit.releaseFor(info.feature);
        if (release == null) {
            info.graal = "no GraalVM compiler release matches JDK " + info.feature + " (known: JDK "
                    + GraalJit.supportedFeatures() + ")";
            return;
        }
        if (!plain.hasFlag("EnableJVMCI")) {
            info.graal = "this JDK has no JVMCI";
            return;
        }
        List<Path> jars = graal.jars(release);
        if (jars.isEmpty()) {
            info.graal = "the GraalVM compiler " + release + " jars are not in " + graal.jarsDir(release)
                    + " (the build of bench-runner copies them)";
            return;
        }
        List<String> flags = new ArrayList<>(GraalJit.flags(jars));
        flags.addAll(GraalJit.probeFlags());
        JvmProbe p = JvmProbe.run(java, flags);
        if (!p.ok()) {
            info.graal = "the GraalVM compiler " + release + " does not start on it: " + p.failure();
        } else if (!p.output().contains("Using \"Graal")) {
            info.graal = "the GraalVM compiler " + release + " did not load (no \"Using Graal\" line)";
        } else {
            info.graalVersion = release;
        }
    }

    /** Changes when the JDK is replaced or updated in place. */
    private static String stamp(Path java) {
        StringBuilder sb = new StringBuilder();
        for (Path p : new Path[] {java, java.getParent().getParent().resolve("lib").resolve("modules")}) {
            try {
                sb.append(Files.size(p)).append('@').append(Files.getLastModifiedTime(p).toMillis()).append(';');
            } catch (IOException e) {
                sb.append("-;");
            }
        }
        return sb.toString();
    }
}
