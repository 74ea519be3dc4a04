package dev.latencybench.core.result;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where results go: {@code <results>/<run-id>/<scenario>/<variant>/<jvm>__<gc>/}, each fork's raw data under
 * {@code forks/<pid>/} until the launcher merges it. Stateless.
 */
public final class ResultLayout {
    public static final String RESULT_JSON = "result.json";
    public static final String ENV_JSON = "env.json";
    /** The JMH result file of older runs, before {@link #jmhJson}. */
    public static final String LEGACY_JMH_JSON = "jmh.json";
    public static final String LATENCY_HLOG = "latency.hlog";
    public static final String FORK_JSON = "fork.json";
    /** A fork's outliers of its primary metric, each with its end time. */
    public static final String OUTLIERS = "outliers.bin";
    /** A fork's platform stalls, as its hiccup probe saw them. */
    public static final String STALLS = "stalls.bin";
    public static final String FORKS_DIR = "forks";
    public static final String HGRM = ".hgrm";

    private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private ResultLayout() {
    }

    /** {@code 20261123T031500Z-myhost}: UTC time and host name. */
    public static String newRunId(ZonedDateTime now, String host) {
        String safeHost = host.replaceAll("[^A-Za-z0-9.-]", "_");
        return RUN_ID_TIME.format(now.withZoneSameInstant(ZoneOffset.UTC)) + "-" + safeHost;
    }

    /** {@code latency.hgrm}: one metric's merged histogram as a percentile distribution, for plotters. */
    public static String hgrm(String metric) {
        return metric + HGRM;
    }

    /** {@code jmh-queue-chronicle.json}: JMH's result of a cell, named so files gathered from cells stay apart. */
    public static String jmhJson(String study, String step) {
        return FileNames.fit("jmh-" + study + "-" + step, ".json");
    }

    public static Path variantDir(Path resultsRoot, String runId, String scenario, String variant) {
        return resultsRoot.resolve(runId).resolve(scenario).resolve(variant);
    }

    /** A cell's folder, named by {@code JvmIdentity.cellName()}. */
    public static Path cellDir(Path resultsRoot, String runId, String scenario, String variant, String cellName) {
        return variantDir(resultsRoot, runId, scenario, variant).resolve(cellName);
    }

    public static Path forkDir(Path cellDir, long pid) {
        return cellDir.resolve(FORKS_DIR).resolve(Long.toString(pid));
    }
}
