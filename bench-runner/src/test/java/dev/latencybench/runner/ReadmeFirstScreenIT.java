package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command README.md's first screen shows is run: the smoke run of all four studies exactly as
 * written (from a folder of its own, so its results go there), and the test command, which CI runs
 * ({@code .ci/run}, checked here to be that command). The smoke run's folder holds what the README and
 * docs/results.md promise a newcomer: the report, summary.csv and summary.json, and an .hgrm beside each
 * interval log that reads as HdrHistogram's percentile text.
 */
class ReadmeFirstScreenIT {
    /** The first screen: the commands must be in a code block that starts within these lines. */
    private static final int FIRST_SCREEN_LINES = 20;
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    /** The commands of the README's first code block, comments and blank lines left out. */
    static List<String> firstScreenCommands(List<String> readme) {
        int start = -1;
        for (int i = 0; i < Math.min(FIRST_SCREEN_LINES, readme.size()); i++) {
            if (readme.get(i).startsWith("```")) {
                start = i;
                break;
            }
        }
        assertTrue(start >= 0, "a code block within the first " + FIRST_SCREEN_LINES + " lines of README.md");
        List<String> commands = new ArrayList<>();
        for (int i = start + 1; i < readme.size() && !readme.get(i).startsWith("```"); i++) {
            String line = readme.get(i).replaceAll("\\s+#.*$", "").trim();
            if (!line.isEmpty() && !line.startsWith("#")) {
                commands.add(line);
            }
        }
        return commands;
    }

    @Test
    void theFirstScreensCommandsAreTheSmokeRunAndTheTestsAndBothWork() throws Exception {
        List<String> commands = firstScreenCommands(Files.readAllLines(ROOT.resolve("README.md")));
        assertEquals(List.of("scripts/bench run --scale smoke", "./mvnw verify"), commands,
                "a new command on the first screen needs its run here");
        assertTrue(Files.readString(ROOT.resolve(".ci/run")).contains("./mvnw -B verify"),
                "CI runs the test command as the README gives it (-B only makes Maven's output plain)");

        List<String> cmd = new ArrayList<>(List.of("bash", "-c", ROOT.resolve(commands.get(0).split(" ")[0])
                + commands.get(0).substring(commands.get(0).indexOf(' '))));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> console = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        boolean ended = p.waitFor(15, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        String out = console.get(30, TimeUnit.SECONDS);
        assertTrue(ended, "the smoke run ended within 15 minutes:\n" + out);
        assertEquals(0, p.exitValue(), out);

        Path runDir;
        try (Stream<Path> runs = Files.list(tmp.resolve("results"))) {
            runDir = runs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        for (String study : List.of("queue", "chain", "jet", "startup")) {
            assertTrue(Files.isDirectory(runDir.resolve(study)), study + " ran:\n" + out);
        }
        for (String f : List.of("REPORT.md", "report.html", "summary.csv", "summary.json")) {
            assertTrue(Files.size(runDir.resolve(f)) > 0, f);
        }
        List<String> csv = Files.readAllLines(runDir.resolve("summary.csv"));
        int columns = fields(csv.get(0)).size();
        assertTrue(csv.size() > 10, "a row per cell, variant and metric: " + csv.size());
        for (String row : csv) {
            assertEquals(columns, fields(row).size(), "every row has the header's columns: " + row);
        }
        List<Path> hgrms;
        try (Stream<Path> s = Files.walk(runDir)) {
            hgrms = s.filter(f -> f.toString().endsWith(".hgrm")).toList();
        }
        assertTrue(hgrms.size() >= 4, "an .hgrm per metric of each cell: " + hgrms);
        for (Path h : hgrms) {
            assertHgrm(Files.readAllLines(h), h);
        }
    }

    /** HdrHistogram's percentile text: the header, rows of value, percentile, count and 1/(1-percentile), the mean. */
    private static void assertHgrm(List<String> lines, Path file) {
        assertTrue(lines.get(0).trim().matches("Value\\s+Percentile\\s+TotalCount\\s+1/\\(1-Percentile\\)"),
                file + ": " + lines.get(0));
        int rows = 0;
        double last = -1;
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            assertTrue(f.length == 3 || f.length == 4, file + ": " + line);
            double percentile = Double.parseDouble(f[1]);
            assertTrue(percentile >= last && percentile <= 1, file + ": percentiles rise to 1: " + line);
            last = percentile;
            rows++;
        }
        assertTrue(rows > 2, file + ": " + rows + " rows");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[Mean")), file + ": its summary lines");
    }

    /** The fields of a CSV line (RFC 4180: a quoted field may hold commas and doubled quotes). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                f.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        assertTrue(!quoted, "a quote left open: " + line);
        out.add(f.toString());
        return out;
    }
}
