package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;

/**
 * Every {@code scripts/bench} command that README.md, CONTRIBUTING.md and docs/ show (in code blocks
 * and in inline code) is one the runner takes: its command and options exist and take the values
 * given, and each {@code -Dbench.*} property it sets is declared by the runner or a study. A renamed
 * option or property fails here, not in a reader's terminal. (README's first screen is also run for
 * real, by ReadmeFirstScreenIT.)
 */
class DocsCommandsTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern INLINE = Pattern.compile("`(scripts/bench [^`]*)`");
    /** Marks a command named in running text: it may leave out the arguments it needs. */
    private static final String INLINE_MARK = "(in text) ";

    /** The documented commands, each as its words after {@code scripts/bench}, with where it stands. */
    static Map<String, List<String>> commands() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(f -> f.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f);
            boolean code = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    code = !code;
                    continue;
                }
                List<String> found = new ArrayList<>();
                if (code) {
                    StringBuilder joined = new StringBuilder(line);
                    while (joined.toString().trim().endsWith("\\") && i + 1 < lines.size()) {
                        joined.setLength(joined.lastIndexOf("\\"));
                        joined.append(' ').append(lines.get(++i).trim());
                    }
                    int at = joined.indexOf("scripts/bench ");
                    if (at >= 0 && !joined.toString().contains("source <(")) {
                        found.add(joined.substring(at).replaceAll("\\s+#.*$", ""));
                    }
                } else {
                    Matcher m = INLINE.matcher(line);
                    while (m.find()) {
                        found.add(m.group(1));
                    }
                }
                for (String c : found) {
                    // a name in running text ("`scripts/bench compare` compares ...") may leave its arguments out
                    out.putIfAbsent((code ? "" : INLINE_MARK) + c.trim(), words(c.trim().substring("scripts/bench ".length())));
                }
            }
        }
        return out;
    }

    /** A command's words as the shell splits them (single quotes kept together), usage placeholders left out. */
    static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(command);
        StringBuilder word = new StringBuilder();
        int end = -1;
        while (m.find()) {
            if (m.start() != end && word.length() > 0) {
                out.add(word.toString());
                word.setLength(0);
            }
            word.append(m.group(1) != null ? m.group(1) : m.group(2));
            end = m.end();
        }
        if (word.length() > 0) {
            out.add(word.toString());
        }
        out.removeIf(w -> w.startsWith("[") || w.endsWith("]") || w.equals("..."));
        return out;
    }

    @Test
    void everyDocumentedCommandParsesAndSetsOnlyDeclaredProperties() throws IOException {
        Map<String, List<String>> commands = commands();
        assertTrue(commands.size() > 20, "found " + commands.size() + " commands: " + commands.keySet());
        List<Property> declared = new ArrayList<>(NewRunRequest.RUNNER_PROPERTIES);
        declared.addAll(RunSettings.properties(RunSettings.DEFAULT_RESULTS));
        for (Study s : Studies.onClassPath()) {
            declared.addAll(s.studyProperties());
        }
        List<String> wrong = new ArrayList<>();
        Set<String> commandNames = new LinkedHashSet<>();
        for (Map.Entry<String, List<String>> c : commands.entrySet()) {
            try {
                CommandLine.ParseResult parsed = Main.commandLine(Context.system())
                        .parseArgs(c.getValue().toArray(new String[0]));
                if (parsed.hasSubcommand()) {
                    commandNames.add(parsed.subcommand().commandSpec().name());
                }
            } catch (CommandLine.MissingParameterException e) {
                if (!c.getKey().startsWith(INLINE_MARK)) {
                    wrong.add(c.getKey() + ": " + e.getMessage());
                }
                continue;
            } catch (CommandLine.ParameterException e) {
                wrong.add(c.getKey() + ": " + e.getMessage());
                continue;
            }
            Map<String, String> props = new LinkedHashMap<>();
            for (String w : c.getValue()) {
                if (w.startsWith("-Dbench.")) {
                    int eq = w.indexOf('=');
                    props.put(w.substring(2, eq < 0 ? w.length() : eq), eq < 0 ? "true" : w.substring(eq + 1));
                }
            }
            try {
                new BenchProperties(props).rejectUnknown(declared);
            } catch (ConfigException e) {
                wrong.add(c.getKey() + ": " + e.getMessage());
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(commandNames.containsAll(List.of("run", "report", "compare", "jvms")), commandNames.toString());
    }

    @Test
    void aRenamedOptionWouldFailHere() {
        CommandLine cli = Main.commandLine(Context.system());
        assertTrue(cli.parseArgs("run", "--scale", "smoke").hasSubcommand());
        try {
            cli.parseArgs("run", "--scales", "smoke");
            throw new AssertionError("an option that does not exist parsed");
        } catch (CommandLine.ParameterException expected) {
            assertTrue(expected.getMessage().contains("--scales"), expected.getMessage());
        }
    }
}
