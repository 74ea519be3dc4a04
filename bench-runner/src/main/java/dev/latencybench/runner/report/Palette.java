package dev.latencybench.runner.report;

/**
 * The series colours: Okabe and Ito's eight colours, which stay distinct under the common colour-vision deficiencies,
 * ordered so that the first ones are the most distinct on white (yellow, the faintest, comes last). Slot {@code s}
 * is colour {@code s % 8}; a chart tells lines of the same colour apart by dashes.
 *
 * <p>Kept free of AWT classes on purpose: loading {@code java.awt.Color} decides headless mode, and {@link Charts}
 * must set that first.
 */
final class Palette {
    /** Slot meaning "the series' position in the chart's list". */
    static final int BY_POSITION = -1;

    /** 0xRRGGBB: blue, orange, bluish green, vermillion, sky blue, reddish purple, black, yellow. */
    private static final int[] RGB = {0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0x56B4E9, 0xCC79A7, 0x000000, 0xF0E442};

    static final int COLOURS = RGB.length;

    private Palette() {
    }

    static int requireSlot(int slot) {
        if (slot < 0) {
            throw new IllegalArgumentException("palette slot is " + slot + "; slots are 0, 1, 2, ...");
        }
        return slot;
    }

    /** The slot a series is drawn in: its own, else its position. */
    static int slotOf(int ownSlot, int position) {
        return ownSlot == BY_POSITION ? position : ownSlot;
    }

    /** 0xRRGGBB of slot {@code slot}. */
    static int rgb(int slot) {
        return RGB[slot % COLOURS];
    }
}
