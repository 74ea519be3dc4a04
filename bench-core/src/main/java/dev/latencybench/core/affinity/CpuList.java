package dev.latencybench.core.affinity;

import java.util.BitSet;

/**
 * The kernel's CPU list format ({@code 0-3,6,8-9}), both ways. Stateless.
 */
public final class CpuList {
    private CpuList() {
    }

    /** Parses a CPU list; blank means no CPU. @throws NumberFormatException on malformed text */
    public static BitSet parse(String text) {
        BitSet cpus = new BitSet();
        String t = text.trim();
        if (t.isEmpty()) {
            return cpus;
        }
        for (String part : t.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            if (dash < 0) {
                cpus.set(Integer.parseInt(p));
            } else {
                int from = Integer.parseInt(p.substring(0, dash).trim());
                int to = Integer.parseInt(p.substring(dash + 1).trim());
                if (to < from) {
                    throw new NumberFormatException("descending CPU range: " + p);
                }
                cpus.set(from, to + 1);
            }
        }
        return cpus;
    }

    /** Formats a set as a CPU list, ranges collapsed: {@code 0-3,6}. Empty set: {@code none}. */
    public static String format(BitSet cpus) {
        if (cpus.isEmpty()) {
            return "none";
        }
        StringBuilder sb = new StringBuilder();
        int from = cpus.nextSetBit(0);
        while (from >= 0) {
            int to = cpus.nextClearBit(from) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(from);
            if (to > from) {
                sb.append('-').append(to);
            }
            from = cpus.nextSetBit(to + 1);
        }
        return sb.toString();
    }
}
