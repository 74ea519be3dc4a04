package dev.latencybench.startup;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import dev.latencybench.core.affinity.CpuList;

/**
 * Where the service and load generator run during the load: on separate halves of the CPUs when there are enough
 * and {@code taskset} is there. Launches are never wrapped, as {@code taskset} would add to their time. Immutable.
 *
 * @param service   {@code taskset -c} list for the service, empty for no split
 */
record CpuSplit(String service, String generator, String note) {
    static final int MIN_CPUS = 4;
    private static final Path TASKSET = Path.of("/usr/bin/taskset");

    static CpuSplit of(BitSet cpus) {
        if (cpus.cardinality() < MIN_CPUS) {
            return new CpuSplit("", "", "service and load generator share all " + cpus.cardinality()
                    + " CPUs (fewer than " + MIN_CPUS + ")");
        }
        if (!Files.isExecutable(TASKSET)) {
            return new CpuSplit("", "", "service and load generator share the CPUs: no " + TASKSET);
        }
        BitSet first = new BitSet();
        BitSet second = new BitSet();
        int half = cpus.cardinality() / 2;
        int k = 0;
        for (int c = cpus.nextSetBit(0); c >= 0; c = cpus.nextSetBit(c + 1), k++) {
            (k < half ? first : second).set(c);
        }
        String s = CpuList.format(first);
        String g = CpuList.format(second);
        return new CpuSplit(s, g, "service on CPUs " + s + ", load generator on CPUs " + g + " (taskset)");
    }

    /** The command, run on the service's CPUs. */
    List<String> forService(List<String> command) {
        return wrap(service, command);
    }

    /** The command, run on the generator's CPUs. */
    List<String> forGenerator(List<String> command) {
        return wrap(generator, command);
    }

    private static List<String> wrap(String cpus, List<String> command) {
        if (cpus.isEmpty()) {
            return command;
        }
        List<String> c = new ArrayList<>(List.of(TASKSET.toString(), "-c", cpus));
        c.addAll(command);
        return c;
    }
}
