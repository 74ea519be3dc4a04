package dev.latencybench.jet;

import com.google.gson.JsonObject;
import com.hazelcast.core.HazelcastInstance;

/**
 * Where the job runs: an embedded member, so the collector under test runs the pipeline, or an existing cluster
 * through a client. Closing it shuts the member down or disconnects.
 */
interface JetCluster extends AutoCloseable {
    /** The member or client to submit the job through. */
    HazelcastInstance instance();

    /** True for an embedded member: the heap, CPU and GC figures are then the pipeline's. */
    boolean embedded();

    /** What it is, for {@code fork.json}. */
    JsonObject describe();

    /** Java classes the job needs that the cluster may not have; none for an embedded member. */
    Class<?>[] jobClasses();

    @Override
    void close();
}
