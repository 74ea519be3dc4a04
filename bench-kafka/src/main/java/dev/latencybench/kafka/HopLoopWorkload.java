package dev.latencybench.kafka;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.google.gson.JsonObject;

import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.time.Pacer;

/**
 * The chain study's yardstick for one hop ({@code kafka-loop}, {@code chronicle-loop}): a producer thread and a
 * consumer thread over one topic of the same transport, with nothing of the chain harness between them, so set
 * beside a chain's {@code hop-1} it shows the harness's own cost. Records the chain's metrics and tally; the SLO
 * does not fail it. {@link #runPeriod} runs on the benchmark thread.
 */
final class HopLoopWorkload implements Workload {
    /** The variant names: the transport's name and this suffix. */
    static final String SUFFIX = "-loop";
    private static final long QUIET_NS = ChainPeriod.DRAIN_QUIET_NS;

    private final long ratePerSec;
    private final long idleWaitNs;
    private final ChainSlo slo;
    private final String name;
    private final ChainTransport transport;
    private boolean topicCreated;
    private final Metrics metrics;
    private final ChainTally tally = new ChainTally(1);
    private long nextSequence;
    private volatile boolean closed;

    /** @param transport opened for this fork (one topic of it is used); the workload closes it */
    HopLoopWorkload(ChainConfig config, String name, ChainTransport transport) {
        this.ratePerSec = config.ratePerSec;
        this.idleWaitNs = config.idleWaitNs();
        this.slo = config.slo;
        this.name = name;
        this.transport = transport;
        this.metrics = ChainWorkload.metrics(config.services);
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
        if (!topicCreated) {
            try {
                transport.createTopics(1, 1);
                topicCreated = true;
            } catch (Exception e) {
                context.abort("cannot create the topic over " + name + ": " + e);
                return;
            }
        }
        long base = nextSequence;
        nextSequence += messages;
        MetricRecorder latency = context.recorder(ChainWorkload.LATENCY);
        MetricRecorder service = context.recorder(ChainWorkload.SERVICE);
        MetricRecorder hop1 = context.recorder(ChainWorkload.hopMetric(1));
        SequenceTracker tracker = new SequenceTracker(base, messages);
        org.HdrHistogram.AbstractHistogram own = ChainTally.Chain.newChainHistogram();
        long intervalNs = TimeUnit.SECONDS.toNanos(1) / ratePerSec;
        long[] sent = {0};
        long[] lateNs = {0, 0}; // the latest send's lateness, the most
        long[] outOfRange = {0};
        DoneFlag done = new DoneFlag();
        java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);
        Thread consumer = context.newThread("lb-hop-loop-consumer", () -> {
            ChainTransport.Reader in = transport.reader(0, 0);
            ready.countDown();
            long quietSince = 0;
            ChainTransport.Handler r = (sequence, intendedNs, actualNs, counter, handedOverNs) -> {
                long now = System.nanoTime();
                long l = now - intendedNs;
                long s = now - actualNs;
                if (l < 0 || l > LatencyRecorder.HIGHEST_TRACKABLE_NS || s < 0 || s > LatencyRecorder.HIGHEST_TRACKABLE_NS) {
                    outOfRange[0]++;
                } else {
                    latency.record(l, now); // with its end, for the tail's attribution
                    service.record(s);
                    hop1.record(s);
                    own.recordValue(l);
                }
                tracker.onReceive(sequence);
            };
            while (!context.aborted() && !closed && tracker.received() < messages) {
                if (in.poll(r, idleWaitNs) > 0) {
                    quietSince = 0;
                } else if (done.value) {
                    long now = System.nanoTime();
                    if (quietSince == 0) {
                        quietSince = now;
                    } else if (now - quietSince > QUIET_NS) {
                        return; // lost: the tally says how many
                    }
                }
            }
        }, () -> done.value = true);
        Thread producer = context.newThread("lb-hop-loop-producer", () -> {
            try {
                ChainTransport.Writer out = transport.writer(0, 0);
                ready.await();
                long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
                for (long i = 0; i < messages && !context.stopping() && !closed; i++) {
                    long due = start + i * intervalNs;
                    for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                        LockSupport.parkNanos(wait); // sleeps, as the chain's source does
                    }
                    long actual = System.nanoTime();
                    while (!out.send(base + i, due, actual, 0, actual)) {
                        LockSupport.parkNanos(50_000); // full: try again, as the chain's source does
                    }
                    sent[0] = i + 1;
                    lateNs[0] = actual - due;
                    lateNs[1] = Math.max(lateNs[1], lateNs[0]);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                done.value = true;
            }
        }, () -> done.value = true);
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        if (context.measured()) {
            ChainTally t = new ChainTally(1);
            t.periods = 1;
            ChainTally.Chain c = t.chains.get(0);
            c.messages.add(MessageCounts.of(tracker, sent[0], outOfRange[0]));
            c.maxLagNs = lateNs[1];
            c.finalLagNs = lateNs[0];
            c.latency = own;
            t.judge(slo);
            synchronized (this) {
                tally.add(t);
            }
            boolean complete = sent[0] == messages && !context.interrupted();
            // a yardstick's figure beyond the SLO is shown, not failed; lost or late messages still fail it
            t.failures(0, context.durationNs(), complete, slo).stream().filter(r -> !r.startsWith(ChainTally.SLO_BROKEN))
                    .forEach(context::fail);
            context.count("msg.lost", t.merged().lost, "messages");
        }
    }

    @Override
    public String progress() {
        return "";
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonCodec.addMembers(fork, new ChainWorkload.ForkMembers(name, ratePerSec, 0, idleWaitNs,
                String.format(Locale.ROOT, "the plainest loop of one hop over %s: a producer thread and a consumer"
                        + " thread, no chain harness between them", name)));
        tally.writeTo(fork, ratePerSec, slo, 1, null);
        transport.describe(fork);
    }

    @Override
    public void close() {
        closed = true;
        transport.close();
    }

    /** A flag the two threads share. */
    private static final class DoneFlag {
        volatile boolean value;
    }
}
