package dev.latencybench.chart;

import java.util.ArrayList;
import java.util.List;

/** Which plot of a {@link LineChart}'s small multiples each line goes to. Stateless. */
final class SmallMultiples {
    private SmallMultiples() {
    }

    /** The panel of each line: all 0 for one plot, else one per colour, so a cell's lines share one. */
    static List<Integer> panels(List<Integer> slots, boolean smallMultiples) {
        List<Integer> panelOf = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        for (int slot : slots) {
            if (!smallMultiples) {
                panelOf.add(0);
                continue;
            }
            if (!seen.contains(slot)) {
                seen.add(slot);
            }
            panelOf.add(seen.indexOf(slot));
        }
        return panelOf;
    }

    static int panelCount(List<Integer> panelOf) {
        int max = 0;
        for (int p : panelOf) {
            max = Math.max(max, p);
        }
        return max + 1;
    }
}
