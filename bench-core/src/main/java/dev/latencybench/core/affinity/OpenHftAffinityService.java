package dev.latencybench.core.affinity;

import java.util.BitSet;

import net.openhft.affinity.Affinity;

/**
 * Pins through OpenHFT's {@link Affinity} ({@code sched_setaffinity} by JNA), which pins any existing
 * CPU, unlike {@code AffinityLock} that hands out only "reservable" ones. Thread-safe; one system
 * call per pin, none on the hot path.
 */
public final class OpenHftAffinityService implements AffinityService {
    private final BitSet releaseTo;
    private final ThreadLocal<String> failure = new ThreadLocal<>();

    /** @param releaseTo the CPUs a released thread may run on again (the process's allowed set) */
    public OpenHftAffinityService(BitSet releaseTo) {
        this.releaseTo = (BitSet) releaseTo.clone();
    }

    @Override
    public int pinCurrentThread(int cpu) {
        failure.remove();
        try {
            Affinity.setAffinity(cpu);
            BitSet now = Affinity.getAffinity();
            if (now.cardinality() == 1 && now.get(cpu)) {
                return cpu;
            }
            failure.set("asked for CPU " + cpu + " but the thread is bound to " + CpuList.format(now));
        } catch (RuntimeException | LinkageError e) {
            failure.set("could not pin to CPU " + cpu + ": " + e);
        }
        return -1;
    }

    @Override
    public void releaseCurrentThread() {
        try {
            Affinity.setAffinity((BitSet) releaseTo.clone());
        } catch (RuntimeException | LinkageError e) {
            // the thread is about to end; nothing more to do
        }
    }

    @Override
    public String lastFailure() {
        return failure.get();
    }
}
