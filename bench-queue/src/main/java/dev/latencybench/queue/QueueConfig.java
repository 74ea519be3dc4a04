package dev.latencybench.queue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.Scale;
import dev.latencybench.queue.oneway.OneWaySettings;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.view.HowSure;

/**
 * The validated settings of the queue study, as a cell's plan file keeps them: the one-way settings plus the
 * transports and the queue directory.
 */
public final class QueueConfig {
    public static final String TRANSPORTS = "bench.transports";
    public static final String QUEUE_DIR = "bench.queue.dir";

    public static final String CHRONICLE = "chronicle";
    /** The published study's own loop over the same queue, no harness in its hot path: see {@link ReferenceLoop}. */
    public static final String REFERENCE = "reference";
    public static final String BASELINE = "baseline";
    /** Every transport, in the order they run (see {@link QueueTransport}). */
    public static final List<String> ALL_TRANSPORTS = QueueTransport.ids();

    public static final long DEFAULT_RATE = 100_000;
    public static final int DEFAULT_PAYLOAD = 256;
    /** Chronicle's per-document header and index overhead, generously rounded up. */
    static final int QUEUE_OVERHEAD_BYTES = 16;

    /** smoke: seconds, one fork; standard: 10 s warm-up + 30 s; paper: 20 s warm-up + 100 s; 3 forks beyond smoke. */
    public static final RunLength LENGTH = RunLength.of(
            TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(2),
            TimeUnit.SECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30),
            TimeUnit.SECONDS.toNanos(20), TimeUnit.SECONDS.toNanos(100)).forksBeyondSmoke(HowSure.FORKS_FOR_A_RANKING);

    private static final Property TRANSPORTS_PROPERTY = Property.subset(TRANSPORTS, ALL_TRANSPORTS, ALL_TRANSPORTS,
            "transport");
    private static final Property QUEUE_DIR_PROPERTY = Property.folder(QUEUE_DIR, "/dev/shm",
            "folder for the queue files, best on a tmpfs", "create it, or point " + QUEUE_DIR + " at a writable"
                    + " tmpfs folder (a disk-backed folder such as /tmp works, but adds page-cache effects to the"
                    + " numbers)");
    /** Every property {@link #read} reads, declared. */
    public static final List<Property> PROPERTIES = properties();

    private final OneWaySettings settings;
    private final List<String> transports;
    private final Path queueDir;
    /** The queue folder as given, for the free-space error. */
    private final String queueDirGiven;
    /** How many CPUs this process may run on, where it was read. */
    private final int cpusAllowed;

    private QueueConfig(OneWaySettings settings, List<String> transports, Path queueDir, String queueDirGiven,
                        int cpusAllowed) {
        this.settings = settings;
        this.transports = transports;
        this.queueDir = queueDir;
        this.queueDirGiven = queueDirGiven;
        this.cpusAllowed = cpusAllowed;
    }

    private static List<Property> properties() {
        List<Property> all = new ArrayList<>(OneWaySettings.properties(Scale.STANDARD, LENGTH, DEFAULT_RATE,
                DEFAULT_PAYLOAD));
        all.add(TRANSPORTS_PROPERTY);
        all.add(QUEUE_DIR_PROPERTY);
        return Collections.unmodifiableList(all);
    }

    /** @throws ConfigException naming the property, the value and what is allowed */
    public static QueueConfig read(BenchProperties p, CpuTopology topology) {
        OneWaySettings settings = OneWaySettings.read(p, Scale.STANDARD, LENGTH, DEFAULT_RATE, DEFAULT_PAYLOAD,
                topology);
        List<String> transports = p.subset(TRANSPORTS_PROPERTY);
        Path dir = p.writableDirectory(QUEUE_DIR_PROPERTY);
        return new QueueConfig(settings, transports, dir, p.given().getOrDefault(QUEUE_DIR, dir.toString()),
                topology.allowed().cardinality());
    }

    /**
     * Removes the queue folders killed runs left, then checks one fork's queue files fit; returns one line per removal.
     * @throws ConfigException naming {@code bench.queue.dir} when the files do not fit
     */
    public List<String> prepare() {
        if (transports.stream().noneMatch(t -> QueueTransport.of(t).writesQueueFiles)) {
            return List.of();
        }
        List<String> removed = ChronicleQueueTransport.removeStaleFolders(queueDir);
        checkSpace(removed);
        return removed;
    }

    /**
     * The same check changing nothing, counting what {@link #prepare} would remove as free.
     * @throws ConfigException naming {@code bench.queue.dir} when one fork's files cannot fit even then
     */
    public void checkSpaceUpFront() {
        if (transports.stream().anyMatch(t -> QueueTransport.of(t).writesQueueFiles)) {
            checkSpace(ChronicleQueueTransport.staleBytes(queueDir), List.of());
        }
    }

    private void checkSpace(List<String> removed) {
        checkSpace(0, removed);
    }

    /** @param reclaimable bytes of killed runs' queue folders that prepare removes first */
    private void checkSpace(long reclaimable, List<String> removed) {
        OneWaySettings s = settings;
        Path dir = queueDir;
        double seconds = (s.warmupNs() + s.measureNs()) / 1e9;
        long needed = (long) (s.ratePerSec * seconds * (s.payloadBytes + QUEUE_OVERHEAD_BYTES));
        long free;
        try {
            free = Files.getFileStore(dir).getUsableSpace() + reclaimable;
        } catch (IOException e) {
            return; // cannot tell; the queue will say so if it runs out
        }
        if (free < needed) {
            throw ConfigException.invalid(QUEUE_DIR, queueDirGiven,
                    String.format(Locale.ROOT, "%s has %,d MiB free but one fork writes about %,d MiB of queue "
                            + "files; free some space, point %s elsewhere, or shorten the run (bench.duration, "
                            + "bench.rate)%s", dir, free >> 20, needed >> 20, QUEUE_DIR,
                            removed.isEmpty() ? "" : " (" + String.join("; ", removed) + ")"));
        }
    }

    public OneWaySettings settings() {
        return settings;
    }

    public List<String> transports() {
        return transports;
    }

    public Path queueDir() {
        return queueDir;
    }

    /** How many CPUs this process may run on, where the settings were read. */
    int cpusAllowed() {
        return cpusAllowed;
    }
}
