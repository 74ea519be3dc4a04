package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/** Every cell that did not end OK and every flag raised, as plain text: they hold exceptions' messages. */
final class Notes {
    private Notes() {
    }

    static void write(Doc doc, List<RunData.Row> rows) {
        List<String> items = new ArrayList<>();
        for (RunData.Row r : rows) {
            String where = "`" + r.cell + (r.variant.isEmpty() ? "" : " / " + r.variant) + "`";
            if (!"OK".equals(r.status)) {
                items.add(where + " " + r.status + ": " + Doc.plain(String.join("; ", r.reasons)));
            }
            for (String n : r.notes) {
                items.add(where + ": " + Doc.plain(n));
            }
        }
        if (!items.isEmpty()) {
            doc.h(3, "Failed, skipped and flagged cells");
            doc.bullets(items);
        }
    }
}
