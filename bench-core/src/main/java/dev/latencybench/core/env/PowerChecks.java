package dev.latencybench.core.env;

import static dev.latencybench.core.env.HostCheck.Finding.UNKNOWN;
import static dev.latencybench.core.env.HostCheck.Finding.cpus;
import static dev.latencybench.core.env.HostCheck.Finding.info;
import static dev.latencybench.core.env.HostCheck.Finding.pass;
import static dev.latencybench.core.env.HostCheck.Finding.warn;
import static dev.latencybench.core.env.HostFiles.CPU_DIR;
import static dev.latencybench.core.env.HostFiles.number;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.latencybench.core.env.HostCheck.Finding;

/**
 * The {@link HostCheck} checks of CPU power management, which changes how fast a CPU runs and how
 * soon it wakes: the frequency governor, turbo and C-states. In a VM the hypervisor owns all three
 * and the checks say so as INFO.
 *
 * <p>Immutable and thread-safe; each call reads its files again (one per CPU for the governor, a
 * few per idle state). Not for hot paths.
 */
final class PowerChecks {
    /**
     * An idle state whose exit takes longer than this is "deep": a consumer woken from it answers
     * that much later, which is the size of the tail being measured.
     */
    static final int DEEP_CSTATE_LATENCY_US = 10;

    private static final Pattern STATE_NAME = Pattern.compile("state[0-9]+");

    private final HostFiles files;

    PowerChecks(HostFiles files) {
        this.files = files;
    }

    Finding governor() {
        String id = "governor";
        List<Integer> cpuIds = files.cpuIds();
        if (cpuIds == null) {
            return info(id, UNKNOWN, "cannot list " + CPU_DIR);
        }
        Map<String, BitSet> byGovernor = new LinkedHashMap<>(); // in the order of each one's first CPU
        for (int cpu : cpuIds) {
            String g = files.firstLine(CPU_DIR + "/cpu" + cpu + "/cpufreq/scaling_governor");
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

    Finding turbo() {
        String id = "turbo";
        String why = " (the clock varies with load and temperature): ";
        String noTurbo = files.firstLine(CPU_DIR + "/intel_pstate/no_turbo");
        if (noTurbo != null) {
            String observed = "intel_pstate/no_turbo=" + noTurbo;
            return "1".equals(noTurbo) ? pass(id, "off, " + observed)
                    : warn(id, "on, " + observed, "turn turbo off" + why
                            + "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
        }
        String boost = files.firstLine(CPU_DIR + "/cpufreq/boost");
        if (boost != null) {
            String observed = "cpufreq/boost=" + boost;
            return "0".equals(boost) ? pass(id, "off, " + observed)
                    : warn(id, "on, " + observed, "turn turbo off" + why
                            + "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
        }
        return info(id, UNKNOWN, "neither intel_pstate/no_turbo nor cpufreq/boost exists, as usual in a VM;"
                + " turbo is then set in the firmware or by the hypervisor");
    }

    Finding cstates(Map<String, String> cmdline) {
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
        List<String> stateDirs = files.list(cpuidle, STATE_NAME);
        if (stateDirs == null || stateDirs.isEmpty()) {
            if (files.isDirectory(CPU_DIR + "/cpu0")) {
                return info(id, "no cpuidle", "no idle states are visible, as usual in a VM"
                        + " (the hypervisor decides); nothing to set here");
            }
            return info(id, UNKNOWN, "cannot read " + cpuidle);
        }
        List<String> deep = new ArrayList<>();
        String deepestEnabled = null;
        for (String dir : stateDirs) {
            String base = cpuidle + "/" + dir + "/";
            String name = files.firstLine(base + "name");
            Long latencyUs = number(files.firstLine(base + "latency"));
            if (name == null || latencyUs == null || "1".equals(files.firstLine(base + "disable"))) {
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
}
