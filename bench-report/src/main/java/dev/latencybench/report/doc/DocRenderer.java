package dev.latencybench.report.doc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Renders a {@link Doc} as Markdown or as one self-contained HTML page. Stateless. */
public final class DocRenderer {
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");
    private static final Pattern MARK = Pattern.compile("\0([0-9]+)\0");
    /** {@code [text](relative/path)}, after escaping: a link to a file of the run (no scheme, no spaces). */
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([A-Za-z0-9._/#-]+)\\)");

    private DocRenderer() {
    }

    /** REPORT.md: the parts only report.html shows are named, not given. */
    public static String markdown(Doc doc) {
        return markdown(doc, false);
    }

    /** The document as Markdown; {@code whole} also gives the parts only report.html shows (for tests). */
    public static String markdown(Doc doc, boolean whole) {
        StringBuilder sb = new StringBuilder();
        int skipping = 0; // how deep inside parts only report.html shows (one may hold another)
        for (Doc.Block b : doc.blocks) {
            if (b instanceof Doc.HtmlOnly o) {
                if (!whole) {
                    if (skipping == 0) { // the outermost part's pointer stands for what it holds
                        sb.append(o.instead()).append("\n\n");
                    }
                    skipping++;
                }
            } else if (b instanceof Doc.EndHtmlOnly) {
                skipping = Math.max(0, skipping - 1);
            } else if (skipping > 0) {
                continue;
            } else if (b instanceof Doc.Heading h) {
                sb.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
            } else if (b instanceof Doc.Para p) {
                sb.append(p.text()).append("\n\n");
            } else if (b instanceof Doc.Grid t) {
                sb.append("| ").append(String.join(" | ", t.header().stream().map(DocRenderer::mdCell).toList()))
                        .append(" |\n|");
                for (int i = 0; i < t.header().size(); i++) {
                    sb.append(numeric(t, i) ? "---:|" : "---|");
                }
                sb.append('\n');
                for (List<String> row : t.rows()) {
                    sb.append("| ").append(String.join(" | ", row.stream().map(DocRenderer::mdCell).toList()))
                            .append(" |\n");
                }
                sb.append('\n');
            } else if (b instanceof Doc.Chart c) {
                sb.append("![").append(c.alt()).append("](charts/").append(c.base()).append(".svg)\n\n");
            } else if (b instanceof Doc.Bullets l) {
                l.items().forEach(i -> sb.append("- ").append(i).append('\n'));
                sb.append('\n');
            } else if (b instanceof Doc.Code c) {
                String fence = fence(c.text());
                sb.append(fence).append('\n').append(c.text()).append('\n').append(fence).append("\n\n");
            }
        }
        return sb.toString();
    }

    /** A code block's fence, longer than any run of backticks in the text so the text cannot close the block. */
    static String fence(String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return "`".repeat(Math.max(3, longest + 1));
    }

    private static String mdCell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    private static boolean numeric(Doc.Grid t, int col) {
        return col < t.numeric().size() && t.numeric().get(col);
    }

    /** Each heading's unique id, in order: its slug, else prefixed with its section's slug, else numbered. */
    static List<String> headingIds(Doc doc) {
        List<String> ids = new ArrayList<>();
        java.util.Set<String> taken = new java.util.HashSet<>();
        String section = "";
        for (Doc.Block b : doc.blocks) {
            if (b instanceof Doc.Heading h) {
                String slug = slug(h.text());
                String id = slug;
                if (taken.contains(id) && !section.isEmpty()) {
                    id = section + "-" + slug;
                }
                for (int n = 2; taken.contains(id); n++) {
                    id = slug + "-" + n;
                }
                taken.add(id);
                ids.add(id);
                if (h.level() <= 2) {
                    section = slug;
                }
            }
        }
        return ids;
    }

    /** A heading's id as the page and GitHub's Markdown make it: {@code Scenario queue} → {@code scenario-queue}. */
    public static String slug(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }

    /** The page's contents: its sections (level 2) and their parts (level 3), linked by id. */
    private static String contents(Doc doc, List<String> ids) {
        StringBuilder sb = new StringBuilder("<nav class=\"toc\"><details><summary>Contents</summary>\n<ul>\n");
        int i = 0;
        boolean inner = false;
        for (Doc.Block b : doc.blocks) {
            if (!(b instanceof Doc.Heading h)) {
                continue;
            }
            String id = ids.get(i++);
            if (h.level() == 2) {
                sb.append(inner ? "</ul></li>\n" : "");
                sb.append("<li><a href=\"#").append(id).append("\">").append(inline(h.text())).append("</a><ul>\n");
                inner = true;
            } else if (h.level() == 3 && inner) {
                sb.append("<li><a href=\"#").append(id).append("\">").append(inline(h.text())).append("</a></li>\n");
            }
        }
        sb.append(inner ? "</ul></li>\n" : "").append("</ul></details></nav>\n");
        return sb.toString().replace("<ul>\n</ul>", "");
    }

    /** A click on a legend entry hides or shows that series in its chart. */
    private static final String LEGEND_CLICK = String.join("\n",
            "document.querySelectorAll('svg.chart [data-l]').forEach(function (e) {",
            "  e.addEventListener('click', function () {",
            "    var hide = e.getAttribute('opacity') !== '0.35';",
            "    e.setAttribute('opacity', hide ? '0.35' : '1');",
            "    e.closest('svg').querySelectorAll('[data-s=\"' + e.getAttribute('data-l') + '\"]').forEach(",
            "      function (s) { s.style.display = hide ? 'none' : ''; });",
            "  });",
            "});", "");

    /** The page, with the SVGs from {@code chartsDir} inlined so that it fetches nothing. */
    public static String html(Doc doc, String title, Path chartsDir) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").append(esc(title))
                .append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n")
                .append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
        List<String> ids = headingIds(doc);
        int heading = 0;
        boolean charts = false;
        boolean folded = false; // inside a section's part (level 3), which folds
        boolean firstPart = false; // the next part is the first of its section: it opens unfolded
        for (Doc.Block b : doc.blocks) {
            if (b instanceof Doc.Heading h) {
                String id = ids.get(heading++);
                if (h.level() <= 3 && folded) {
                    sb.append("</details>\n");
                    folded = false;
                }
                if (h.level() <= 2) {
                    firstPart = true;
                }
                String tag = "<h" + h.level() + " id=\"" + id + "\">" + inline(h.text()) + "</h" + h.level() + ">";
                if (h.level() == 3) { // a section's parts fold: the first open, the others a click away
                    sb.append(firstPart ? "<details class=\"part\" open>" : "<details class=\"part\">")
                            .append("<summary>").append(tag).append("</summary>\n");
                    folded = true;
                    firstPart = false;
                } else {
                    sb.append(tag).append('\n');
                }
            } else if (b instanceof Doc.Contents) {
                sb.append(contents(doc, ids));
            } else if (b instanceof Doc.Para p) {
                sb.append("<p>").append(inline(p.text())).append("</p>\n");
            } else if (b instanceof Doc.Grid t) {
                sb.append("<div class=\"scroll\"><table>\n<thead><tr>");
                for (int i = 0; i < t.header().size(); i++) {
                    sb.append(numeric(t, i) ? "<th class=\"n\">" : "<th>").append(inline(t.header().get(i)))
                            .append("</th>");
                }
                sb.append("</tr></thead>\n<tbody>\n");
                for (List<String> row : t.rows()) {
                    sb.append("<tr>");
                    for (int i = 0; i < row.size(); i++) {
                        String cell = row.get(i);
                        String cls = numeric(t, i) ? "n" : "";
                        cls += switch (cell) {
                            case "FAILED", "INTERRUPTED", "FAIL" -> " bad";
                            case "SKIPPED", "NOT_RUN" -> " skip";
                            case "OK" -> " ok";
                            case "PASS" -> " pass"; // the host checklist's levels
                            case "WARN", "OK, flagged" -> " warn";
                            case "INFO" -> " info";
                            default -> "";
                        };
                        sb.append(cls.isBlank() ? "<td>" : "<td class=\"" + cls.trim() + "\">").append(inline(cell))
                                .append("</td>");
                    }
                    sb.append("</tr>\n");
                }
                sb.append("</tbody></table></div>\n");
            } else if (b instanceof Doc.Chart c) {
                Path svg = chartsDir.resolve(c.base() + ".svg");
                charts |= Files.isRegularFile(svg);
                sb.append("<figure>").append(Files.isRegularFile(svg)
                        ? inlineSvg(Files.readString(svg, StandardCharsets.UTF_8)) : "").append("<figcaption>")
                        .append(esc(c.alt())).append(" (<a href=\"charts/").append(c.base())
                        .append(".svg\">SVG</a>)</figcaption></figure>\n");
            } else if (b instanceof Doc.Bullets l) {
                sb.append("<ul>\n");
                l.items().forEach(i -> sb.append("<li>").append(inline(i)).append("</li>\n"));
                sb.append("</ul>\n");
            } else if (b instanceof Doc.Code c) {
                sb.append("<pre><code>").append(esc(c.text())).append("</code></pre>\n");
            }
        }
        sb.append(folded ? "</details>\n" : "").append("</main>\n");
        if (charts) {
            sb.append("<script>\n").append(LEGEND_CLICK).append("</script>\n");
        }
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    /** An SVG file as an element for the page: no XML prolog or DOCTYPE, scaled to the page width. */
    static String inlineSvg(String svg) {
        int start = svg.indexOf("<svg");
        String s = start >= 0 ? svg.substring(start) : svg;
        return s.replaceFirst("<svg", "<svg class=\"chart\"");
    }

    /** The longest code span kept on one line: a name; a longer one (a schedule) wraps. */
    static final int LONG_CODE = 60;

    /** Escapes text and turns {@code `x`}, {@code **x**} and {@code [x](file)} into code, bold and links. */
    static String inline(String text) {
        Matcher m = CODE.matcher(text);
        List<String> codes = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        int last = 0;
        while (m.find()) { // code spans become numbered \0 marks, so bold can span them
            sb.append(esc(text.substring(last, m.start()))).append('\0').append(codes.size()).append('\0');
            // a name stays whole (CSS); a span longer than a name (a schedule, a command) wraps within the page
            codes.add((m.group(1).length() > LONG_CODE ? "<code class=\"long\">" : "<code>") + esc(m.group(1))
                    + "</code>");
            last = m.end();
        }
        String marked = BOLD.matcher(sb.append(esc(text.substring(last))).toString())
                .replaceAll("<strong>$1</strong>");
        marked = LINK.matcher(marked).replaceAll("<a href=\"$2\">$1</a>");
        Matcher mark = MARK.matcher(marked);
        StringBuilder out = new StringBuilder();
        while (mark.find()) {
            mark.appendReplacement(out, Matcher.quoteReplacement(codes.get(Integer.parseInt(mark.group(1)))));
        }
        return mark.appendTail(out).toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String CSS = String.join("\n",
            "body { font-family: -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;",
            "  color: #1f2328; background: #fff; margin: 0; line-height: 1.5; }",
            "main { max-width: 1100px; margin: 0 auto; padding: 24px 32px 64px; }",
            "h1 { font-size: 1.8em; border-bottom: 1px solid #d0d7de; padding-bottom: .3em; }",
            "h2 { font-size: 1.4em; border-bottom: 1px solid #d0d7de; padding-bottom: .3em; margin-top: 2em; }",
            "nav.toc { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 16px;"
                    + " margin: 16px 0; font-size: .92em; }",
            "nav.toc summary { font-weight: 600; cursor: pointer; }",
            "nav.toc ul { margin: 4px 0; padding-left: 20px; }",
            "@media (min-width: 900px) { nav.toc > details > ul { columns: 2; column-gap: 32px; }"
                    + " nav.toc > details > ul > li { break-inside: avoid-column; } }",
            "h3 { font-size: 1.15em; margin-top: 1.6em; }",
            "/* a section's parts fold: the heading is the summary, its marker beside it */",
            "details.part > summary { cursor: pointer; margin-top: 1.2em; }",
            "details.part > summary > h3 { display: inline; margin: 0; }",
            "details.part:not([open]) > summary > h3 { font-weight: 500; color: #24292f; }",
            "code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }",
            "code { background: #f6f8fa; padding: .1em .3em; border-radius: 4px; }",
            "pre { background: #f6f8fa; padding: 12px; border-radius: 6px; overflow-x: auto;",
            "  white-space: pre-wrap; overflow-wrap: anywhere; }",
            "pre code { background: none; padding: 0; white-space: inherit; }",
            ".scroll { overflow-x: auto; }",
            "table { border-collapse: separate; border-spacing: 0; margin: 12px 0; font-size: .92em;",
            "  border-top: 1px solid #d0d7de; border-left: 1px solid #d0d7de; }",
            "th, td { border-right: 1px solid #d0d7de; border-bottom: 1px solid #d0d7de; padding: 4px 10px;",
            "  background: #fff; }",
            "th { background: #f6f8fa; text-align: left; vertical-align: bottom; }",
            "tr:nth-child(even) td { background: #f6f8fa; }",
            "td code { overflow-wrap: anywhere; }",
            "/* the first column (the JVM, the check) stays in view while a wide table scrolls */",
            ".scroll th:first-child, .scroll td:first-child { position: sticky; left: 0; z-index: 1; }",
            ".n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }",
            "th.n { white-space: normal; }",
            "td strong { font-weight: 700; background: #dafbe1; padding: 0 .25em; border-radius: 3px; }",
            ".ok, .pass { color: #1a7f37; font-weight: 600; }",
            "li > code, p > code { white-space: nowrap; } /* a name such as micronaut-jvm never breaks at its hyphen */",
            "li > code.long, p > code.long { white-space: normal; overflow-wrap: anywhere; } /* a schedule, a command */",
            ".bad { color: #cf222e; font-weight: 600; }",
            ".warn { color: #9a6700; font-weight: 600; }",
            ".info { color: #0969da; }",
            ".skip { color: #6e7781; }",
            "@media (max-width: 900px) {",
            "  main { padding: 16px 12px 48px; }",
            "  table { font-size: .85em; }",
            "  th, td { padding: 3px 6px; }",
            "}",
            "figure { margin: 16px 0; }",
            "svg.chart, img.chart { width: 100%; height: auto; max-width: 1000px; }",
            ".ichart-title { font-weight: 600; margin-bottom: 4px; }",
            ".ichart-pick { font-size: .9em; margin-bottom: 4px; }",
            ".ichart-grid { display: grid; gap: 12px; }",
            ".ichart-tip { position: absolute; display: none; pointer-events: none; z-index: 10; background: #fff;"
                    + " border: 1px solid #d0d7de; border-radius: 4px; padding: 4px 8px; font-size: 12px;"
                    + " max-width: 360px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }",
            ".ichart-tip .tip-head { font-weight: 600; }",
            ".ichart-tip .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; }",
            ".ichart-hint { color: #57606a; font-size: .85em; margin: 4px 0; }",
            ".ichart-error { color: #cf222e; }",
            ".uplot .u-title { font-size: 14px; }",
            "/* uPlot's legend is a table: none of the report tables' borders and stripes */",
            ".uplot table, .uplot th, .uplot td, .uplot tr:nth-child(even) td { border: 0; background: none; margin: 0; }",
            "figcaption { color: #57606a; font-size: .9em; }",
            "");
}
