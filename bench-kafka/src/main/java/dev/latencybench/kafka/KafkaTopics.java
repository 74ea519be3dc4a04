package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * The topics of one run, each of one partition and one replica, named with a prefix unique to the run so a shared
 * cluster's other topics stay untouched. Not thread-safe: one owner creates and deletes. Not for hot paths.
 */
public final class KafkaTopics implements AutoCloseable {
    /** Topic operations that take longer than this fail with the reason. */
    public static final int DEFAULT_TIMEOUT_MS = 15_000;

    private final KafkaCluster cluster;
    private final String bootstrapServers;
    private final String prefix;
    private final int timeoutMs;
    private final Admin admin;
    private final List<String> created = new ArrayList<>();

    public KafkaTopics(KafkaCluster cluster, String prefix, int timeoutMs) {
        if (!prefix.matches("[A-Za-z0-9._-]{1,200}")) {
            throw new IllegalArgumentException("a topic prefix of letters, digits, '.', '_' and '-', at most 200: "
                    + prefix);
        }
        this.cluster = cluster;
        this.bootstrapServers = cluster.bootstrapServers();
        this.prefix = prefix;
        this.timeoutMs = timeoutMs;
        this.admin = ClusterProbe.admin(bootstrapServers, timeoutMs, "lb-topics-" + prefix);
    }

    /** {@code lb-<pid>-<6 hex digits>-}: unique per run, and says which process made the topics. */
    public static String newRunPrefix() {
        return String.format(Locale.ROOT, "lb-%d-%06x-", ProcessHandle.current().pid(),
                ThreadLocalRandom.current().nextInt(1 << 24));
    }

    /** The name of topic {@code index} of chain {@code chain}. */
    public String topicName(int chain, int index) {
        return prefix + "c" + chain + "-t" + index;
    }

    /**
     * Creates the {@code topicCount} topics of each chain not made yet, and waits until the cluster has them.
     * @return the names, chain by chain, topic by topic
     * @throws IllegalStateException with the reason when the cluster does not create them in time
     */
    public List<List<String>> createChains(int chains, int topicCount) {
        List<List<String>> names = new ArrayList<>();
        List<NewTopic> toCreate = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            List<String> chain = new ArrayList<>();
            for (int t = 0; t < topicCount; t++) {
                String name = topicName(c, t);
                chain.add(name);
                if (!created.contains(name)) {
                    toCreate.add(new NewTopic(name, 1, (short) 1));
                }
            }
            names.add(Collections.unmodifiableList(chain));
        }
        if (!toCreate.isEmpty()) {
            try {
                admin.createTopics(toCreate).all().get(timeoutMs, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("cannot create " + toCreate.size() + " topics (" + toCreate.get(0).name()
                        + " …) at " + bootstrapServers + " within " + timeoutMs + " ms: "
                        + (e.getCause() != null ? e.getCause() : e), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while creating topics at " + bootstrapServers, e);
            } finally {
                // also on failure: those the cluster did make are deleted with the rest
                toCreate.forEach(t -> created.add(t.name()));
            }
        }
        return names;
    }

    /** The topics made so far and not yet deleted. */
    public List<String> created() {
        return Collections.unmodifiableList(created);
    }

    /**
     * Deletes every topic this object made.
     * @return null when done, otherwise why not (for the console: a run's end does not fail on it)
     */
    public String deleteAll() {
        if (created.isEmpty()) {
            return null;
        }
        List<String> names = new ArrayList<>(created);
        String gone = cluster.failure();
        if (gone != null) {
            created.clear(); // nobody to ask: waiting out the timeout would only delay the end
            return "the run's " + names.size() + " topics were not deleted: " + gone.split("; last lines", 2)[0];
        }
        try {
            admin.deleteTopics(names).all().get(timeoutMs, TimeUnit.MILLISECONDS);
            created.clear();
            return null;
        } catch (ExecutionException e) {
            created.clear(); // an unknown topic was never made; the others are gone
            if (e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException) {
                return null;
            }
            return reason(names, e.getCause());
        } catch (TimeoutException e) {
            return reason(names, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return reason(names, e);
        }
    }

    private String reason(List<String> names, Throwable cause) {
        return "cannot delete the run's " + names.size() + " topics at " + bootstrapServers + " (" + names.stream()
                .limit(3).collect(Collectors.joining(", ")) + (names.size() > 3 ? ", …" : "") + "): " + cause;
    }

    /** Deletes the run's topics (printing why not, when it cannot) and closes the admin client. */
    @Override
    public void close() {
        try {
            String why = deleteAll();
            if (why != null) {
                System.err.println("latency-bench: " + why);
            }
        } finally {
            ClusterProbe.closeQuietly(admin);
        }
    }
}
