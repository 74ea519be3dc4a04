package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a {@link StudyView} returns: plain blocks in order (a heading, a paragraph, a list of
 * sentences), free of any format, which the runner lays out in Markdown and HTML. Built once by
 * its view, then only read; not thread-safe while being built.
 */
public final class View {
    /** What a block is. */
    public enum Kind {
        HEADING,
        PARAGRAPH,
        BULLETS
    }

    /** One block: a heading of a level, a paragraph, or a list of items. Immutable. */
    public static final class Block {
        public final Kind kind;
        /** A heading's level under the study's own heading (1 = the study's sub-heading); 0 for the others. */
        public final int level;
        /** A heading's or a paragraph's text (Markdown inline: {@code **bold**}, {@code `code`}); empty for a list. */
        public final String text;
        /** A list's items; empty for the others. */
        public final List<String> items;

        private Block(Kind kind, int level, String text, List<String> items) {
            this.kind = kind;
            this.level = level;
            this.text = text;
            this.items = Collections.unmodifiableList(new ArrayList<>(items));
        }
    }

    private final List<Block> blocks = new ArrayList<>();

    /** A heading one level under the study's own ({@code level} 1), or deeper. */
    public View heading(int level, String text) {
        blocks.add(new Block(Kind.HEADING, level, text, List.of()));
        return this;
    }

    public View paragraph(String text) {
        blocks.add(new Block(Kind.PARAGRAPH, 0, text, List.of()));
        return this;
    }

    /** A list of sentences; an empty list adds nothing. */
    public View bullets(List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Block(Kind.BULLETS, 0, "", items));
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
