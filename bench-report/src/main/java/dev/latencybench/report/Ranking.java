package dev.latencybench.report;

import dev.latencybench.report.data.RunData;

/** Which rows take part in a table's bold: cells that ended OK, unflagged, not the floor or a step of it. Stateless. */
final class Ranking {
    private Ranking() {
    }

    static boolean ranked(RunData.Study study, RunData.Row r) {
        return ranked(study.floor, r);
    }

    /** @param floor the study's floor variant; null when it declares none */
    static boolean ranked(String floor, RunData.Row r) {
        return "OK".equals(r.status) && r.notes.isEmpty() && !floor(floor, r);
    }

    /** The floor variant, or a step of it. */
    static boolean floor(String floor, RunData.Row r) {
        return floor != null && (floor.equals(r.variant) || r.result != null && floor.equals(r.result.variant));
    }
}
