package dev.latencybench.core.passthrough;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.run.Accounting;
import dev.latencybench.core.time.Pacer;

/**
 * Stamped messages forwarded through N in-memory hops: a chain of services with no transport cost,
 * the floor a chain study measures its transports against, and the smallest workload of a shape
 * other than one-way (see {@code docs/adding-a-study.md}).
 *
 * <pre>
 *   [lb-source] Pacer -> ring 0 -> [lb-hop-1] +1 -> ring 1 -> ... -> [lb-hop-N] +1 -> ring N -> [lb-sink]
 *   stamps: sequence, intended and      records hop-k: pick-up minus          records latency (from intended),
 *   actual send time, counter 0         the previous stage's hand-over        service (from actual); checks
 *                                                                             counter == N and the sequence
 * </pre>
 *
 * <p>Each period sends {@code rate x duration} messages on a fixed schedule. A ring is a bounded
 * single-producer single-consumer array of preallocated slots ({@link Ring}), so once warm no message
 * allocates anything. Metrics, each recorded by one thread: {@code latency} (primary), {@code service}
 * and {@code hop-1} ... {@code hop-N}. The hop metrics are the waits between stages; the last one,
 * from hop N to the sink, is in {@code latency} only. The sink accounts for every sequence number and
 * checks that the counter went up by exactly N; a measured period with messages lost, duplicated, out
 * of order or miscounted fails. Idle stages spin briefly, then park ({@link BackOff}): N + 2 threads
 * must not take every CPU of a small machine. It pins nothing.
 *
 * <p>Threading: {@link #runPeriod} is called by the session's benchmark thread, which starts the stage
 * threads and waits for them; {@link #progress} by the session's monitor; {@link #describe} and
 * {@link #close} by the session, possibly from a shutdown hook. Hot path (the stage loops): no
 * allocation, locks, logging or formatting.
 */
public final class PassThroughWorkload implements Workload {
    public static final String LATENCY = "latency";
    public static final String SERVICE = "service";
    /** Up to 32 hops: 34 threads, more than any chain the suite runs on one machine. */
    public static final int MAX_HOPS = 32;
    /** Messages a ring holds: a stage may fall this far behind (e.g. 10 ms at 100,000 msg/s) before its writer waits. */
    static final int RING_CAPACITY = 1024;
    /** How long {@link #close} waits for stage threads still running. */
    static final long CLOSE_WAIT_MS = 5_000;

    private final long ratePerSec;
    private final int hops;
    private final Forwarding forwarding;
    private final Metrics metrics;
    private final Ring[] rings;
    private final PassThroughTally tally = new PassThroughTally();
    private long nextSequence;
    private volatile PassThroughPeriod current;
    private volatile boolean closed;

    /**
     * @param ratePerSec messages the source sends per second, 1 to 10^9
     * @param hops       in-memory hops between the source and the sink, 1 to {@link #MAX_HOPS}
     */
    public PassThroughWorkload(long ratePerSec, int hops) {
        this(ratePerSec, hops, Forwarding.ADD_ONE);
    }

    /** With another hop behaviour: tests break a hop here. */
    PassThroughWorkload(long ratePerSec, int hops, Forwarding forwarding) {
        if (ratePerSec < 1 || ratePerSec > 1_000_000_000L) {
            throw new IllegalArgumentException("ratePerSec must be from 1 to 10^9: " + ratePerSec);
        }
        if (hops < 1 || hops > MAX_HOPS) {
            throw new IllegalArgumentException("hops must be from 1 to " + MAX_HOPS + ": " + hops);
        }
        this.ratePerSec = ratePerSec;
        this.hops = hops;
        this.forwarding = forwarding;
        this.metrics = metrics(hops);
        this.rings = new Ring[hops + 1];
        for (int i = 0; i < rings.length; i++) {
            rings[i] = new Ring(RING_CAPACITY);
        }
    }

    /** The metrics of a pass-through of {@code hops} hops, for the study's plan as for the fork. */
    public static Metrics metrics(int hops) {
        List<Metric> all = new ArrayList<>();
        all.add(Metric.nanos(LATENCY, "end-to-end latency from the intended send time (free of coordinated"
                + " omission)"));
        all.add(Metric.nanos(SERVICE, "end-to-end time from the actual send time"));
        for (int k = 1; k <= hops; k++) {
            all.add(Metric.nanos(hopMetric(k), "hop " + k + ": from the previous stage's hand-over to this hop's"
                    + " pick-up"));
        }
        return new Metrics(all);
    }

    /** {@code hop-k}: the name of hop {@code k}'s metric, from 1. */
    public static String hopMetric(int k) {
        return "hop-" + k;
    }

    /**
     * The launcher's accounting of a pass-through cell: every fork's counters added up, written into
     * {@code result.json} with the asked rate, and how many latencies its histograms must hold.
     */
    public static Accounting accounting(long askedRatePerSec) {
        return PassThroughTally.accounting(askedRatePerSec);
    }

    @Override
    public Metrics metrics() {
        return metrics;
    }

    @Override
    public void runPeriod(PeriodContext context) throws InterruptedException {
        long messages = Pacer.messagesIn(ratePerSec, context.durationNs());
        if (messages == 0 || closed) {
            return;
        }
        for (Ring r : rings) {
            r.clear(); // the last period's stages have all ended; an aborted one may have left messages
        }
        PassThroughPeriod period = new PassThroughPeriod(context, ratePerSec, hops, rings, forwarding, messages,
                nextSequence);
        nextSequence += messages;
        current = period;
        if (closed) {
            period.abort = true; // closed between the check above and now: its stages end at once
        }
        try {
            period.run();
        } finally {
            current = null;
            if (context.measured()) {
                account(context, period);
            }
        }
    }


    /** Adds a measured period to the fork's tally and fails the period for what its counts show. */
    private void account(PeriodContext context, PassThroughPeriod period) {
        PassThroughTally t = period.tally();
        synchronized (this) {
            tally.add(t);
        }
        boolean complete = t.messages.sent == period.messages && !context.interrupted();
        if (t.messages.sent < period.messages && !context.interrupted() && !context.failed()) {
            context.fail(String.format(Locale.ROOT, "the period was cut short: %,d of %,d messages sent", t.messages.sent,
                    period.messages));
        }
        t.failures(hops, context.durationNs(), complete).forEach(context::fail);
        context.count("msg.lost", t.messages.lost, "messages");
    }

    @Override
    public String progress() {
        PassThroughPeriod p = current;
        return p == null ? "" : String.format(Locale.ROOT, "sent %,d  received %,d ", p.sent(), p.received());
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        fork.addProperty("ratePerSec", ratePerSec);
        fork.addProperty("hops", hops);
        tally.writeTo(fork, ratePerSec);
    }

    /** Stops the stage threads of a period still running (a shutdown hook's close) and waits for them. */
    @Override
    public void close() {
        closed = true;
        PassThroughPeriod p = current;
        if (p == null) {
            return;
        }
        try {
            p.abortAndJoin(CLOSE_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
