package dev.latencybench.report.chart;

import dev.latencybench.core.config.Units;

/**
 * The unit of a value axis: the largest of ns, us, ms and s that is at most {@code maxNs}, so that the highest
 * tick reads between 1 and 1,000. Its name is the one the tables print ({@link Units#formatNs}).
 */
record AxisUnit(double nsPerUnit, String name) {
    static AxisUnit of(double maxNs) {
        double ns = maxNs >= 1e9 ? 1e9 : maxNs >= 1e6 ? 1e6 : maxNs >= 1e3 ? 1e3 : 1;
        return new AxisUnit(ns, Units.formatNs(ns).replaceAll("^[0-9.]+", ""));
    }
}
