package dev.latencybench.core.study;

import java.util.List;

import com.google.gson.JsonObject;

/** A study's counters across the forks of a cell, summed from each {@code fork.json}. Not thread-safe. */
public interface Accounting {
    /** Adds one fork's counters, read from its {@code fork.json}. */
    void add(JsonObject fork);

    /** Writes the merged counters into the cell's {@code result.json}. */
    void writeTo(JsonObject result);

    /** What the merged counters make suspect, one line each (not failures: those the forks decided). */
    List<String> flags();

    /** How many values the primary metric's histograms must hold across the forks; -1 when not known. */
    long expectedSamples();

    /** The bytes the measuring threads allocated per sample over the measured periods; null where not counted. */
    default Double measuredBytesPerSample() {
        return null;
    }

    /** Counts nothing, flags nothing, expects nothing. */
    static Accounting none() {
        return new Accounting() {
            @Override
            public void add(JsonObject fork) {
            }

            @Override
            public void writeTo(JsonObject result) {
            }

            @Override
            public List<String> flags() {
                return List.of();
            }

            @Override
            public long expectedSamples() {
                return -1;
            }
        };
    }
}
