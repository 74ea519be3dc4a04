package dev.latencybench.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Properties;

import dev.latencybench.core.os.Command;

/** Which commit of the suite is running, for every result's {@code suiteCommit} and {@code --version}. Stateless. */
public final class SuiteCommit {
    private SuiteCommit() {
    }

    /** Written at build time by the git-commit-id plugin (bench-core's pom): the commit and whether the tree was dirty. */
    static final String BUILD_COMMIT_RESOURCE = "suite-commit.properties";

    /**
     * The git commit the suite was built from, {@code +dirty} for a changed tree, as stamped into the jar; else the
     * checkout the classes are loaded from; else "unknown".
     */
    public static String get() {
        String stamped = stampedCommit(stamp());
        return stamped != null ? stamped : checkoutCommit();
    }

    /** {@code latency-bench 0.1.0-SNAPSHOT (commit 0123abcd...[+dirty])}: what {@code --version} prints. */
    public static String versionLine() {
        String version = version();
        return "latency-bench " + (version.isEmpty() ? "(version unknown)" : version) + " (commit " + get() + ")";
    }

    /** The suite's Maven version, such as {@code 0.1.0-SNAPSHOT}; empty when the build did not say. */
    public static String version() {
        Package pkg = SuiteCommit.class.getPackage();
        String version = pkg == null ? null : pkg.getImplementationVersion();
        if (version == null) { // the version the build stamped beside the commit
            version = stamp().getProperty("git.build.version", "");
        }
        return version;
    }

    /** What the build stamped ({@link #BUILD_COMMIT_RESOURCE}); empty when it did not, or it cannot be read. */
    private static Properties stamp() {
        Properties p = new Properties();
        try (InputStream in = SuiteCommit.class.getResourceAsStream(BUILD_COMMIT_RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // as if unstamped: the checkout is asked
        }
        return p;
    }

    /** {@code <40 hex digits>[+dirty]} from the build's stamp; null when the build had no git to ask. */
    static String stampedCommit(Properties p) {
        String id = p.getProperty("git.commit.id", "");
        if (!id.matches("[0-9a-f]{40}")) {
            return null;
        }
        return id + (Boolean.parseBoolean(p.getProperty("git.dirty", "false")) ? "+dirty" : "");
    }

    /** The commit of the checkout the classes were loaded from, {@code +dirty} when tracked files changed. */
    private static String checkoutCommit() {
        try {
            Path code = Paths.get(SuiteCommit.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            String dir = (Files.isDirectory(code) ? code : code.getParent()).toString();
            Command head = Command.run(List.of("git", "-C", dir, "rev-parse", "HEAD"), 10);
            if (head.exitCode != 0 || !head.output.matches("[0-9a-f]{40}")) {
                return "unknown";
            }
            Command status = Command.run(List.of("git", "-C", dir, "status", "--porcelain", "--untracked-files=no"), 10);
            return head.output + (status.exitCode == 0 && status.output.isEmpty() ? "" : "+dirty");
        } catch (IOException | InterruptedException | java.net.URISyntaxException | RuntimeException e) {
            return "unknown";
        }
    }

}
