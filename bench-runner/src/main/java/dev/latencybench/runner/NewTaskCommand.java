package dev.latencybench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import dev.latencybench.launch.Cli;
import dev.latencybench.launch.SuiteCommit;
import dev.latencybench.launch.UsageException;
import dev.latencybench.launch.WritablePath;

/**
 * {@code bench new-task DIR}: writes a small Maven project for your own latency tasks from the templates beside
 * this class; refuses a folder that is not empty.
 */
@Command(name = "new-task", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        header = "write a Maven project for your own latency task",
        synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
        description = {"Writes DIR/pom.xml (depending on dev.latencybench:bench-api), an example task"
                + " src/main/java/com/example/HandoffTask.java and DIR/README.md with the commands that build and"
                + " run it. Build it with 'mvn -q package' once the suite is installed (./mvnw install -DskipTests in"
                + " the suite), then run it with 'scripts/bench run --task CLASS --task-jar JAR'."})
final class NewTaskCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "the project folder to write; it must not exist or be empty")
    Path dir;

    /** Template resource (beside this class, in {@code starter/}) to the file it becomes. */
    static final Map<String, String> FILES = files();

    private final PrintStream out;

    NewTaskCommand(PrintStream out) {
        this.out = out;
    }

    private static Map<String, String> files() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pom.xml.template", "pom.xml");
        m.put("HandoffTask.java.template", "src/main/java/com/example/HandoffTask.java");
        m.put("README.md.template", "README.md");
        m.put("gitignore.template", ".gitignore");
        return m;
    }

    @Override
    public Integer call() throws IOException {
        Path target = dir.toAbsolutePath().normalize();
        if (Files.exists(target) && (!Files.isDirectory(target) || !isEmpty(target))) {
            throw new UsageException("bench new-task: " + target + (Files.isDirectory(target) ? " is not empty"
                    : " is a file") + "; name a new folder");
        }
        String problem = WritablePath.problem(target);
        if (problem != null) { // a read-only file system, /proc: said before anything is written
            throw new UsageException("bench new-task: " + target + ": " + problem + "; name a new folder where this"
                    + " user may write");
        }
        String artifact = target.getFileName().toString().toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9._-]", "-");
        if (artifact.isEmpty() || !Character.isLetterOrDigit(artifact.charAt(0))) {
            throw new UsageException("bench new-task: " + target + ": name the folder with a letter or digit first; it"
                    + " becomes the project's artifactId");
        }
        String version = SuiteCommit.version();
        if (version.isEmpty()) {
            throw new IOException("bench new-task: this build of the suite does not know its version, which the"
                    + " project's bench-api dependency needs; build the suite with ./mvnw install");
        }
        Map<String, String> values = Map.of("@ARTIFACT@", artifact, "@VERSION@", version, "@BENCH@", benchCommand());
        for (Map.Entry<String, String> f : FILES.entrySet()) {
            Path file = target.resolve(f.getValue());
            Files.createDirectories(file.getParent());
            String text = template(f.getKey());
            for (Map.Entry<String, String> v : values.entrySet()) {
                text = text.replace(v.getKey(), v.getValue());
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        out.println("latency-bench: wrote " + target + ": pom.xml, README.md and the example task"
                + " src/main/java/com/example/HandoffTask.java");
        out.println("  cd " + target);
        out.println("  mvn -q package");
        out.println("  " + benchCommand() + " run --task com.example.HandoffTask --task-jar target/" + artifact
                + "-1.0-SNAPSHOT.jar --scale smoke");
        Path installed = Path.of(System.getProperty("user.home"), ".m2", "repository", "dev", "latencybench",
                "bench-api", version, "bench-api-" + version + ".jar");
        if (!Files.isRegularFile(installed)) {
            out.println("  (bench-api " + version + " is not in ~/.m2 yet: run ./mvnw install -DskipTests in the suite"
                    + " first, or mvn cannot build the project)");
        }
        return 0;
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.findAny().isEmpty();
        }
    }

    private static String template(String name) throws IOException {
        try (InputStream in = NewTaskCommand.class.getResourceAsStream("starter/" + name)) {
            if (in == null) {
                throw new IOException("bench new-task: the template " + name + " is missing from the runner's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The suite's {@code scripts/bench} as an absolute path when this runs from a checkout's bench.jar. */
    static String benchCommand() {
        try {
            Path jar = Path.of(NewTaskCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path script = jar.getParent() == null || jar.getParent().getParent() == null ? null
                    : jar.getParent().getParent().getParent().resolve("scripts").resolve("bench");
            if (script != null && Files.isExecutable(script)) {
                return script.toString();
            }
        } catch (URISyntaxException | RuntimeException e) {
        }
        return "scripts/bench";
    }
}
