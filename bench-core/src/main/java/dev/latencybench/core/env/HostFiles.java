package dev.latencybench.core.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import dev.latencybench.core.affinity.CpuList;

/**
 * The {@code /proc} and {@code /sys} files {@link HostCheck} reads under a root, and their parsers. An unreadable file
 * gives null, never an exception, so a check can say "unknown". Immutable, thread-safe and uncached.
 */
final class HostFiles {
    static final String CPU_DIR = "sys/devices/system/cpu";
    private static final Pattern CPU_NAME = Pattern.compile("cpu[0-9]+");

    private final Path root;

    HostFiles(Path root) {
        this.root = root;
    }

    /** The root the relative paths are read under: {@code /} on a real host. */
    Path root() {
        return root;
    }

    Path resolve(String relative) {
        return root.resolve(relative);
    }

    boolean isDirectory(String relative) {
        return Files.isDirectory(root.resolve(relative));
    }

    /** The numeric CPU folders ({@code cpu0}, {@code cpu1}, ...) in order, or null. */
    List<Integer> cpuIds() {
        List<String> names = list(CPU_DIR, CPU_NAME);
        if (names == null) {
            return null;
        }
        List<Integer> ids = new ArrayList<>();
        for (String name : names) {
            ids.add(Integer.parseInt(name.substring("cpu".length())));
        }
        Collections.sort(ids);
        return ids;
    }

    /** The names in a folder that match {@code pattern}, in numeric-suffix order; null when unreadable. */
    List<String> list(String relative, Pattern pattern) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(root.resolve(relative))) {
            for (Path p : dir) {
                String name = p.getFileName().toString();
                if (pattern.matcher(name).matches()) {
                    names.add(name);
                }
            }
        } catch (IOException | SecurityException e) {
            return null;
        }
        // state10 after state9
        names.sort((a, b) -> a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b));
        return names;
    }

    /** The first line, trimmed; null when unreadable. */
    String firstLine(String relative) {
        String s = read(relative);
        return s == null ? null : s.split("\n", 2)[0].trim();
    }

    /** The whole file as UTF-8; null when unreadable. */
    String read(String relative) {
        try {
            return new String(Files.readAllBytes(root.resolve(relative)), StandardCharsets.UTF_8);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** The kernel's parameters, name to value ("" for a bare flag), the last winning; null for a null command line. */
    static Map<String, String> kernelParams(String cmdline) {
        if (cmdline == null) {
            return null;
        }
        Map<String, String> params = new TreeMap<>();
        for (String token : cmdline.trim().split("\\s+")) {
            if (token.equals("--")) {
                break; // what follows goes to init, not to the kernel
            }
            if (token.isEmpty()) {
                continue;
            }
            int eq = token.indexOf('=');
            // the kernel reads '-' and '_' in a parameter name as the same character
            String name = (eq < 0 ? token : token.substring(0, eq)).replace('-', '_');
            params.put(name, eq < 0 ? "" : token.substring(eq + 1));
        }
        return params;
    }

    /** A kernel CPU list ({@code 0-3,8}); null when {@code text} is null or not a list. */
    static BitSet cpuList(String text) {
        if (text == null) {
            return null;
        }
        try {
            return CpuList.parse(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A whole number, surrounding blanks allowed; null when {@code text} is null or not a number. */
    static Long number(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
