package dev.latencybench.core.result;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Where results go: {@code <results>/<run-id>/<scenario>/<variant>/<jvm>__<gc>/}, with each forked
 * JVM's raw data under {@code forks/<pid>/} until the launcher merges it into the cell's
 * {@code result.json}, {@code env.json}, {@code jmh-<study>-<step>.json}, {@code latency.hlog} and a {@code .hgrm} per
 * metric. Stateless.
 */
public final class ResultLayout {
    public static final String RESULT_JSON = "result.json";
    public static final String ENV_JSON = "env.json";
    /** The JMH result file of runs made before it was named by study and step (see {@link #jmhJson}). */
    public static final String LEGACY_JMH_JSON = "jmh.json";
    public static final String LATENCY_HLOG = "latency.hlog";
    public static final String FORK_JSON = "fork.json";
    /** A fork's outliers of its primary metric, each with its end time, beside its {@code latency.hlog}. */
    public static final String OUTLIERS = "outliers.bin";
    /** A fork's platform stalls, as its hiccup probe saw them, beside its {@code outliers.bin}. */
    public static final String STALLS = "stalls.bin";
    public static final String FORKS_DIR = "forks";
    /** The ending of a metric's percentile distribution, e.g. {@code latency.hgrm}: see {@link #hgrm}. */
    public static final String HGRM = ".hgrm";

    private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private ResultLayout() {
    }

    /** {@code 20261123T031500Z-myhost}: UTC time and host name. */
    public static String newRunId(ZonedDateTime now, String host) {
        String safeHost = host.replaceAll("[^A-Za-z0-9.-]", "_");
        return RUN_ID_TIME.format(now.withZoneSameInstant(ZoneOffset.UTC)) + "-" + safeHost;
    }

    /**
     * {@code latency.hgrm}, {@code service.hgrm}: the merged histogram of one metric as HdrHistogram's
     * percentile distribution, which HdrHistogram's plotter and a spreadsheet read.
     */
    public static String hgrm(String metric) {
        return metric + HGRM;
    }

    /**
     * {@code jmh-queue-chronicle.json}: JMH's own JSON result of a cell, named by study and step so that
     * files gathered from several cells stay apart.
     */
    public static String jmhJson(String study, String step) {
        return FileNames.fit("jmh-" + study + "-" + step, ".json");
    }

    public static Path variantDir(Path resultsRoot, String runId, String scenario, String variant) {
        return resultsRoot.resolve(runId).resolve(scenario).resolve(variant);
    }

    /** A cell's folder: {@code cellName} is the JVM's and collector's ({@code JvmIdentity.cellName()}). */
    public static Path cellDir(Path resultsRoot, String runId, String scenario, String variant, String cellName) {
        return variantDir(resultsRoot, runId, scenario, variant).resolve(cellName);
    }

    public static Path forkDir(Path cellDir, long pid) {
        return cellDir.resolve(FORKS_DIR).resolve(Long.toString(pid));
    }
}
