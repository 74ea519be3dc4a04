package dev.latencybench.core.env;

import static dev.latencybench.core.env.HostCheck.Finding.UNKNOWN;
import static dev.latencybench.core.env.HostCheck.Finding.cpus;
import static dev.latencybench.core.env.HostCheck.Finding.info;
import static dev.latencybench.core.env.HostCheck.Finding.pass;
import static dev.latencybench.core.env.HostCheck.Finding.warn;
import static dev.latencybench.core.env.HostFiles.CPU_DIR;
import static dev.latencybench.core.env.HostFiles.cpuList;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.latencybench.core.affinity.CpuList;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.env.HostCheck.Finding;

/**
 * The {@link HostCheck} checks that keep other work off the measuring CPUs: isolcpus, nohz_full, rcu_nocbs and
 * irqbalance; their advice names the isolated CPUs, else a {@linkplain #target suggestion}. Immutable and
 * thread-safe; not for hot paths.
 */
final class IsolationChecks {
    /** CPUs left to the OS and the JVM's own threads when suggesting isolation; one on a small machine. */
    static final int HOUSEKEEPING_CPUS = 2;
    static final int SMALL_MACHINE_CPUS = 4;

    private static final Pattern PID = Pattern.compile("[0-9]+");

    private final HostFiles files;

    IsolationChecks(HostFiles files) {
        this.files = files;
    }

    /** The CPUs the kernel isolated, empty when none; null when it cannot be read. */
    BitSet isolated() {
        return cpuList(files.firstLine(CPU_DIR + "/isolated"));
    }

    /** The CPUs the advice names: those already isolated, else a suggestion. */
    BitSet target(BitSet isolated) {
        return isolated != null && !isolated.isEmpty() ? isolated : suggestedIsolation();
    }

    Finding isolcpus(Map<String, String> cmdline, BitSet isolated, BitSet target) {
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

    Finding nohzFull(Map<String, String> cmdline, BitSet isolated, BitSet target) {
        String id = "nohz_full";
        String text = files.firstLine(CPU_DIR + "/nohz_full");
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

    Finding rcuNocbs(Map<String, String> cmdline, BitSet target) {
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

    Finding irqbalance(BitSet target) {
        String id = "irqbalance";
        List<String> pids = files.list("proc", PID);
        if (pids == null) {
            return info(id, UNKNOWN, "cannot list /proc");
        }
        List<Long> running = new ArrayList<>();
        for (String pid : pids) {
            if ("irqbalance".equals(files.firstLine("proc/" + pid + "/comm"))) { // gone in between: null
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

    /** The online CPUs but the lowest few, which stay for the OS; none on a one-CPU machine. */
    private BitSet suggestedIsolation() {
        BitSet online = new CpuTopology(files.root()).online();
        int keep = online.cardinality() >= SMALL_MACHINE_CPUS ? HOUSEKEEPING_CPUS : 1;
        BitSet target = (BitSet) online.clone();
        for (int cpu = online.nextSetBit(0), kept = 0; cpu >= 0 && kept < keep; cpu = online.nextSetBit(cpu + 1)) {
            target.clear(cpu);
            kept++;
        }
        return target;
    }

    private static String nohzAdvice(BitSet isolated, BitSet target) {
        if (isolated == null || isolated.isEmpty()) {
            return isolationAdvice(target);
        }
        return "add nohz_full=" + CpuList.format(isolated)
                + " to the kernel command line so the isolated CPUs stop taking the timer tick";
    }

    private static String isolationAdvice(BitSet target) {
        if (target.isEmpty()) {
            return "one CPU cannot be isolated: a pinned run needs a machine with 3 or more";
        }
        String list = CpuList.format(target);
        return "add isolcpus=" + list + " nohz_full=" + list + " rcu_nocbs=" + list + " to the kernel command line";
    }
}
