package dev.latencybench.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import dev.latencybench.core.fork.ForkEnd;
import dev.latencybench.core.result.MappedFileFault;

/** Names how a JVM the suite started ended badly, and keeps its crash dump in a folder of the suite's choosing. */
public final class JvmExit {
    /** HotSpot's crash dump file name, with {@code %p} for the process id. */
    static final String CRASH_DUMP = "hs_err_pid%p.log";
    /** HotSpot's exit code under {@code -XX:+ExitOnOutOfMemoryError}. */
    static final int OUT_OF_MEMORY_EXIT = 3;
    /** How JMH reports a forked JVM that ended with an exit code other than 0. */
    private static final Pattern FORK_EXIT = Pattern.compile("Forked VM failed with exit code (\\d{1,3})\\b");

    private JvmExit() {
    }

    /** {@code -XX:ErrorFile=<dir>/hs_err_pid%p.log}: a crash writes its dump there. */
    public static String errorFileFlag(Path dir) {
        return "-XX:ErrorFile=" + dir.toAbsolutePath().resolve(CRASH_DUMP);
    }

    /** The crash dumps in {@code dir}, by name; none when it does not exist. */
    public static List<Path> crashDumps(Path dir) {
        List<Path> dumps = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "hs_err_pid*.log")) {
                ds.forEach(dumps::add);
            } catch (IOException e) {
                return dumps;
            }
        }
        dumps.sort(null);
        return dumps;
    }

    /** How the JVM ended, to follow "the JVM": {@code was killed (SIGKILL, exit code 137: ...)}, crashed, and so on. */
    public static String describe(int exitCode, List<Path> crashDumps) {
        String see = crashDumps.isEmpty() ? "" : "; see " + crashDumps.stream().map(Path::toString)
                .collect(Collectors.joining(", "));
        switch (exitCode) {
            case 128 + 9:
                return "was killed (SIGKILL, exit code 137: by hand, or by the kernel's out-of-memory killer, which"
                        + " dmesg shows" + see + ")";
            case 128 + 6:
                return "crashed (SIGABRT, exit code 134" + (crashDumps.isEmpty() ? "; it wrote no hs_err file" : see)
                        + ")";
            case 128 + 11:
                return "crashed (SIGSEGV, exit code 139" + see + ")";
            case 128 + 15:
                return "was stopped (SIGTERM, exit code 143" + see + ")";
            case ForkEnd.STUCK_EXIT:
                return "ended itself: its measured code did not come back in time (exit code " + ForkEnd.STUCK_EXIT
                        + "; the reason names the call, and the fork's log has the stuck thread's stack" + see + ")";
            case OUT_OF_MEMORY_EXIT:
                return "ran out of memory (exit code 3, as -XX:+ExitOnOutOfMemoryError ends it; -Xmx in"
                        + " bench.jvm.args gives it more" + see + ")";
            default:
                return exitCode > 128 ? "ended by signal " + (exitCode - 128) + " (exit code " + exitCode + see + ")"
                        : "ended with exit code " + exitCode + (see.isEmpty() ? "" : " (" + see.substring(2) + ")");
        }
    }

    /** What the first dump that shows a SIGBUS in a full file system's mapped file says of it; null when none does. */
    static String mappedFileFull(List<Path> dumps) {
        for (Path dump : dumps) {
            try {
                String full = MappedFileFault.explainCrash(Files.readAllLines(dump, StandardCharsets.ISO_8859_1));
                if (full != null) {
                    return full;
                }
            } catch (IOException e) {
                // unreadable: the dump is still named
            }
        }
        return null;
    }

    /**
     * How a JVM ended whose user code set the exit code: named as a JVM cause only with a crash dump, so the code's
     * own 3 or 86 is not misread. Follows "the JVM", as {@link #describe} does.
     */
    public static String describeEndedByCode(int exitCode, List<Path> crashDumps) {
        if (!crashDumps.isEmpty()) {
            return describe(exitCode, crashDumps);
        }
        return "ended with exit code " + exitCode + (exitCode > 128 ? ": the code's own (System.exit or Runtime.halt),"
                + " or signal " + (exitCode - 128) + " from outside; no crash dump, so the JVM did not crash"
                : ", the code's own (System.exit or Runtime.halt)");
    }

    /**
     * A fork's exit code named only by what the fork left as evidence (its {@code fork.json}, log or crash dump);
     * otherwise the code is the measured code's own.
     */
    static String describeFork(int exitCode, List<Path> crashDumps, Path cellDir) {
        boolean ownCode = crashDumps.isEmpty() && ((exitCode == ForkEnd.STUCK_EXIT && !anyForkSaid(cellDir,
                "did not end within")) || (exitCode == OUT_OF_MEMORY_EXIT && !logSays(cellDir.resolve("jmh.log"),
                "OutOfMemoryError")) || exitCode == 128 + 6 || exitCode == 128 + 11);
        return ownCode ? describeEndedByCode(exitCode, crashDumps) : describe(exitCode, crashDumps);
    }

    private static boolean anyForkSaid(Path cellDir, String words) {
        Path forks = cellDir.resolve(dev.latencybench.core.result.ResultLayout.FORKS_DIR);
        if (!Files.isDirectory(forks)) {
            return false;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(forks)) {
            for (Path fork : ds) {
                if (logSays(fork.resolve(dev.latencybench.core.result.ResultLayout.FORK_JSON), words)) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** Whether a file holds the words, read a line at a time (a log may be large). */
    private static boolean logSays(Path file, String words) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (java.io.BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.contains(words)) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** A failure message with the exit code of a forked JVM that died named and its crash dumps pointed to. */
    public static String explain(String message, Path dumpDir) {
        List<Path> dumps = crashDumps(dumpDir);
        Matcher m = FORK_EXIT.matcher(message);
        if (m.find()) {
            String full = mappedFileFull(dumps);
            return "a benchmark JVM " + describeFork(Integer.parseInt(m.group(1)), dumps, dumpDir) + (full == null ? "" : ": "
                    + full);
        }
        return dumps.isEmpty() ? message : message + " (see " + dumps.stream().map(Path::toString)
                .collect(Collectors.joining(", ")) + ")";
    }
}
