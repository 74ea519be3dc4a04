package dev.latencybench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.latencybench.core.result.OwnedFolder;
import dev.latencybench.launch.Cli;
import dev.latencybench.launch.SuiteCommit;
import dev.latencybench.core.study.Study;
import dev.latencybench.runner.cli.Choices;
import dev.latencybench.launch.UsageException;
import dev.latencybench.launch.WritablePath;
import dev.latencybench.runner.cli.ListOption;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmDiscovery;

/**
 * {@code bench bundle}: one archive with a jlink'd runtime per JVM, the runner, the studies' jars and a {@code run}
 * script, to run studies on Linux x86-64 without a JDK. Checks its input first (exit 2) and writes atomically.
 */
@Command(name = "bundle", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class, sortOptions = false,
        header = "one archive that runs studies on a machine without a JDK",
        synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
        description = {"Writes one archive holding a jlink'd Java runtime per JVM (only the modules the studies"
                + " need), the studies' jars (with the native libraries"
                + " of this machine's platform only), the runner's jar and a 'run' script that takes the options of"
                + " 'bench run' and writes the usual run folder. Unpack it on a machine of this one's platform (Linux"
                + " x86-64, say) and run it there with nothing else installed:", "",
            "  tar -xf jet-bundle.tar.xz && jet-bundle/run --gcs g1,zgc --scale paper", "",
            "A JDK 24 or newer links from its own run-time image; an older one needs its jmods folder. Says the"
                + " archive's size and what is in it.",
            ""},
        optionListHeading = "Options:%n",
        footer = {"", "Exit status: 0 written, 1 a tool (jlink, tar) failed, 2 bad input (nothing written)."})
final class BundleCommand implements Callable<Integer> {
    @Option(names = "--scenarios", paramLabel = "SCENARIOS", completionCandidates = Choices.ScenarioNames.class,
            description = "scenarios to carry, comma-separated or repeated: ${COMPLETION-CANDIDATES} (default: all)")
    List<String> scenarioValues = new ArrayList<>();
    @Option(names = "--jvms", paramLabel = "JVMS", description = "JVMs to link a runtime of, as for run, comma-separated"
            + " or repeated: current (default), all, names from 'bench jvms' or short forms (25, temurin-25); JDKs,"
            + " not +graal")
    List<String> jvmValues = new ArrayList<>();
    @Option(names = "--jvm", paramLabel = "NAME=PATH", description = "add a JVM by its JDK folder or java binary"
            + " (repeatable), as for run")
    List<String> explicitJvms = new ArrayList<>();
    @Option(names = "--refresh-jvms", description = "probe the JVMs again instead of using the cache, as for run")
    boolean refreshJvms;
    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "the archive: NAME.tar.xz (xz -6) or"
            + " NAME.tar.gz (gzip); its folder inside is NAME (default: latency-bench-SCENARIOS.tar.xz, .tar.gz"
            + " where xz is not installed)")
    String output;

    /**
     * The modules every bundle links, found by running the studies on such a runtime; a study adds its own
     * ({@link Study#runtimeModules}, and {@code --add-modules} in its flags).
     */
    static final List<String> BASE_MODULES = List.of("java.base", "java.desktop", "java.logging", "jdk.management",
            "jdk.unsupported");
    /** From this feature version a JDK links from its own run-time image, without its jmods (JEP 493). */
    static final int LINKS_WITHOUT_JMODS = 24;
    private static final String[] ARCHIVE_ENDINGS = {".tar.xz", ".tar.gz"};

    private final Context ctx;
    /** Where the build puts bench.jar and runner.jar; the modules' jars are under its parent's parent. */
    private final Path runnerTarget;
    /** The tool currently running, and the files in the making, for the shutdown hook. */
    private volatile Process running;
    private volatile Path staging;
    private volatile Path partial;

    BundleCommand(Context ctx) {
        this(ctx, ownTarget());
    }

    BundleCommand(Context ctx, Path runnerTarget) {
        this.ctx = ctx;
        this.runnerTarget = runnerTarget;
    }

    @Override
    public Integer call() throws IOException {
        List<Study> studies;
        try {
            studies = ctx.scenarios().select(ListOption.list(ListOption.joined(scenarioValues, ","), "all"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench bundle: " + e.getMessage());
        }
        String compressor = Files.isExecutable(onPath("xz")) ? "xz" : "gzip";
        Path archive = archive(compressor, studies);
        String name = archive.getFileName().toString();
        String top = name.substring(0, name.length() - ".tar.xz".length());
        compressor = name.endsWith(".tar.xz") ? "xz" : "gzip";
        for (String tool : List.of("tar", compressor)) {
            if (!Files.isExecutable(onPath(tool))) {
                throw new UsageException("bench bundle: " + tool + " is not installed (not on the PATH), and the"
                        + " archive " + name + " needs it" + (tool.equals("xz") ? "; name it NAME.tar.gz for gzip"
                        : ""));
            }
        }
        List<Jvm> jvms;
        try {
            jvms = ctx.jvms(ListOption.joined(jvmValues, ","), explicitJvms, refreshJvms);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench bundle: " + e.getMessage());
        }
        Map<Jvm, List<String>> modules = new LinkedHashMap<>();
        for (Jvm j : jvms) {
            modules.put(j, modules(j, studies));
        }
        Path root = runnerTarget.resolve("..").resolve("..").normalize();
        Map<String, Path> files = new LinkedHashMap<>(); // the archive's path -> what is copied there
        files.put("lib/runner.jar", built(runnerTarget.resolve("runner.jar")));
        for (Study s : studies) {
            Path jar = built(root.resolve(s.jar()));
            files.put("lib/" + s.name() + ".jar", jar);
            for (String folder : s.besideJar()) {
                files.put("lib/" + folder, built(jar.resolveSibling(folder)));
            }
        }

        Thread hook = new Thread(this::abandon, "bundle-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            staging = Files.createTempDirectory(archive.getParent(), "." + top + "-");
            partial = archive.resolveSibling("." + name + ".part");
            Path folder = staging.resolve(top);
            for (Map.Entry<Jvm, List<String>> e : modules.entrySet()) {
                Path runtime = folder.resolve("jvms").resolve(e.getKey().name());
                link(e.getKey(), e.getValue(), runtime);
            }
            BundleNatives.Platform platform = BundleNatives.Platform.here();
            long nativesLeftOut = 0;
            for (Map.Entry<String, Path> f : files.entrySet()) {
                nativesLeftOut += copy(f.getValue(), folder.resolve(f.getKey()), platform);
            }
            Path run = folder.resolve("run");
            Files.writeString(run, runScript(jvms, studies), StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxr-xr-x"));
            ctx.out.println("  packing with tar and " + compressor + (compressor.equals("xz") ? " -6" : "") + " ...");
            tool(List.of("tar", "-C", staging.toString(), "--use-compress-program",
                    compressor.equals("xz") ? "xz -6 -T0" : "gzip -6", "-cf", partial.toString(), top), "tar");
            Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            describe(archive, compressor, folder, modules, studies, nativesLeftOut);
            return 0;
        } finally {
            abandon();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook runs the idempotent abandon() again
            }
        }
    }

    /** The modules a JVM's runtime needs for these studies: the base, each study's, each {@code --add-modules}. */
    static List<String> modules(Jvm jvm, List<Study> studies) {
        if (jvm.graal()) {
            throw new UsageException("bench bundle: JVM " + jvm.name() + ": a bundle carries plain JVMs; the GraalVM"
                    + " compiler jars of a +graal variant are not packed: name " + jvm.name().replace("+graal", ""));
        }
        Path home = jvm.java().getParent().getParent();
        if (!Files.isExecutable(home.resolve("bin").resolve("jlink"))) {
            throw new UsageException("bench bundle: JVM " + jvm.name() + " (" + home + ") has no bin/jlink: it is a"
                    + " Java runtime, not a JDK; bundle a JDK");
        }
        if (!Files.isDirectory(home.resolve("jmods")) && jvm.info().feature() < LINKS_WITHOUT_JMODS) {
            throw new UsageException("bench bundle: JVM " + jvm.name() + " (" + home + ") has no jmods folder, and a"
                    + " JDK older than " + LINKS_WITHOUT_JMODS + " links a runtime only from its jmods: install them"
                    + " (on Debian: apt-get install openjdk-" + jvm.info().feature() + "-jmods), or bundle a JDK "
                    + LINKS_WITHOUT_JMODS + " or newer");
        }
        Set<String> m = new LinkedHashSet<>(BASE_MODULES);
        for (Study s : studies) {
            m.addAll(s.runtimeModules());
            List<String> flags = s.jvmFlags(jvm.info().feature());
            for (int i = 0; i + 1 < flags.size(); i++) {
                if (flags.get(i).equals("--add-modules")) {
                    m.addAll(List.of(flags.get(i + 1).split(",")));
                }
            }
            flags.stream().filter(f -> f.startsWith("--add-modules=")).forEach(f -> m.addAll(List.of(
                    f.substring("--add-modules=".length()).split(","))));
        }
        return new ArrayList<>(m);
    }

    /** The archive's path, checked: its name ends in .tar.xz or .tar.gz and its folder can be written. */
    private Path archive(String compressor, List<Study> studies) {
        String given = output != null ? output : "latency-bench-" + studies.stream().map(Study::name)
                .collect(Collectors.joining("-")) + (compressor.equals("xz") ? ".tar.xz" : ".tar.gz");
        Path archive = Path.of(given).toAbsolutePath().normalize();
        String name = archive.getFileName() == null ? "" : archive.getFileName().toString();
        boolean known = false;
        for (String ending : ARCHIVE_ENDINGS) {
            known |= name.endsWith(ending) && name.length() > ending.length() && !name.startsWith(".");
        }
        if (!known) {
            throw new UsageException("bench bundle: -o " + given + ": expected NAME.tar.xz or NAME.tar.gz (NAME"
                    + " becomes the folder the archive unpacks into)");
        }
        String problem = Files.isDirectory(archive) ? "it is a folder" : WritablePath.problem(archive);
        if (problem == null && !Files.isDirectory(archive.getParent())) { // the archive is written beside its folder
            throw new UsageException("bench bundle: -o " + archive + ": the folder " + archive.getParent() + " does not"
                    + " exist; make it first, or point -o at a file in a folder that exists");
        }
        if (problem != null) {
            throw new UsageException("bench bundle: -o " + archive + ": " + problem + "; point -o at a file in a folder"
                    + " this user may write in");
        }
        return archive;
    }

    /** A file or folder the build makes, which must be there. */
    private static Path built(Path p) {
        if (!Files.exists(p)) {
            throw new UsageException("bench bundle: " + p + " is missing; a bundle is made from a checkout's built"
                    + " jars: ./mvnw -DskipTests package");
        }
        return p;
    }

    private void link(Jvm jvm, List<String> modules, Path into) throws IOException {
        Path home = jvm.java().getParent().getParent();
        boolean jmods = Files.isDirectory(home.resolve("jmods"));
        ctx.out.println("  linking " + jvm.name() + " (" + (jmods ? "from its jmods" : "from its run-time image")
                + "): " + String.join(",", modules));
        Files.createDirectories(into.getParent());
        tool(List.of(home.resolve("bin").resolve("jlink").toString(), "--add-modules", String.join(",", modules),
                "--strip-debug", "--no-header-files", "--no-man-pages", "--output", into.toString()), "jlink of "
                + jvm.name());
    }

    /** Runs a tool to its end, its output kept for the error; it is stopped if this thread is interrupted. */
    private void tool(List<String> command, String what) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        running = p;
        try {
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            int status = p.waitFor();
            if (status != 0) {
                throw new IOException("bench bundle: " + what + " failed (exit status " + status + "): " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("bench bundle: interrupted during " + what, e);
        } finally {
            stop(p);
            running = null;
        }
    }

    private static void stop(Process p) {
        if (p.isAlive()) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Stops the running tool and removes the staging folder and the partial archive; idempotent. */
    private synchronized void abandon() {
        Process p = running;
        if (p != null) {
            stop(p);
        }
        Path s = staging;
        if (s != null) {
            deleteTree(s);
            staging = null;
        }
        Path part = partial;
        if (part != null) {
            try {
                Files.deleteIfExists(part);
            } catch (IOException e) {
                ctx.err.println("latency-bench: could not remove " + part + ": " + e.getMessage());
            }
            partial = null;
        }
    }

    private void deleteTree(Path dir) {
        try {
            OwnedFolder.deleteRecursively(dir);
        } catch (UncheckedIOException e) {
            ctx.err.println("latency-bench: could not remove " + dir + ": " + e.getCause().getMessage());
        }
    }

    /** Copies a file or folder into the bundle, jars without other platforms' natives; returns the bytes left out. */
    private static long copy(Path from, Path to, BundleNatives.Platform platform) throws IOException {
        Files.createDirectories(to.getParent());
        if (!Files.isDirectory(from)) {
            return copyFile(from, to, platform);
        }
        long leftOut = 0;
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path f : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    leftOut += copyFile(f, target, platform);
                }
            }
        }
        return leftOut;
    }

    private static long copyFile(Path from, Path to, BundleNatives.Platform platform) throws IOException {
        if (from.getFileName().toString().endsWith(".jar")) {
            return BundleNatives.copyJar(from, to, platform);
        }
        Files.copy(from, to);
        return 0;
    }

    /**
     * The bundle's {@code run}: {@code bench run} on the first runtime with every runtime added as a JVM; the machine's
     * own JDKs are not looked for, so a runtime keeps its name beside a JDK of the same build.
     */
    static String runScript(List<Jvm> jvms, List<Study> studies) {
        String runner = "$here/jvms/" + jvms.get(0).name() + "/bin/java";
        String classpath = "$here/lib/runner.jar" + studies.stream().map(s -> ":$here/lib/" + s.name() + ".jar")
                .collect(Collectors.joining());
        String jvmOptions = jvms.stream().map(j -> "--jvm \"" + j.name() + "=$here/jvms/" + j.name() + "\"")
                .collect(Collectors.joining(" "));
        return "#!/usr/bin/env bash\n"
                + "# A latency-bench bundle, made by " + SuiteCommit.versionLine() + ".\n"
                + "# Runs 'bench run' on this machine with the Java runtimes in jvms/, no JDK needed. Studies: "
                + studies.stream().map(Study::name).collect(Collectors.joining(", ")) + "; JVMs: "
                + jvms.stream().map(Jvm::name).collect(Collectors.joining(", ")) + ".\n"
                + "# Only these runtimes are JVMs of the run: the machine's own JDKs, if any, are not looked for.\n"
                + "# Takes the options of 'scripts/bench run' (./run --help), such as: ./run --gcs g1,zgc --scale smoke\n"
                + "# The run folder goes under results/ in the current folder (--results DIR); the report is written\n"
                + "# at the end (or elsewhere from the run folder: scripts/bench report RUN_DIR).\n"
                + "set -euo pipefail\n"
                + "here=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n"
                + "jvms=(" + jvmOptions + ")\n"
                + "for arg in \"$@\"; do\n"
                + "  case \"$arg\" in\n"
                + "    --resume|--resume=*) jvms=() ;; # a run resumes with the JVMs it started with\n"
                + "  esac\n"
                + "done\n"
                + "exec \"" + runner + "\" -D" + JvmDiscovery.ONLY_GIVEN + "=true -cp \"" + classpath + "\""
                + " dev.latencybench.runner.Main run"
                + " ${jvms[@]+\"${jvms[@]}\"} \"$@\"\n";
    }

    /** What was written: the archive's size, each part's size unpacked, and how to use it. */
    private void describe(Path archive, String compressor, Path folder, Map<Jvm, List<String>> modules,
                          List<Study> studies, long nativesLeftOut) throws IOException {
        PrintStream out = ctx.out;
        long bytes = Files.size(archive);
        String top = folder.getFileName().toString();
        out.printf(Locale.ROOT, "latency-bench: wrote %s: %s (%,d bytes, tar and %s), %s unpacked:%n", archive,
                mib(bytes), bytes, compressor.equals("xz") ? "xz -6" : "gzip", mib(size(folder)));
        out.printf(Locale.ROOT, "  %-40s %10s  %s%n", top + "/run", "", "the script: ./run [bench run options],"
                + " ./run --help");
        for (Map.Entry<Jvm, List<String>> e : modules.entrySet()) {
            out.printf(Locale.ROOT, "  %-40s %10s  %s%n", top + "/jvms/" + e.getKey().name() + "/",
                    mib(size(folder.resolve("jvms").resolve(e.getKey().name()))), e.getKey().info().vendor() + " "
                    + e.getKey().info().version() + " jlink'd: " + String.join(",", e.getValue()));
        }
        out.printf(Locale.ROOT, "  %-40s %10s  %s%n", "native libraries", "", nativesLeftOut == 0
                ? "none of other platforms in the jars" : mib(nativesLeftOut) + " of other platforms' left out of the"
                + " jars (unpacked): the bundle runs on " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ", as its runtimes do");
        try (Stream<Path> lib = Files.list(folder.resolve("lib"))) {
            for (Path p : lib.sorted().collect(Collectors.toList())) {
                String f = p.getFileName().toString();
                String what = f.equals("runner.jar") ? "the runner (no study)" : Files.isDirectory(p)
                        ? "read beside its study's jar" : "study " + f.replace(".jar", "");
                out.printf(Locale.ROOT, "  %-40s %10s  %s%n", top + "/lib/" + f + (Files.isDirectory(p) ? "/" : ""),
                        mib(size(p)), what);
            }
        }
        out.println("On the machine to measure: tar -xf " + archive.getFileName() + " && " + top + "/run"
                + " --scenarios " + studies.stream().map(Study::name).collect(Collectors.joining(",")) + " --scale"
                + " smoke");
    }

    private static long size(Path p) throws IOException {
        try (Stream<Path> walk = Files.walk(p)) {
            long total = 0;
            for (Path f : (Iterable<Path>) walk::iterator) {
                total += Files.isRegularFile(f) ? Files.size(f) : 0;
            }
            return total;
        }
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }

    private static Path onPath(String tool) {
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return Path.of(dir, tool);
            }
        }
        return Path.of("/nonexistent", tool);
    }

    /** The folder of the jar (or classes folder) this class comes from: bench-runner/target in a checkout. */
    private static Path ownTarget() {
        try {
            CodeSource source = BundleCommand.class.getProtectionDomain().getCodeSource();
            return Path.of(source.getLocation().toURI()).toAbsolutePath().getParent();
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("bench-runner", "target").toAbsolutePath();
        }
    }
}
