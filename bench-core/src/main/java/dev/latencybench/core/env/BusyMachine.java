package dev.latencybench.core.env;

import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;

/**
 * The "busy machine" flag of a cell, written from its forks' {@code machineLoad} readings: the busiest
 * fork's figure and the threshold it passed ({@link CpuLoadProbe#BUSY_THRESHOLD_CORES}), so that the
 * flag says how busy, not only that. Stateless.
 */
public final class BusyMachine {
    private BusyMachine() {
    }

    /**
     * The flag for forks' {@code machineLoad} objects (each with {@code otherProcessesCores},
     * {@code stealCores}, {@code busyThresholdCores}, {@code busy}); null when no fork was busy.
     */
    public static String flag(JsonArray forkLoads) {
        double other = 0;
        double steal = 0;
        double threshold = CpuLoadProbe.BUSY_THRESHOLD_CORES;
        boolean busy = false;
        for (JsonElement e : forkLoads) {
            if (!e.isJsonObject()) {
                continue;
            }
            EnvironmentFile.MachineLoad l = EnvironmentFile.MachineLoad.read(e.getAsJsonObject());
            if (!Boolean.TRUE.equals(l.busy)) {
                continue;
            }
            busy = true;
            other = Math.max(other, l.otherProcessesCores == null ? 0 : l.otherProcessesCores);
            steal = Math.max(steal, l.stealCores == null ? 0 : l.stealCores);
            if (l.busyThresholdCores != null) {
                threshold = l.busyThresholdCores;
            }
        }
        return busy ? flag(other, steal, threshold) : null;
    }

    /** {@code busy machine: other processes used 0.13 cores, more than the 0.10 allowed}. */
    public static String flag(double otherProcessesCores, double stealCores, double thresholdCores) {
        String what = otherProcessesCores > thresholdCores || stealCores <= thresholdCores
                ? String.format(Locale.ROOT, "other processes used %.2f cores", otherProcessesCores)
                : String.format(Locale.ROOT, "the hypervisor gave %.2f cores to other guests (steal)", stealCores);
        return "busy machine: " + what + String.format(Locale.ROOT, ", more than the %.2f allowed", thresholdCores);
    }
}
