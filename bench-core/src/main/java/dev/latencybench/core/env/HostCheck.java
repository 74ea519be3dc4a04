package dev.latencybench.core.env;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonArray;

import dev.latencybench.core.affinity.CpuList;

/**
 * A checklist of the Linux host settings that move a latency tail (isolation, governor, turbo, C-states, huge pages,
 * irqbalance, swap, {@code /dev/shm}), read under a root so tests can use a fake tree. Each check gives a
 * {@link Finding}; an unreadable file is "unknown", never an exception.
 *
 * <p>Immutable and thread-safe; {@link #check()} rereads the files each time. Not for hot paths.
 */
public final class HostCheck {
    public enum Status {
        /** Set as a latency run wants it. */
        PASS,
        /** Likely to show in the tail; the finding says what to set. */
        WARN,
        /** Could not tell, or nothing to set from inside this machine (a VM). */
        INFO
    }

    /** About 1 GB of queue files per fork goes to {@code /dev/shm} in a standard queue run. */
    static final long SHM_MIN_FREE_BYTES = 1L << 30;

    private final HostFiles files;
    private final IsolationChecks isolation;
    private final PowerChecks power;
    private final MemoryChecks memory;

    public HostCheck(Path root) {
        this(root, SHM_MIN_FREE_BYTES);
    }

    /** With another threshold for {@code /dev/shm}, so tests do not depend on the disk they run on. */
    HostCheck(Path root, long shmMinFreeBytes) {
        this.files = new HostFiles(root);
        this.isolation = new IsolationChecks(files);
        this.power = new PowerChecks(files);
        this.memory = new MemoryChecks(files, shmMinFreeBytes);
    }

    public static HostCheck system() {
        return new HostCheck(Path.of("/"));
    }

    public List<Finding> check() {
        Map<String, String> cmdline = HostFiles.kernelParams(files.read("proc/cmdline"));
        BitSet isolated = isolation.isolated();
        BitSet target = isolation.target(isolated);
        List<Finding> findings = new ArrayList<>();
        findings.add(isolation.isolcpus(cmdline, isolated, target));
        findings.add(isolation.nohzFull(cmdline, isolated, target));
        findings.add(isolation.rcuNocbs(cmdline, target));
        findings.add(power.governor());
        findings.add(power.turbo());
        findings.add(power.cstates(cmdline));
        findings.add(memory.transparentHugePages());
        findings.add(isolation.irqbalance(target));
        findings.add(memory.swap());
        findings.add(memory.shm());
        return Collections.unmodifiableList(findings);
    }

    /** Prints one aligned line per finding, then the counts per status. */
    public static void print(PrintStream out, List<Finding> findings) {
        HostCheckReport.print(out, findings);
    }

    /** The findings as {@code env.json} holds them: {@code [{"id", "status", "observed", "advice"?}]}. */
    public static JsonArray toJson(List<Finding> findings) {
        return HostCheckReport.toJson(findings);
    }

    /** Checks the host under {@code root} and prints the findings; returns 1 when {@code strict} and one warned. */
    public static int run(Path root, PrintStream out, boolean strict) {
        List<Finding> findings = new HostCheck(root).check();
        print(out, findings);
        boolean warned = findings.stream().anyMatch(f -> f.status == Status.WARN);
        return strict && warned ? 1 : 0;
    }

    /** One check's outcome: what was read and, unless it passed, what to do. Immutable. */
    public static final class Finding {
        /** The observed value when a file cannot be read. */
        static final String UNKNOWN = "unknown";
        private static final double GIB = 1L << 30;
        private static final long MIB = 1L << 20;

        public final String id;
        public final Status status;
        /** The value actually read, or {@code unknown}. */
        public final String observed;
        /** One line saying what to set; empty when the check passed. */
        public final String advice;

        public Finding(String id, Status status, String observed, String advice) {
            this.id = id;
            this.status = status;
            this.observed = observed;
            this.advice = advice;
        }

        static Finding pass(String id, String observed) {
            return new Finding(id, Status.PASS, observed, "");
        }

        static Finding warn(String id, String observed, String advice) {
            return new Finding(id, Status.WARN, observed, advice);
        }

        static Finding info(String id, String observed, String advice) {
            return new Finding(id, Status.INFO, observed, advice);
        }

        /** {@code CPU 3}, {@code CPUs 2-7} or {@code none}. */
        static String cpus(BitSet set) {
            if (set.isEmpty()) {
                return "none";
            }
            return (set.cardinality() == 1 ? "CPU " : "CPUs ") + CpuList.format(set);
        }

        static String bytes(long n) {
            return n >= GIB ? String.format(Locale.ROOT, "%.1f GiB", n / GIB) : (n / MIB) + " MiB";
        }

        @Override
        public String toString() {
            return status + " " + id + " " + observed + (advice.isEmpty() ? "" : " - " + advice);
        }
    }
}
