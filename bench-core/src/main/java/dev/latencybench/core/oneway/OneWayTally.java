package dev.latencybench.core.oneway;

import com.google.gson.JsonObject;

/**
 * The counters of measured periods that add up across periods and forks: messages (sent,
 * received, lost, duplicated, out of order, unexpected, out of histogram range), pacing (worst
 * lag, late sends, lowest achieved rate) and the bytes the two threads allocated. One shape for
 * {@code fork.json} and {@code result.json}, written and read here only.
 *
 * <p>Not thread-safe; off the hot path (filled once per period).
 */
public final class OneWayTally {
    long periods;
    long sent;
    long received;
    long lost;
    long duplicated;
    long outOfOrder;
    long unexpected;
    long outOfRange;
    long maxLagNs;
    long lateSends;
    double minAchievedRatePerSec = Double.MAX_VALUE;
    long producerBytes;
    long consumerBytes;

    /** Adds another tally (a period's, or a fork's) to this one. */
    public OneWayTally add(OneWayTally o) {
        periods += o.periods;
        sent += o.sent;
        received += o.received;
        lost += o.lost;
        duplicated += o.duplicated;
        outOfOrder += o.outOfOrder;
        unexpected += o.unexpected;
        outOfRange += o.outOfRange;
        maxLagNs = Math.max(maxLagNs, o.maxLagNs);
        lateSends += o.lateSends;
        minAchievedRatePerSec = Math.min(minAchievedRatePerSec, o.minAchievedRatePerSec);
        producerBytes += o.producerBytes;
        consumerBytes += o.consumerBytes;
        return this;
    }

    public long periods() {
        return periods;
    }

    public long sent() {
        return sent;
    }

    /**
     * Writes the counters at the top level of {@code o}, and {@code pacing} and {@code allocation}
     * objects; {@code askedRatePerSec} is recorded beside the achieved rate.
     */
    public void writeTo(JsonObject o, long askedRatePerSec) {
        o.addProperty("measuredPeriods", periods);
        o.addProperty("sent", sent);
        o.addProperty("received", received);
        o.addProperty("lost", lost);
        o.addProperty("duplicated", duplicated);
        o.addProperty("outOfOrder", outOfOrder);
        o.addProperty("unexpected", unexpected);
        o.addProperty("outOfRange", outOfRange);
        JsonObject pacing = new JsonObject();
        pacing.addProperty("askedRatePerSec", askedRatePerSec);
        pacing.addProperty("achievedRatePerSec", periods == 0 ? 0 : minAchievedRatePerSec);
        pacing.addProperty("maxLagNs", maxLagNs);
        pacing.addProperty("lateSends", lateSends);
        o.add("pacing", pacing);
        JsonObject alloc = new JsonObject();
        alloc.addProperty("producerBytes", producerBytes);
        alloc.addProperty("consumerBytes", consumerBytes);
        alloc.addProperty("bytesPerMessage", sent == 0 ? 0 : (double) (producerBytes + consumerBytes) / sent);
        alloc.addProperty("scope", "producer and consumer threads over the measured periods");
        o.add("allocation", alloc);
    }

    /** Reads what {@link #writeTo} wrote. */
    public static OneWayTally readFrom(JsonObject o) {
        OneWayTally t = new OneWayTally();
        t.periods = o.get("measuredPeriods").getAsLong();
        t.sent = o.get("sent").getAsLong();
        t.received = o.get("received").getAsLong();
        t.lost = o.get("lost").getAsLong();
        t.duplicated = o.get("duplicated").getAsLong();
        t.outOfOrder = o.get("outOfOrder").getAsLong();
        t.unexpected = o.get("unexpected").getAsLong();
        t.outOfRange = o.get("outOfRange").getAsLong();
        JsonObject pacing = o.getAsJsonObject("pacing");
        t.maxLagNs = pacing.get("maxLagNs").getAsLong();
        t.lateSends = pacing.get("lateSends").getAsLong();
        if (t.periods > 0) {
            t.minAchievedRatePerSec = pacing.get("achievedRatePerSec").getAsDouble();
        }
        JsonObject alloc = o.getAsJsonObject("allocation");
        t.producerBytes = alloc.get("producerBytes").getAsLong();
        t.consumerBytes = alloc.get("consumerBytes").getAsLong();
        return t;
    }
}
