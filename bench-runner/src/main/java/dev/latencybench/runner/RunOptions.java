package dev.latencybench.runner;

import java.util.List;

/** {@code bench run}'s options once reconciled with their {@code -Dbench.*} properties, list options joined. */
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
