package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a {@link StudyView} returns: format-free blocks in order that the runner lays out in Markdown and HTML. Built
 * once by its view, then only read; not thread-safe while being built.
 */
public final class View {
    public enum Kind {
        HEADING,
        PARAGRAPH,
        BULLETS,
        TABLE,
        CHART,
        SPECTRA
    }

    /** One block of a {@link Kind}. Immutable. */
    public static final class Block {
        public final Kind kind;
        /** A heading's level (1 = the study's sub-heading); 0 for the others. */
        public final int level;
        /** A heading's or paragraph's text, Markdown inline; empty for a list. */
        public final String text;
        public final List<String> items;
        private final Object data;

        private Block(Kind kind, int level, String text, List<String> items, Object data) {
            this.kind = kind;
            this.level = level;
            this.text = text;
            this.items = Collections.unmodifiableList(new ArrayList<>(items));
            this.data = data;
        }

        public Table table() {
            return kind == Kind.TABLE ? (Table) data : null;
        }

        public Chart chart() {
            return kind == Kind.CHART ? (Chart) data : null;
        }

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
     * The study's answer, shown as one line on the report's first screen and the console; a second answer for the
     * same subject replaces the first.
     *
     * @param subject what the line answers beside the study's name, {@code HandoffTask}; empty for the study itself
     */
    public View answer(String subject, Answer answer) {
        answers.put(subject == null ? "" : subject, java.util.Objects.requireNonNull(answer, "answer"));
        return this;
    }

    /** The study's answers by subject, in the order given. */
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

    /** An empty table adds nothing. */
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
