package dev.latencybench.core.env;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuList;
import dev.latencybench.core.affinity.CpuTopology;

/**
 * A checklist of the Linux host settings that move a latency tail: isolated, tickless and
 * RCU-offloaded CPUs, frequency governor, turbo, C-states, transparent huge pages, irqbalance,
 * swap and the room in {@code /dev/shm}. Each check gives one {@link Finding}: PASS, WARN with one
 * line saying what to set, or INFO when it cannot tell (a file that cannot be read is "unknown",
 * never an exception). Reads {@code /proc}, {@code /sys} and {@code /dev/shm} under a root (a fake
 * tree in tests).
 *
 * <p>Immutable and thread-safe. {@link #check()} reads the files again each time: a few hundred
 * small reads, most of them {@code /proc/<pid>/comm}. Not for hot paths; it runs from the
 * {@code check-host} command and when {@code env.json} is written.
 */
public final class HostCheck {
    /** The outcome of one check. */
    public enum Status {
        /** Set as a latency run wants it. */
        PASS,
        /** Likely to show in the tail; the finding says what to set. */
        WARN,
        /** Could not tell, or nothing to set from inside this machine (a VM). */
        INFO
    }

    /**
     * An idle state whose exit takes longer than this is "deep": a consumer woken from it answers
     * that much later, which is the size of the tail being measured.
     */
    static final int DEEP_CSTATE_LATENCY_US = 10;
    /** A standard queue run writes about 1 GB of queue files per fork to {@code /dev/shm}. */
    static final long SHM_MIN_FREE_BYTES = 1L << 30;
    /**
     * CPUs left to the OS and the JVM's own threads (GC, JIT) when suggesting what to isolate; with
     * fewer than {@link #SMALL_MACHINE_CPUS} online, one is left.
     */
    static final int HOUSEKEEPING_CPUS = 2;
    static final int SMALL_MACHINE_CPUS = 4;

    static final String UNKNOWN = "unknown";
    private static final String CPU_DIR = "sys/devices/system/cpu";
    private static final String THP = "sys/kernel/mm/transparent_hugepage/enabled";
    private static final Pattern CPU_NAME = Pattern.compile("cpu[0-9]+");
    private static final Pattern STATE_NAME = Pattern.compile("state[0-9]+");
    private static final Pattern PID = Pattern.compile("[0-9]+");
    private static final int ID_WIDTH = 12;
    private static final double GIB = 1L << 30;
    private static final long MIB = 1L << 20;

    private final Path root;
    private final long shmMinFreeBytes;

    public HostCheck(Path root) {
        this(root, SHM_MIN_FREE_BYTES);
    }

    /** With another threshold for {@code /dev/shm}, so tests do not depend on the disk they run on. */
    HostCheck(Path root, long shmMinFreeBytes) {
        this.root = root;
        this.shmMinFreeBytes = shmMinFreeBytes;
    }

    /** This machine. */
    public static HostCheck system() {
        return new HostCheck(Paths.get("/"));
    }

    /** Runs every check, in a fixed order. */
    public List<Finding> check() {
        Map<String, String> cmdline = kernelParams(read("proc/cmdline"));
        BitSet isolated = cpuList(firstLine(CPU_DIR + "/isolated"));
        // the CPUs the advice names: those already isolated, else a suggestion
        BitSet target = isolated != null && !isolated.isEmpty() ? isolated : suggestedIsolation();
        List<Finding> findings = new ArrayList<>();
        findings.add(isolcpus(cmdline, isolated, target));
        findings.add(nohzFull(cmdline, isolated, target));
        findings.add(rcuNocbs(cmdline, target));
        findings.add(governor());
        findings.add(turbo());
        findings.add(cstates(cmdline));
        findings.add(transparentHugePages());
        findings.add(irqbalance(target));
        findings.add(swap());
        findings.add(shm());
        return Collections.unmodifiableList(findings);
    }

    private Finding isolcpus(Map<String, String> cmdline, BitSet isolated, BitSet target) {
        String id = "isolcpus";
        String param = cmdline == null ? null : cmdline.get("isolcpus");
        if (isolated != null && !isolated.isEmpty()) {
            return pass(id, cpus(isolated) + (param == null ? "" : " (isolcpus=" + param + ")"));
        }
        if (param != null) {
            if (isolated == null) {
                return pass(id, "isolcpus=" + param + " on the kernel command line");
            }
            // isolcpus=nohz,2-7 and the like leave the scheduler free to put other tasks there
            return warn(id, "none, though the kernel command line has isolcpus=" + param,
                    "give isolcpus= the domain flag or a plain list (isolcpus=" + CpuList.format(target)
                            + ") so the scheduler keeps other tasks off those CPUs");
        }
        if (isolated == null && cmdline == null) {
            return info(id, UNKNOWN, "cannot read " + CPU_DIR + "/isolated or /proc/cmdline");
        }
        return warn(id, "none", isolationAdvice(target));
    }

    private Finding nohzFull(Map<String, String> cmdline, BitSet isolated, BitSet target) {
        String id = "nohz_full";
        String text = firstLine(CPU_DIR + "/nohz_full");
        // a kernel built with NO_HZ_FULL but booted without it says "(null)"
        BitSet nohz = "(null)".equals(text) ? new BitSet() : cpuList(text);
        if (nohz == null) {
            if (cmdline == null) {
                return info(id, UNKNOWN, "cannot read " + CPU_DIR + "/nohz_full or /proc/cmdline");
            }
            String param = cmdline.get("nohz_full");
            nohz = param == null ? new BitSet() : cpuList(param);
            if (nohz == null) {
                return warn(id, "nohz_full=" + param + " is not a CPU list", nohzAdvice(isolated, target));
            }
        }
        if (isolated == null || isolated.isEmpty()) {
            return nohz.isEmpty() ? warn(id, "none", nohzAdvice(isolated, target)) : pass(id, cpus(nohz));
        }
        BitSet ticking = (BitSet) isolated.clone();
        ticking.andNot(nohz);
        if (ticking.isEmpty()) {
            return pass(id, cpus(nohz) + ", every isolated CPU");
        }
        return warn(id, cpus(nohz) + ", not isolated " + cpus(ticking), nohzAdvice(isolated, target));
    }

    private static String nohzAdvice(BitSet isolated, BitSet target) {
        if (isolated == null || isolated.isEmpty()) {
            return isolationAdvice(target);
        }
        return "add nohz_full=" + CpuList.format(isolated)
                + " to the kernel command line so the isolated CPUs stop taking the timer tick";
    }

    private Finding rcuNocbs(Map<String, String> cmdline, BitSet target) {
        String id = "rcu_nocbs";
        if (cmdline == null) {
            return info(id, UNKNOWN, "cannot read /proc/cmdline");
        }
        List<String> found = new ArrayList<>();
        for (String name : new String[] {"rcu_nocbs", "rcu_nocb_poll"}) {
            String value = cmdline.get(name);
            if (value != null) {
                found.add(value.isEmpty() ? name : name + "=" + value);
            }
        }
        if (!found.isEmpty()) {
            return pass(id, String.join(" ", found));
        }
        String advice = target.isEmpty() ? isolationAdvice(target)
                : "add rcu_nocbs=" + CpuList.format(target)
                        + " to the kernel command line so RCU callbacks run off the measuring CPUs";
        return warn(id, "absent from the kernel command line", advice);
    }

    private Finding governor() {
        String id = "governor";
        List<Integer> cpuIds = cpuIds();
        if (cpuIds == null) {
            return info(id, UNKNOWN, "cannot list " + CPU_DIR);
        }
        Map<String, BitSet> byGovernor = new LinkedHashMap<>(); // in the order of each one's first CPU
        for (int cpu : cpuIds) {
            String g = firstLine(CPU_DIR + "/cpu" + cpu + "/cpufreq/scaling_governor");
            if (g != null && !g.isEmpty()) {
                byGovernor.computeIfAbsent(g, k -> new BitSet()).set(cpu);
            }
        }
        if (byGovernor.isEmpty()) {
            return info(id, "no cpufreq", "no frequency scaling is visible, as usual in a VM"
                    + " (the hypervisor sets the clock); ask for a host with fixed clocks");
        }
        List<String> parts = new ArrayList<>();
        byGovernor.forEach((g, set) -> parts.add(g + " on " + cpus(set)));
        String observed = String.join(", ", parts);
        if (byGovernor.size() == 1 && byGovernor.containsKey("performance")) {
            return pass(id, observed);
        }
        return warn(id, observed, "set the performance governor: cpupower frequency-set -g performance");
    }

    private Finding turbo() {
        String id = "turbo";
        String why = " (the clock varies with load and temperature): ";
        String noTurbo = firstLine(CPU_DIR + "/intel_pstate/no_turbo");
        if (noTurbo != null) {
            String observed = "intel_pstate/no_turbo=" + noTurbo;
            return "1".equals(noTurbo) ? pass(id, "off, " + observed)
                    : warn(id, "on, " + observed, "turn turbo off" + why
                            + "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
        }
        String boost = firstLine(CPU_DIR + "/cpufreq/boost");
        if (boost != null) {
            String observed = "cpufreq/boost=" + boost;
            return "0".equals(boost) ? pass(id, "off, " + observed)
                    : warn(id, "on, " + observed, "turn turbo off" + why
                            + "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
        }
        return info(id, UNKNOWN, "neither intel_pstate/no_turbo nor cpufreq/boost exists, as usual in a VM;"
                + " turbo is then set in the firmware or by the hypervisor");
    }

    private Finding cstates(Map<String, String> cmdline) {
        String id = "cstates";
        if (cmdline != null) {
            List<String> limits = new ArrayList<>();
            if ("poll".equals(cmdline.get("idle"))) {
                limits.add("idle=poll");
            }
            for (String name : new String[] {"intel_idle.max_cstate", "processor.max_cstate"}) {
                String v = cmdline.get(name);
                if ("0".equals(v) || "1".equals(v)) {
                    limits.add(name + "=" + v);
                }
            }
            if (!limits.isEmpty()) {
                return pass(id, String.join(" ", limits) + " on the kernel command line");
            }
        }
        String cpuidle = CPU_DIR + "/cpu0/cpuidle";
        List<String> stateDirs = list(cpuidle, STATE_NAME);
        if (stateDirs == null || stateDirs.isEmpty()) {
            if (Files.isDirectory(root.resolve(CPU_DIR + "/cpu0"))) {
                return info(id, "no cpuidle", "no idle states are visible, as usual in a VM"
                        + " (the hypervisor decides); nothing to set here");
            }
            return info(id, UNKNOWN, "cannot read " + cpuidle);
        }
        List<String> deep = new ArrayList<>();
        String deepestEnabled = null;
        for (String dir : stateDirs) {
            String base = cpuidle + "/" + dir + "/";
            String name = firstLine(base + "name");
            Long latencyUs = number(firstLine(base + "latency"));
            if (name == null || latencyUs == null || "1".equals(firstLine(base + "disable"))) {
                continue;
            }
            String state = name + " (" + latencyUs + " us)";
            deepestEnabled = state;
            if (latencyUs > DEEP_CSTATE_LATENCY_US) {
                deep.add(state);
            }
        }
        if (!deep.isEmpty()) {
            return warn(id, String.join(", ", deep) + " enabled", "limit C-states: add intel_idle.max_cstate=1"
                    + " processor.max_cstate=1 to the kernel command line, or write 1 to cpuidle/state*/disable");
        }
        return pass(id, deepestEnabled == null ? "every idle state disabled" : "deepest enabled: " + deepestEnabled);
    }

    private Finding transparentHugePages() {
        String id = "thp";
        String line = firstLine(THP);
        if (line == null) {
            return info(id, UNKNOWN, "cannot read /" + THP + " (a kernel without THP has nothing to set)");
        }
        String mode = Environment.selected(line);
        if (mode.equals("never") || mode.equals("madvise")) {
            return pass(id, mode);
        }
        if (mode.equals("always")) {
            return warn(id, mode, "khugepaged compaction stalls threads: echo madvise > /" + THP);
        }
        return info(id, mode, "expected always, madvise or never in /" + THP);
    }

    private Finding irqbalance(BitSet target) {
        String id = "irqbalance";
        List<String> pids = list("proc", PID);
        if (pids == null) {
            return info(id, UNKNOWN, "cannot list /proc");
        }
        List<Long> running = new ArrayList<>();
        for (String pid : pids) {
            if ("irqbalance".equals(firstLine("proc/" + pid + "/comm"))) { // gone in between: null
                running.add(Long.parseLong(pid));
            }
        }
        if (running.isEmpty()) {
            return pass(id, "not running");
        }
        Collections.sort(running);
        String pidList = running.toString().replace("[", "").replace("]", "");
        String ban = target.isEmpty() ? "" : " or ban the measuring CPUs (IRQBALANCE_BANNED_CPULIST="
                + CpuList.format(target) + ")";
        return warn(id, "running (pid " + pidList + ")",
                "it moves interrupts onto isolated CPUs: systemctl disable --now irqbalance" + ban);
    }

    private Finding swap() {
        String id = "swap";
        String swaps = read("proc/swaps");
        if (swaps == null) {
            return info(id, UNKNOWN, "cannot read /proc/swaps");
        }
        List<String> devices = new ArrayList<>();
        for (String line : swaps.split("\n")) {
            // Filename Type Size Used Priority, sizes in KiB
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || f[0].equals("Filename")) {
                continue;
            }
            Long kib = number(f[2]);
            devices.add(kib == null ? f[0] : f[0] + " " + bytes(kib * 1024));
        }
        if (devices.isEmpty()) {
            return pass(id, "none");
        }
        String swappiness = firstLine("proc/sys/vm/swappiness");
        String observed = String.join(", ", devices) + ", swappiness "
                + (swappiness == null ? UNKNOWN : swappiness);
        if ("0".equals(swappiness) || "1".equals(swappiness)) {
            return pass(id, observed + " (pages go out only under memory pressure)");
        }
        return warn(id, observed, "a page fault on swapped-out heap costs milliseconds:"
                + " swapoff -a, or sysctl -w vm.swappiness=1");
    }

    private Finding shm() {
        String id = "shm";
        Path shm = root.resolve("dev/shm");
        if (!Files.isDirectory(shm)) {
            return info(id, "absent", "the queue study writes its files to /dev/shm:"
                    + " mount a tmpfs there, or point bench.queue.dir at one");
        }
        try {
            FileStore store = Files.getFileStore(shm);
            long free = store.getUsableSpace();
            String observed = bytes(free) + " free of " + bytes(store.getTotalSpace());
            if (free >= shmMinFreeBytes) {
                return pass(id, observed);
            }
            return warn(id, observed, "the queue study writes ~1 GB of files there per fork:"
                    + " mount -o remount,size=4G /dev/shm");
        } catch (IOException | SecurityException e) {
            return info(id, UNKNOWN, "cannot read the size of /dev/shm: " + e.getMessage());
        }
    }

    /** The online CPUs but the lowest few, which stay for the OS; none on a one-CPU machine. */
    private BitSet suggestedIsolation() {
        BitSet online = new CpuTopology(root).online();
        int keep = online.cardinality() >= SMALL_MACHINE_CPUS ? HOUSEKEEPING_CPUS : 1;
        BitSet target = (BitSet) online.clone();
        for (int cpu = online.nextSetBit(0), kept = 0; cpu >= 0 && kept < keep; cpu = online.nextSetBit(cpu + 1)) {
            target.clear(cpu);
            kept++;
        }
        return target;
    }

    private static String isolationAdvice(BitSet target) {
        if (target.isEmpty()) {
            return "one CPU cannot be isolated: a pinned run needs a machine with 3 or more";
        }
        String list = CpuList.format(target);
        return "add isolcpus=" + list + " nohz_full=" + list + " rcu_nocbs=" + list + " to the kernel command line";
    }

    /** Prints one aligned line per finding (advice after a dash), then {@code 3 pass, 6 warn, 1 info}. */
    public static void print(PrintStream out, List<Finding> findings) {
        int width = ID_WIDTH;
        for (Finding f : findings) {
            width = Math.max(width, f.id().length());
        }
        String format = "%-4s  %-" + width + "s %s";
        int[] counts = new int[Status.values().length];
        for (Finding f : findings) {
            counts[f.status().ordinal()]++;
            String line = String.format(Locale.ROOT, format, f.status(), f.id(), f.observed());
            out.println(f.advice().isEmpty() ? line : line + " - " + f.advice());
        }
        out.printf(Locale.ROOT, "%d pass, %d warn, %d info%n", counts[Status.PASS.ordinal()],
                counts[Status.WARN.ordinal()], counts[Status.INFO.ordinal()]);
    }

    /** The findings as {@code env.json} holds them: {@code [{"id", "status", "observed", "advice"?}]}. */
    public static JsonArray toJson(List<Finding> findings) {
        JsonArray array = new JsonArray();
        for (Finding f : findings) {
            JsonObject o = new JsonObject();
            o.addProperty("id", f.id());
            o.addProperty("status", f.status().name());
            o.addProperty("observed", f.observed());
            if (!f.advice().isEmpty()) {
                o.addProperty("advice", f.advice());
            }
            array.add(o);
        }
        return array;
    }

    /**
     * Checks the host under {@code root} and prints the findings. Returns the exit status: 0, or 1
     * when {@code strict} and a check warned.
     */
    public static int run(Path root, PrintStream out, boolean strict) {
        List<Finding> findings = new HostCheck(root).check();
        print(out, findings);
        boolean warned = findings.stream().anyMatch(f -> f.status() == Status.WARN);
        return strict && warned ? 1 : 0;
    }

    /** {@code check-host [--strict] [--help]}; exits 0, 1 (strict, a warning) or 2 (bad argument). */
    public static void main(String[] args) {
        System.exit(launch(args, Paths.get("/"), System.out, System.err));
    }

    static int launch(String[] args, Path root, PrintStream out, PrintStream err) {
        boolean strict = false;
        for (String arg : args) {
            switch (arg) {
                case "--strict":
                    strict = true;
                    break;
                case "-h":
                case "--help":
                    printHelp(out);
                    return 0;
                default:
                    err.println("check-host: unknown argument '" + arg + "'; the options are --strict and --help");
                    return 2;
            }
        }
        return run(root, out, strict);
    }

    private static void printHelp(PrintStream out) {
        out.println("Usage: check-host [--strict] [--help]");
        out.println("Checks the Linux settings that move a latency tail: isolcpus, nohz_full, rcu_nocbs,");
        out.println("CPU frequency governor, turbo, C-states, transparent huge pages, irqbalance, swap and");
        out.println("/dev/shm. Each line is PASS, WARN (with what to set) or INFO (cannot tell).");
        out.println("  --strict   exit 1 when a check warns (for scripts and CI)");
        out.println("  --help     this text");
        out.println("Exit status: 0, 1 with --strict and a warning, 2 on a bad argument.");
    }

    /**
     * The kernel's parameters, name to value ("" for a bare flag), the last one of a name winning;
     * null when the command line cannot be read.
     */
    static Map<String, String> kernelParams(String cmdline) {
        if (cmdline == null) {
            return null;
        }
        Map<String, String> params = new TreeMap<>();
        for (String token : cmdline.trim().split("\\s+")) {
            if (token.equals("--")) {
                break; // what follows goes to init, not to the kernel
            }
            if (token.isEmpty()) {
                continue;
            }
            int eq = token.indexOf('=');
            // the kernel reads '-' and '_' in a parameter name as the same character
            String name = (eq < 0 ? token : token.substring(0, eq)).replace('-', '_');
            params.put(name, eq < 0 ? "" : token.substring(eq + 1));
        }
        return params;
    }

    private static Finding pass(String id, String observed) {
        return new Finding(id, Status.PASS, observed, "");
    }

    private static Finding warn(String id, String observed, String advice) {
        return new Finding(id, Status.WARN, observed, advice);
    }

    private static Finding info(String id, String observed, String advice) {
        return new Finding(id, Status.INFO, observed, advice);
    }

    /** {@code CPU 3}, {@code CPUs 2-7} or {@code none}. */
    private static String cpus(BitSet set) {
        if (set.isEmpty()) {
            return "none";
        }
        return (set.cardinality() == 1 ? "CPU " : "CPUs ") + CpuList.format(set);
    }

    private static String bytes(long n) {
        return n >= GIB ? String.format(Locale.ROOT, "%.1f GiB", n / GIB) : (n / MIB) + " MiB";
    }

    private static BitSet cpuList(String text) {
        if (text == null) {
            return null;
        }
        try {
            return CpuList.parse(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Long number(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The numeric CPU folders ({@code cpu0}, {@code cpu1}, ...) in order, or null. */
    private List<Integer> cpuIds() {
        List<String> names = list(CPU_DIR, CPU_NAME);
        if (names == null) {
            return null;
        }
        List<Integer> ids = new ArrayList<>();
        for (String name : names) {
            ids.add(Integer.parseInt(name.substring("cpu".length())));
        }
        Collections.sort(ids);
        return ids;
    }

    /** The names in a folder that match {@code pattern}, in numeric-suffix order; null when unreadable. */
    private List<String> list(String relative, Pattern pattern) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(root.resolve(relative))) {
            for (Path p : dir) {
                String name = p.getFileName().toString();
                if (pattern.matcher(name).matches()) {
                    names.add(name);
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        // state10 after state9
        names.sort((a, b) -> a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b));
        return names;
    }

    /** The first line, trimmed; null when unreadable. */
    private String firstLine(String relative) {
        String s = read(relative);
        return s == null ? null : s.split("\n", 2)[0].trim();
    }

    private String read(String relative) {
        try {
            return new String(Files.readAllBytes(root.resolve(relative)), StandardCharsets.UTF_8);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** One check's outcome: what was read and, unless it passed, what to do. Immutable. */
    public static final class Finding {
        private final String id;
        private final Status status;
        private final String observed;
        private final String advice;

        public Finding(String id, Status status, String observed, String advice) {
            this.id = id;
            this.status = status;
            this.observed = observed;
            this.advice = advice;
        }

        /** A short name: {@code isolcpus}, {@code governor}, {@code thp}, ... */
        public String id() {
            return id;
        }

        public Status status() {
            return status;
        }

        /** The value actually read, or {@code unknown}. */
        public String observed() {
            return observed;
        }

        /** One line saying what to set; empty when the check passed. */
        public String advice() {
            return advice;
        }

        @Override
        public String toString() {
            return status + " " + id + " " + observed + (advice.isEmpty() ? "" : " - " + advice);
        }
    }
}
