package dev.latencybench.queue.oneway;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.time.Pacer;

/**
 * The validated settings of a paced one-way latency run with two pinned threads; scenarios on
 * {@link OneWayWorkload} read these and add their own. Immutable.
 */
public final class OneWaySettings {
    public static final String SCALE = Periods.SCALE;
    public static final String RATE = "bench.rate";
    public static final String PAYLOAD = "bench.payload";
    public static final String WARMUP = Periods.WARMUP;
    public static final String DURATION = Periods.DURATION;
    public static final String FORKS = Periods.FORKS;
    public static final String CPUS = "bench.cpus";
    public static final String PROGRESS = Periods.PROGRESS;

    /** Every message carries its sequence number, intended and actual send time: 3 longs. */
    public static final int STAMP_BYTES = 3 * Long.BYTES;
    public static final long MAX_RATE_PER_SEC = 10_000_000;
    public static final int MAX_PAYLOAD_BYTES = 1 << 20;
    /** Every message of a period has a bit in the receiver's accounting bitmap: 2^32 bits are 512 MiB. */
    public static final long MAX_MESSAGES_PER_PERIOD = 1L << 32;

    /** The roles of the two pinned threads, in the order of {@code bench.cpus}. */
    public static final List<String> CPU_ROLES = List.of("producer", "consumer");

    private static final Property CPUS_PROPERTY = Property.text(CPUS, "auto",
            "CPUs of the producer and consumer threads: auto, none, or two CPU numbers such as 2,4");

    /** Warm-up, duration, forks and progress: what every study shares. */
    public final Periods periods;
    public final long ratePerSec;
    public final int payloadBytes;
    public final CpuPlan cpus;

    OneWaySettings(Periods periods, long ratePerSec, int payloadBytes, CpuPlan cpus) {
        this.periods = periods;
        this.ratePerSec = ratePerSec;
        this.payloadBytes = payloadBytes;
        this.cpus = cpus;
    }

    /** The properties {@link #read} reads with the same arguments, declared (their defaults at {@code defaultScale}). */
    public static List<Property> properties(Scale defaultScale, RunLength length, long defaultRate,
                                            int defaultPayload) {
        List<Property> all = new ArrayList<>(Periods.properties(defaultScale, length));
        all.addAll(List.of(rateProperty(defaultRate), payloadProperty(defaultPayload), CPUS_PROPERTY));
        return Collections.unmodifiableList(all);
    }

    private static Property rateProperty(long defaultRate) {
        return Property.count(RATE, defaultRate, 1, MAX_RATE_PER_SEC, "messages per second");
    }

    private static Property payloadProperty(int defaultPayload) {
        return Property.count(PAYLOAD, defaultPayload, STAMP_BYTES, MAX_PAYLOAD_BYTES,
                "payload bytes per message (at least " + STAMP_BYTES + ": sequence, intended and actual send time)");
    }

    /**
     * Reads and validates the common properties; the defaults apply where a property is not given.
     * @throws ConfigException naming the property, the value and what is allowed
     */
    public static OneWaySettings read(BenchProperties p, Scale defaultScale, RunLength length, long defaultRate,
                                      int defaultPayload, CpuTopology topology) {
        Periods periods = Periods.read(p, defaultScale, length);
        long rate = p.count(rateProperty(defaultRate));
        int payload = (int) p.count(payloadProperty(defaultPayload));
        long warmup = periods.warmupNs;
        long measure = periods.measureNs;
        String cpuText = p.string(CPUS_PROPERTY);
        CpuPlan cpus = CpuPlan.resolve(CPUS, cpuText, Arrays.asList("the producer", "the consumer"), topology);
        long messages = Pacer.messagesIn(rate, measure);
        if (messages < 1) {
            throw ConfigException.invalid(DURATION, p.given().getOrDefault(DURATION, "(default)"),
                    "at " + rate + " messages per second it sends no message; make it longer");
        }
        long longest = Math.max(messages, Pacer.messagesIn(rate, warmup));
        if (longest > MAX_MESSAGES_PER_PERIOD) {
            String which = messages >= longest ? DURATION : WARMUP;
            throw ConfigException.invalid(which, p.given().getOrDefault(which, "(default)"), String.format(
                    Locale.ROOT, "at %,d messages per second that is %,d messages in one period, more than the %,d"
                            + " (a 512 MiB accounting bitmap) one period may have; shorten it or lower %s",
                    rate, longest, MAX_MESSAGES_PER_PERIOD, RATE));
        }
        return new OneWaySettings(periods, rate, payload, cpus);
    }

    public Scale scale() {
        return periods.scale;
    }

    public long warmupNs() {
        return periods.warmupNs;
    }

    public long measureNs() {
        return periods.measureNs;
    }

    public int forks() {
        return periods.forks;
    }

    public long progressIntervalNs() {
        return periods.progressIntervalNs;
    }
}
