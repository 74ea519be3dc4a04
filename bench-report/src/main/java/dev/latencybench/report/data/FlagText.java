package dev.latencybench.report.data;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.env.BusyMachine;
import dev.latencybench.core.env.CpuPlacement;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.CpuPairResult;

/**
 * A result's flags as the report prints them: old flag texts are rewritten from the result's own {@code machineLoad}
 * and {@code cpuPair}, so committed runs read the same as new ones. Stateless.
 */
public final class FlagText {
    private static final String OLD_BUSY = "(see machineLoad)";
    private static final String OLD_PLACEMENT = "(see cpuPair)";

    private FlagText() {
    }

    /** {@code flags} with the old texts rewritten from {@code result} (null: kept as they are). */
    public static List<String> current(List<String> flags, CellResult result) {
        if (result == null || flags.stream().noneMatch(f -> f.endsWith(OLD_BUSY) || f.endsWith(OLD_PLACEMENT))) {
            return flags;
        }
        List<String> out = new ArrayList<>();
        for (String f : flags) {
            String now = null;
            if (f.startsWith("busy machine") && f.endsWith(OLD_BUSY)) {
                now = BusyMachine.flag(result.machineLoad);
            } else if (f.startsWith("CPU placement changed") && f.endsWith(OLD_PLACEMENT)) {
                CpuPairResult part = result.part(CpuPairResult.PART);
                CpuPairResult.RoundTrip p = part == null ? null : part.cpuPair;
                now = p == null ? null : CpuPlacement.flag(p.roundTripMinNs, p.roundTripMaxNs);
            }
            out.add(now != null ? now : f.endsWith(OLD_BUSY) || f.endsWith(OLD_PLACEMENT)
                    ? f.substring(0, f.lastIndexOf(" (see ")) : f);
        }
        return out;
    }

    /** A JVM flag as shown: the GraalVM compiler's long, machine-specific module path by its release; others as is. */
    public static String shortFlag(String flag) {
        if (flag.startsWith("--upgrade-module-path=")) {
            String v = flag.replaceAll(".*compiler-([0-9.]+)\\.jar.*", "$1");
            return "--upgrade-module-path=<GraalVM compiler " + (v.equals(flag) ? "jars" : v) + ">";
        }
        return flag;
    }
}
