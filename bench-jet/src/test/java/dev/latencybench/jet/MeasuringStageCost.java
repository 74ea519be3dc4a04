package dev.latencybench.jet;

import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import com.hazelcast.jet.Job;
import com.hazelcast.jet.Observable;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.map.IMap;

import dev.latencybench.core.config.Units;

/**
 * A manual experiment, not a test: does the suite's measuring stage limit the pipeline? For each
 * {@code RATE:KEYS} argument it runs the job on an embedded member for {@code -Dseconds} (default
 * 20, a 10 s window sliding every 10 ms) twice, with the measuring stage and with its results
 * discarded instead, and prints how far behind its schedule the source ended and the rate it
 * reached. Where both keep up, or both fall behind alike, the stage is not the limit. The measured run
 * merges the stage's partials as the study does and prints what they said: window ends reported,
 * those given up with results missing, results with a wrong count, late results. The measured run
 * goes first ({@code -DdiscardedFirst=true} turns the order round), so in a fresh JVM the first
 * case's measured run also pays for the JIT's warm-up: give the first case twice and read the second.
 * <pre>
 *   java --add-opens ... -cp bench-jet/target/benchmarks.jar:bench-jet/target/test-classes \
 *        dev.latencybench.jet.MeasuringStageCost 100K:10K 100K:10K 400K:1K 200K:10K
 * </pre>
 */
public final class MeasuringStageCost {
    private MeasuringStageCost() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = Long.getLong("seconds", 20);
        long windowNs = TimeUnit.SECONDS.toNanos(Long.getLong("windowSeconds", 10));
        for (String arg : args) {
            String[] rk = arg.split(":");
            long rate = Units.parseCount(rk[0]);
            long keys = Units.parseCount(rk[1]);
            for (boolean measured : Boolean.getBoolean("discardedFirst") ? new boolean[] {false, true}
                    : new boolean[] {true, false}) {
                long[] s = run(rate, keys, measured, windowNs, seconds);
                System.out.printf(Locale.ROOT, "rate %,d keys %,d %-10s source ended %,d ms behind (most %,d ms),"
                        + " emitted %,.0f events/s%s%n", rate, keys, measured ? "measured" : "discarded",
                        s[SourceState.LAG_NS] / 1_000_000, s[SourceState.MAX_LAG_NS] / 1_000_000,
                        s[SourceState.EMITTED] * 1e9 / (s[SourceState.AT_NS] - s[4]), !measured ? ""
                        : String.format(Locale.ROOT, "; window ends %,d (given up %,d), wrong %,d, late %,d",
                                s[5 + WINDOWS], s[5 + GIVEN_UP], s[5 + WRONG], s[5 + LATE]));
            }
        }
    }

    private static final int WINDOWS = 0;
    private static final int GIVEN_UP = 1;
    private static final int WRONG = 2;
    private static final int LATE = 3;

    /** The source's last state, its start time in slot 4, then what the merged timings said. */
    private static long[] run(long rate, long keys, boolean measured, long windowNs, long seconds) throws Exception {
        try (EmbeddedMember member = EmbeddedMember.start(0)) {
            String id = "lb-jet-" + UUID.randomUUID();
            IMap<String, long[]> state = member.instance().getMap(id);
            long start = JobClock.SYSTEM.nowNs() + TimeUnit.MILLISECONDS.toNanos(500);
            EventSchedule schedule = new EventSchedule(start, rate, keys, windowNs, TimeUnit.MILLISECONDS.toNanos(10));
            long[] seen = new long[4];
            Pipeline p;
            if (measured) {
                Observable<long[]> observable = member.instance().getJet().newObservable();
                WindowTimer timer = new WindowTimer(schedule);
                observable.addObserver(partial -> {
                    synchronized (seen) {
                        for (long[] t : timer.accept(partial)) {
                            seen[WINDOWS]++;
                            seen[GIVEN_UP] += 1 - t[WindowTiming.COMPLETE];
                            seen[WRONG] += t[WindowTiming.WRONG];
                            seen[LATE] += t[WindowTiming.LATE];
                        }
                    }
                });
                p = SlidingWindowJob.pipeline(schedule, JobClock.SYSTEM, id, observable.name());
            } else {
                p = SlidingWindowJob.unmeasured(schedule, JobClock.SYSTEM, id);
            }
            Job job = member.instance().getJet().newJob(p, SlidingWindowJob.config(id, new Class<?>[0]));
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            long[] s = state.get(SourceState.KEY);
            job.cancel();
            synchronized (seen) {
                return new long[] {s[0], s[1], s[2], s[3], start, seen[0], seen[1], seen[2], seen[3]};
            }
        }
    }
}
