package dev.latencybench.queue.oneway;

import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.time.Pacer;

/**
 * Paced one-way latency between two pinned threads over a {@link MessageTransport}: {@code latency} from the
 * intended send time, {@code service} from the actual one, every sequence number accounted for. {@link #runPeriod}
 * runs on the benchmark thread, {@link #progress} on the monitor; the hot loops allocate, lock and log nothing.
 */
public final class OneWayWorkload implements Workload {
    /** How long the consumer waits for stragglers after the producer's last message. */
    static final long DRAIN_TIMEOUT_NS = 5_000_000_000L;
    /** How long one side of a CPU pair probe waits for the other to turn up. */
    static final long PROBE_TIMEOUT_NS = 5_000_000_000L;

    private final OneWaySettings settings;
    private final MessageTransport transport;
    /** The transport's own hot loops, when it brings them (see {@link DirectLoop}); else null. */
    private final DirectLoop direct;
    private final OneWayTally tally = new OneWayTally();
    private long nextSequence;
    private volatile OneWayPeriod current;
    /** Set when a period's error left the transport unable to carry another (its file system full). */
    private boolean broken;

    public OneWayWorkload(OneWaySettings settings, MessageTransport transport) {
        this.settings = settings;
        this.transport = transport;
        this.direct = transport instanceof DirectLoop ? (DirectLoop) transport : null;
    }

    @Override
    public Metrics metrics() {
        return Metrics.ONE_WAY;
    }

    @Override
    public List<String> cpuRoles() {
        return OneWaySettings.CPU_ROLES;
    }

    @Override
    public void runPeriod(PeriodContext context) throws InterruptedException {
        long messages = Pacer.messagesIn(settings.ratePerSec, context.durationNs());
        if (messages == 0 || broken) { // a broken transport's reason is already the fork's
            return;
        }
        OneWayPeriod period = new OneWayPeriod(context, settings, transport, direct, messages, nextSequence);
        nextSequence += messages;
        current = period;
        try {
            period.run();
        } finally {
            broken |= period.brokeTransport();
            current = period.finished() ? null : period;
            if (context.measured()) {
                account(context, period);
            }
        }
    }

    /** Adds a measured period to the fork's tally and fails the fork for what its counts show. */
    private void account(PeriodContext context, OneWayPeriod period) {
        OneWayTally t = period.tally();
        synchronized (this) {
            tally.add(t);
        }
        boolean complete = t.messages.sent == period.messages && !context.interrupted();
        String rateLost = period.rateLost(t.messages.sent);
        if (rateLost != null && !context.interrupted()) {
            context.fail(rateLost);
        } else if (t.messages.sent < period.messages && !context.interrupted() && !context.failed()) {
            context.fail(String.format(Locale.ROOT, "the period was cut short: %,d of %,d messages sent", t.messages.sent,
                    period.messages));
        }
        t.failures(settings.ratePerSec, context.durationNs(), complete).forEach(context::fail);
        context.count("msg.lost", t.messages.lost, "messages");
    }

    @Override
    public String progress() {
        OneWayPeriod p = current;
        if (p == null) {
            return "";
        }
        return direct != null ? "(its own loops: counts and percentiles at the end)"
                : String.format(Locale.ROOT, "sent %,d  received %,d ", p.sent(), p.received());
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonCodec.addMembers(fork, new OneWayMembers(settings.ratePerSec, transport.payloadBytes()));
        tally.writeTo(fork, settings.ratePerSec);
    }

    @Override
    public void close() {
        transport.close();
    }
}
