package dev.latencybench.chart;

import dev.latencybench.core.config.Units;

/** The unit of a value axis: the largest of ns, us, ms and s at most {@code maxNs}, as the tables name it. */
record AxisUnit(double nsPerUnit, String name) {
    static AxisUnit of(double maxNs) {
        double ns = maxNs >= 1e9 ? 1e9 : maxNs >= 1e6 ? 1e6 : maxNs >= 1e3 ? 1e3 : 1;
        return new AxisUnit(ns, Units.formatNs(ns).replaceAll("^[0-9.]+", ""));
    }
}
