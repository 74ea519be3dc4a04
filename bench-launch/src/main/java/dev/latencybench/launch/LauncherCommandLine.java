package dev.latencybench.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import picocli.CommandLine;

import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.study.Study;

/** A study launcher's command line: its help and what to say about arguments it does not take. Stateless. */
final class LauncherCommandLine {
    private LauncherCommandLine() {
    }

    /** The launcher's command line, its help naming the study, its options and every property with its default. */
    static CommandLine of(Study study, LaunchArgs launchArgs, PrintStream out, PrintStream err) {
        CommandLine cli = Cli.commandLine(launchArgs, out, err);
        String nl = System.lineSeparator();
        Map<String, CommandLine.IHelpSectionRenderer> sections = cli.getHelpSectionMap();
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER, help -> String.format(Locale.ROOT,
                "latency-bench %s study: %s%n%n", study.name(), study.title()));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS, help -> "java"
                + " [-Dbench.NAME=VALUE ...] -jar " + study.jar() + " [--help] [--version]" + nl
                + "   or, across JVMs and collectors: scripts/bench run --scenarios " + study.name()
                + " [-Dbench.NAME=VALUE ...]" + nl + nl);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "Options:" + nl);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> propertiesHelp(study,
                launchArgs, nl));
        return cli;
    }

    /** The help's last part: every listed property of the study, one a line, with its default. */
    private static String propertiesHelp(Study study, LaunchArgs args, String nl) {
        List<Property> declared = study.properties(args.defaultResults);
        String scale = Scale.STANDARD.id();
        for (Property p : declared) {
            if (p.name.equals(Periods.SCALE)) {
                scale = p.defaultText;
            }
        }
        List<String> others = new ArrayList<>();
        for (Scale s : Scale.values()) {
            if (!s.id().equals(scale)) {
                others.add(s.id());
            }
        }
        return nl + "Properties (counts accept 100K / 1M, durations 500ms / 10s / 2m; the warm-up and duration shown" + nl
                + "are the " + scale + " scale's, " + Periods.SCALE + "=" + String.join(" or ", others)
                + " changes them):" + nl + String.join(nl, Property.helpLines(declared)) + nl;
    }

    /** What was wrong with the arguments, and for one this jar does not take, what to write instead. */
    static String problem(CommandLine.ParameterException e, String[] argv) {
        if (e instanceof CommandLine.UnmatchedArgumentException
                && !((CommandLine.UnmatchedArgumentException) e).getUnmatched().isEmpty()) {
            String arg = ((CommandLine.UnmatchedArgumentException) e).getUnmatched().get(0);
            int at = java.util.Arrays.asList(argv).indexOf(arg);
            return LaunchArgs.unknown(arg, at >= 0 && at + 1 < argv.length ? argv[at + 1] : null);
        }
        return Cli.problem(e);
    }
}
