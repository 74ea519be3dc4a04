package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.Folders;
import dev.latencybench.core.view.Answer;

/**
 * Every figure on the report's first screen is in a table below it, and every answer line is at most
 * {@link Answer#MAX_CHARS} characters: each committed run under {@code results/} is re-rendered, and each figure of
 * each answer line (a latency with its unit, a ratio, a ratio's interval, a count) is looked up in the tables of
 * report.html (every table, those the Markdown leaves to the page included), a latency by its value in ns within
 * the three-figure rounding both sides use, the others by their text.
 */
public class AnswerFiguresTest {
    private static final Pattern TIME = Pattern.compile("(?<![\\w.])(\\d+(?:\\.\\d+)?)(ns|µs|us|ms|s)\\b");
    private static final Pattern RATIO = Pattern.compile("(\\d+(?:\\.\\d+)?)×");
    private static final Pattern INTERVAL = Pattern.compile("(\\d+\\.\\d+)–(\\d+\\.\\d+)");
    private static final Pattern COUNT = Pattern.compile("(?:≥|\\b)(\\d[\\d,]*(?:\\.\\d+)?[KM]?) (chains|items/s|keys)");
    private static final Pattern UNIT_IN_HEADER = Pattern.compile("\\((ns|µs|ms|s)\\)\\s*$");

    @TempDir
    Path tmp;

    @Test
    void everyFigureOfEveryAnswerLineOfTheCommittedRunsIsInATableBelowIt() throws IOException {
        Path results = Path.of("..", "results").toAbsolutePath().normalize();
        List<String> runs;
        try (Stream<Path> s = Files.list(results)) {
            runs = s.filter(p -> Files.isRegularFile(p.resolve("run.json"))).map(p -> p.getFileName().toString())
                    .sorted().toList();
        }
        assertTrue(runs.size() >= 4, "the committed runs: " + runs);
        List<String> problems = new ArrayList<>();
        for (String name : runs) {
            Path copy = tmp.resolve(name);
            Folders.copyTree(results.resolve(name), copy);
            Report.write(copy, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            problems.addAll(check(name, Files.readString(copy.resolve("REPORT.md")),
                    Files.readString(copy.resolve("report.html"))));
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void aFigureThatIsInNoTableIsFound() {
        String md = "## The answers\n\n- **[queue](#scenario-queue)**: `a` lowest median, 1.02µs, 1.17× (1.12–1.22)"
                + " below `b`.\n\n## Scenario queue\n";
        String html = "<table><tr><th>p50 (µs)</th><th>× the lowest</th></tr><tr><td>1.02</td><td>1.17×</td></tr>"
                + "</table>";
        List<String> problems = check("fixture", md, html);
        assertTrue(problems.size() == 1 && problems.get(0).contains("1.12–1.22"), problems.toString());
        assertTrue(check("fixture", md, html.replace("</table>", "<tr><td>1.12–1.22</td><td></td></tr></table>"))
                .isEmpty());
        assertFalse(check("fixture", md.replace("1.02µs", "1.05µs"), html).isEmpty(), "a latency off the table");
    }

    /** What is wrong with the answers of one report: each a line naming the run, the study and the figure. */
    public static List<String> check(String run, String md, String html) {
        List<String> problems = new ArrayList<>();
        List<String> answers = answerLines(md);
        if (answers.isEmpty()) {
            problems.add(run + ": no answer lines");
        }
        List<List<String>> cells = tables(html);
        List<Double> times = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (List<String> table : cells) {
            for (String c : table) {
                texts.add(c);
                int sep = c.indexOf('\u0001');
                if (sep > 0) {
                    String header = c.substring(0, sep);
                    String value = c.substring(sep + 1).replace("**", "").replace("†", "").replace("‡", "").replace(",", "")
                            .trim();
                    Matcher unit = UNIT_IN_HEADER.matcher(header);
                    Matcher inCell = TIME.matcher(value);
                    if (inCell.matches()) {
                        times.add(Double.parseDouble(inCell.group(1)) * factor(inCell.group(2)));
                    } else if (unit.find() && value.matches("\\d+(\\.\\d+)?")) {
                        times.add(Double.parseDouble(value) * factor(unit.group(1)));
                    }
                }
            }
        }
        for (String line : answers) {
            String plain = Answer.plain(line);
            if (plain.length() > Answer.MAX_CHARS + "- ".length()) {
                problems.add(run + ": " + (plain.length() - 2) + " characters: " + plain);
            }
            Matcher m = TIME.matcher(plain);
            while (m.find()) {
                double ns = Double.parseDouble(m.group(1)) * factor(m.group(2));
                if (times.stream().noneMatch(t -> Math.abs(t - ns) <= 0.006 * Math.max(t, ns))) {
                    problems.add(run + ": " + m.group() + " is in no table: " + plain);
                }
            }
            for (Pattern p : List.of(RATIO, INTERVAL, COUNT)) {
                Matcher f = p.matcher(plain);
                while (f.find()) {
                    String figure = p == COUNT ? f.group(1) : f.group();
                    if (texts.stream().noneMatch(t -> value(t).contains(figure)
                            || p == RATIO && value(t).equals(f.group(1)))) {
                        problems.add(run + ": " + figure + " is in no table: " + plain);
                    }
                }
            }
        }
        return problems;
    }

    private static String value(String cell) {
        int sep = cell.indexOf('\u0001');
        return (sep < 0 ? cell : cell.substring(sep + 1)).replace("**", "").trim();
    }

    /** The lines under "## The answers", up to the next paragraph or heading. */
    static List<String> answerLines(String md) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String l : md.split("\n")) {
            if (l.equals("## The answers")) {
                in = true;
            } else if (in && l.startsWith("- ")) {
                out.add(l);
            } else if (in && !l.isBlank()) {
                break;
            }
        }
        return out;
    }

    /** Each table's cells as {@code header \u0001 text}, tags removed. */
    static List<List<String>> tables(String html) {
        List<List<String>> out = new ArrayList<>();
        Matcher t = Pattern.compile("<table.*?</table>", Pattern.DOTALL).matcher(html);
        while (t.find()) {
            List<String> headers = new ArrayList<>();
            Matcher th = Pattern.compile("<th[^>]*>(.*?)</th>", Pattern.DOTALL).matcher(t.group());
            while (th.find()) {
                headers.add(strip(th.group(1)));
            }
            List<String> cells = new ArrayList<>();
            Matcher tr = Pattern.compile("<tr[^>]*>(.*?)</tr>", Pattern.DOTALL).matcher(t.group());
            while (tr.find()) {
                Matcher td = Pattern.compile("<td[^>]*>(.*?)</td>", Pattern.DOTALL).matcher(tr.group(1));
                for (int i = 0; td.find(); i++) {
                    cells.add((i < headers.size() ? headers.get(i) : "") + '\u0001' + strip(td.group(1)));
                }
            }
            out.add(cells);
        }
        return out;
    }

    private static String strip(String html) {
        return html.replaceAll("<[^>]+>", "").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&#8239;", " ").trim();
    }

    private static double factor(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
    }
}
