package dev.latencybench.core.study;

import java.util.List;

import com.google.gson.JsonObject;

/**
 * A study's counters across the forks of a cell, in the launcher: it reads what the study's workload
 * wrote into each {@code fork.json} (messages sent and lost, say), adds them up, writes the sums into
 * the cell's {@code result.json}, and says what they flag. The generic merger knows no counter by
 * name. One instance per cell; not thread-safe.
 */
public interface Accounting {
    /** Adds one fork's counters, read from its {@code fork.json}. */
    void add(JsonObject fork);

    /** Writes the merged counters into the cell's {@code result.json}. */
    void writeTo(JsonObject result);

    /** What the merged counters make suspect, one line each (not failures: those the forks decided). */
    List<String> flags();

    /**
     * How many values the primary metric's histograms must hold across the forks, checked against the
     * interval logs; -1 when the study does not know.
     */
    long expectedSamples();

    /**
     * The bytes the measuring threads allocated per sample over the measured periods, where the study counts them
     * (the one-way studies' producer and consumer); null where it does not. Under about nothing, a GC pause in the
     * tail is the fork's (garbage other threads made), not the measured code's: the tail's clause says so.
     */
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
