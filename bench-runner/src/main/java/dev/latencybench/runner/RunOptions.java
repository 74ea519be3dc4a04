package dev.latencybench.runner;

import java.util.List;

/**
 * What {@link NewRunRequest} reads of {@code bench run}'s command line: its options once reconciled with
 * their {@code -Dbench.*} properties, list options joined. Filled in once by the command. Plain data.
 */
final class RunOptions {
    String scenarioList;
    String jvmList;
    String gcList;
    List<String> explicitJvms = List.of();
    List<String> gcArgSpecs = List.of();
    String jvmArgsText;
    String resultsOption;
    /** Where results go without {@code --results}. */
    String defaultResults;
    String runIdOption;
    boolean refreshJvms;
    /** The benchmark JVMs' class path. */
    String classpath;
}
