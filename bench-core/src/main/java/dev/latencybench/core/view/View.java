package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a {@link StudyView} returns: plain blocks in order (a heading, a paragraph, a list of
 * sentences, a table, a chart, percentile spectra), free of any format, which the runner lays out in
 * Markdown and HTML and draws. Built once by
 * its view, then only read; not thread-safe while being built.
 */
public final class View {
    /** What a block is. */
    public enum Kind {
        HEADING,
        PARAGRAPH,
        BULLETS,
        TABLE,
        CHART,
        SPECTRA
    }

    /** One block: a heading of a level, a paragraph, a list of items, a table, a chart or spectra. Immutable. */
    public static final class Block {
        public final Kind kind;
        /** A heading's level under the study's own heading (1 = the study's sub-heading); 0 for the others. */
        public final int level;
        /** A heading's or a paragraph's text (Markdown inline: {@code **bold**}, {@code `code`}); empty for a list. */
        public final String text;
        /** A list's items; empty for the others. */
        public final List<String> items;
        private final Object data;

        private Block(Kind kind, int level, String text, List<String> items, Object data) {
            this.kind = kind;
            this.level = level;
            this.text = text;
            this.items = Collections.unmodifiableList(new ArrayList<>(items));
            this.data = data;
        }

        /** A {@link Kind#TABLE} block's table; null for the others. */
        public Table table() {
            return kind == Kind.TABLE ? (Table) data : null;
        }

        /** A {@link Kind#CHART} block's chart; null for the others. */
        public Chart chart() {
            return kind == Kind.CHART ? (Chart) data : null;
        }

        /** A {@link Kind#SPECTRA} block's spectra; null for the others. */
        public Spectra spectra() {
            return kind == Kind.SPECTRA ? (Spectra) data : null;
        }
    }

    private final List<Block> blocks = new ArrayList<>();

    /** A heading one level under the study's own ({@code level} 1), or deeper. */
    public View heading(int level, String text) {
        blocks.add(new Block(Kind.HEADING, level, text, List.of(), null));
        return this;
    }

    private final java.util.Map<String, Answer> answers = new java.util.LinkedHashMap<>();

    /**
     * The study's answer as data, shown as one line on the report's first screen, above every study's section, and
     * on the console ({@link Answer#line}). A study answers once; a study with several subjects (a user's tasks)
     * once per subject. A second answer for the same subject replaces the first.
     *
     * @param subject what the line answers beside the study's name, {@code HandoffTask}; empty for the study itself
     */
    public View answer(String subject, Answer answer) {
        answers.put(subject == null ? "" : subject, java.util.Objects.requireNonNull(answer, "answer"));
        return this;
    }

    /** The study's answers by subject, in the order given; empty when it gives none. */
    public java.util.Map<String, Answer> answers() {
        return java.util.Collections.unmodifiableMap(answers);
    }

    public View paragraph(String text) {
        blocks.add(new Block(Kind.PARAGRAPH, 0, text, List.of(), null));
        return this;
    }

    /** A list of sentences; an empty list adds nothing. */
    public View bullets(List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Block(Kind.BULLETS, 0, "", items, null));
        }
        return this;
    }

    /** A table; an empty one adds nothing. */
    public View table(Table table) {
        if (!table.isEmpty()) {
            blocks.add(new Block(Kind.TABLE, 0, "", List.of(), table));
        }
        return this;
    }

    public View chart(Chart chart) {
        blocks.add(new Block(Kind.CHART, 0, chart.title, List.of(), chart));
        return this;
    }

    /** Percentile spectra; empty ones add nothing. */
    public View spectra(Spectra spectra) {
        if (!spectra.isEmpty()) {
            blocks.add(new Block(Kind.SPECTRA, 0, spectra.title, List.of(), spectra));
        }
        return this;
    }

    public List<Block> blocks() {
        return Collections.unmodifiableList(blocks);
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }
}
