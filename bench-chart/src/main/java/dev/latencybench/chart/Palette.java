package dev.latencybench.chart;

/**
 * The series colours: Okabe and Ito's eight, which stay distinct under the common colour-vision deficiencies, the most
 * distinct on white first. Light ones are darkened to a contrast of {@value #MIN_CONTRAST_ON_WHITE}:1 on white (WCAG's
 * figure for graphics), so no line fades into the page. Slot {@code s} is colour {@code s % 8}.
 */
public final class Palette {
    /** Slot meaning "the series' position in the chart's list". */
    static final int BY_POSITION = -1;

    /** The lowest contrast ratio of a colour against white. */
    static final double MIN_CONTRAST_ON_WHITE = 3.0;

    /** 0xRRGGBB: blue, orange, bluish green, vermillion, sky blue, reddish purple, black, yellow (olive). */
    private static final int[] RGB = {0x0072B2, 0xC17F00, 0x009E73, 0xD55E00, 0x3391CC, 0xCC79A7, 0x000000, 0x9A8800};

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

    /** WCAG 2's contrast ratio of 0xRRGGBB against white, from 1 (white) to 21 (black). */
    static double contrastOnWhite(int rgb) {
        double luminance = 0.2126 * linear(rgb >> 16) + 0.7152 * linear(rgb >> 8) + 0.0722 * linear(rgb);
        return 1.05 / (luminance + 0.05);
    }

    private static double linear(int channel) {
        double c = (channel & 0xFF) / 255.0;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    /** {@code #rrggbb} of slot {@code slot}. */
    static String hex(int slot) {
        return String.format("#%06x", rgb(slot));
    }

    /** 0xRRGGBB of slot {@code slot}. */
    static int rgb(int slot) {
        return RGB[slot % COLOURS];
    }
}
