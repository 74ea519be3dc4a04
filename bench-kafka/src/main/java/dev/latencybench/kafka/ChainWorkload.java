package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.time.Pacer;

/**
 * N chains of services over one {@link ChainTransport}, all at once, for one step of the chain study; every stage is
 * its own thread. Sources and idle readers sleep rather than spin, as a thousand chains must not spin a thousand
 * cores.
 *
 * <p>Threading: {@link #runPeriod} on the benchmark thread; {@link #progress} on its monitor; {@link #describe} and
 * {@link #close} from the session, maybe from a shutdown hook. The stage loops add no allocation, locks or logging.
 */
public final class ChainWorkload implements Workload {
    public static final String LATENCY = "latency";
    public static final String SERVICE = "service";
    /** How long {@link #close} waits for stage threads still running. */
    static final long CLOSE_WAIT_MS = 5_000;

    final long ratePerSec;
    final int services;
    final int instances;
    final long idleWaitNs;
    final ChainSlo slo;
    final ChainTransport transport;
    final ServiceStep step;
    final String transportName;
    /** How long a period's stages have to be ready ({@link ChainPeriod#START_BOUND_NS}; tests shorten it). */
    long startBoundNs = ChainPeriod.START_BOUND_NS;
    private final Metrics metrics;
    private final ChainTally tally;
    private boolean topicsCreated;
    private long nextSequence;
    private volatile ChainPeriod current;
    private volatile boolean closed;

    /** @param transport opened for this fork; the workload closes it */
    public ChainWorkload(ChainConfig config, int instances, String transportName, ChainTransport transport) {
        this(config.ratePerSec, config.services, instances, config.idleWaitNs(), config.slo, transportName,
                transport, ServiceStep.ADD_ONE);
    }

    /** With another service behaviour: tests break a service here. */
    ChainWorkload(long ratePerSec, int services, int instances, long idleWaitNs, ChainSlo slo, String transportName,
                  ChainTransport transport, ServiceStep step) {
        if (ratePerSec < 1 || ratePerSec > 1_000_000) {
            throw new IllegalArgumentException("ratePerSec must be from 1 to 1,000,000: " + ratePerSec);
        }
        if (services < 0 || services > ChainConfig.MAX_SERVICES) {
            throw new IllegalArgumentException("services must be from 0 to " + ChainConfig.MAX_SERVICES + ": "
                    + services);
        }
        if (instances < 1 || instances > ChainConfig.MAX_INSTANCES) {
            throw new IllegalArgumentException("instances must be from 1 to " + ChainConfig.MAX_INSTANCES + ": "
                    + instances);
        }
        this.ratePerSec = ratePerSec;
        this.services = services;
        this.instances = instances;
        this.idleWaitNs = idleWaitNs;
        this.slo = slo;
        this.transportName = transportName;
        this.transport = transport;
        this.step = step;
        this.metrics = metrics(services);
        this.tally = new ChainTally(instances);
    }

    /** The metrics of a chain of {@code services} services, for the study's plan as for the fork. */
    public static Metrics metrics(int services) {
        List<Metric> all = new ArrayList<>();
        all.add(new Metric(LATENCY, "end-to-end latency from the intended send time (free of coordinated omission),"
                + " every chain", "ns", Metric.Writers.MANY));
        all.add(new Metric(SERVICE, "end-to-end time from the actual send time, every chain", "ns",
                Metric.Writers.MANY));
        for (int k = 1; k <= services + 1; k++) {
            all.add(new Metric(hopMetric(k), "topic " + (k - 1) + ": from its writer's hand-over to "
                    + (k == services + 1 ? "the sink's" : "service " + k + "'s") + " pick-up", "ns",
                    Metric.Writers.MANY));
        }
        return new Metrics(all);
    }

    /** {@code hop-k}: topic {@code k - 1}'s metric, from 1. */
    public static String hopMetric(int k) {
        return "hop-" + k;
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
        if (!topicsCreated) {
            try {
                transport.createTopics(instances, services + 1);
                topicsCreated = true;
            } catch (Exception | OutOfMemoryError e) {
                context.abort(String.format(Locale.ROOT, "cannot create the %,d topics of %,d chains over %s: %s",
                        (long) instances * (services + 1), instances, transportName, transport.explain(e)));
                return;
            }
        }
        ChainPeriod period = new ChainPeriod(context, this, messages, nextSequence);
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
    private void account(PeriodContext context, ChainPeriod period) {
        ChainTally t = period.tally();
        t.judge(slo);
        synchronized (this) {
            tally.add(t);
        }
        long sent = t.merged().sent;
        long expected = period.messages * instances;
        boolean complete = sent == expected && !context.interrupted() && period.started();
        if (sent < expected && period.started() && !context.interrupted() && !context.failed()) {
            context.fail(String.format(Locale.ROOT, "the period was cut short: %,d of %,d messages sent", sent,
                    expected));
        }
        t.failures(services, context.durationNs(), complete, slo).forEach(context::fail);
        context.count("msg.lost", t.merged().lost, "messages");
    }

    @Override
    public String progress() {
        ChainPeriod p = current;
        return p == null ? "" : String.format(Locale.ROOT, "%,d chains  sent %,d  received %,d ", instances,
                p.sent(), p.received());
    }

    /** What a chain's fork.json records of its workload, in the order written; {@code loop} only for a hop loop. */
    @SuppressWarnings("unused") // read by JsonCodec
    static final class ForkMembers {
        final String transport;
        final long ratePerSec;
        final int services;
        final long idleWaitNs;
        final String loop;

        ForkMembers(String transport, long ratePerSec, int services, long idleWaitNs, String loop) {
            this.transport = transport;
            this.ratePerSec = ratePerSec;
            this.services = services;
            this.idleWaitNs = idleWaitNs;
            this.loop = loop;
        }
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonCodec.addMembers(fork, new ForkMembers(transportName, ratePerSec, services, idleWaitNs, null));
        tally.writeTo(fork, ratePerSec, slo, instances, null);
        transport.describe(fork);
    }

    /** Stops the stage threads of a period still running and waits for them, then closes the transport. */
    @Override
    public void close() {
        closed = true;
        ChainPeriod p = current;
        try {
            if (p != null) {
                p.abortAndJoin(CLOSE_WAIT_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            transport.close();
        }
    }
}
