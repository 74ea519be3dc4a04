package dev.latencybench.runner.report.doc;

import java.util.ArrayList;
import java.util.List;

/**
 * The report as a list of blocks, written once and rendered twice: as Markdown (REPORT.md) and as
 * HTML with the charts inlined (report.html). Text may hold {@code `code`} spans; renderers escape
 * everything else.
 */
public final class Doc {
    interface Block {
    }

    record Heading(int level, String text) implements Block {
    }

    record Para(String text) implements Block {
    }

    /** {@code numeric} columns are right-aligned. */
    public record Table(List<String> header, List<List<String>> rows, List<Boolean> numeric) implements Block {
    }

    /** A chart's files: {@code charts/<base>.png} and {@code .svg}. */
    record Chart(String base, String alt) implements Block {
    }

    record Bullets(List<String> items) implements Block {
    }

    record Code(String text) implements Block {
    }

    public final List<Block> blocks = new ArrayList<>();

    public Doc h(int level, String text) {
        blocks.add(new Heading(level, text));
        return this;
    }

    public Doc p(String text) {
        blocks.add(new Para(text));
        return this;
    }

    public Doc table(List<String> header, List<List<String>> rows, List<Boolean> numeric) {
        blocks.add(new Table(header, rows, numeric));
        return this;
    }

    public Doc chart(String base, String alt) {
        blocks.add(new Chart(base, alt));
        return this;
    }

    public Doc bullets(List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Bullets(items));
        }
        return this;
    }

    public Doc code(String text) {
        blocks.add(new Code(text));
        return this;
    }

    /** A table's alignment: columns {@code from} on (of {@code size}) are numeric. */
    public static List<Boolean> numericFrom(int from, int size) {
        List<Boolean> n = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            n.add(i >= from);
        }
        return n;
    }
}
