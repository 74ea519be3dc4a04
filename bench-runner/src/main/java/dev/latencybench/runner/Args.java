package dev.latencybench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.runner.cli.UsageException;

/**
 * The command line of one command: {@code --name value} options (some repeatable), {@code --flag}
 * switches, {@code -Dbench.NAME=VALUE} properties and positional arguments. Anything not declared
 * is a {@link UsageException} that names it and points at {@code --help}.
 */
final class Args {
    final Map<String, List<String>> options = new LinkedHashMap<>();
    final List<String> switches = new ArrayList<>();
    final Map<String, String> properties = new LinkedHashMap<>();
    final List<String> positional = new ArrayList<>();

    static Args parse(String command, String[] args, List<String> valued, List<String> flags) {
        Args a = new Args();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.startsWith("-D")) {
                int eq = arg.indexOf('=');
                if (eq < 0 || !arg.startsWith("-Dbench.")) {
                    throw new UsageException(command + ": '" + arg + "': expected -Dbench.NAME=VALUE");
                }
                a.properties.put(arg.substring(2, eq), arg.substring(eq + 1));
            } else if (arg.startsWith("--")) {
                String name = arg;
                String value = null;
                int eq = arg.indexOf('=');
                if (eq > 0 && valued.contains(arg.substring(0, eq))) {
                    name = arg.substring(0, eq);
                    value = arg.substring(eq + 1);
                }
                if (valued.contains(name)) {
                    if (value == null) {
                        if (i + 1 == args.length) {
                            throw new UsageException(command + ": " + name + " needs a value; see " + command
                                    + " --help");
                        }
                        value = args[++i];
                    }
                    a.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
                } else if (flags.contains(name)) {
                    a.switches.add(name);
                } else {
                    throw new UsageException(command + ": unknown option '" + arg + "'; see " + command + " --help");
                }
            } else if (arg.equals("-h")) {
                a.switches.add("--help");
            } else {
                a.positional.add(arg);
            }
        }
        return a;
    }

    String one(String name, String fallback) {
        List<String> v = options.get(name);
        return v == null ? fallback : v.get(v.size() - 1);
    }

    List<String> all(String name) {
        return options.getOrDefault(name, List.of());
    }

    boolean has(String name) {
        return switches.contains(name);
    }

    /** A comma-separated list option, else the fallback list. */
    List<String> list(String name, String fallback) {
        String v = one(name, fallback);
        List<String> items = new ArrayList<>();
        for (String s : Arrays.asList(v.split(","))) {
            if (!s.trim().isEmpty()) {
                items.add(s.trim());
            }
        }
        return items;
    }
}
