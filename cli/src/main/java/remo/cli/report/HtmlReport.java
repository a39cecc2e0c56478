package remo.cli.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.checker.Verdict;

/**
 * Renders a self-contained HTML report: a sortable table of tests (verdict, expected verdict,
 * mismatches highlighted, number of states, time), then for each test its program text, its states
 * and its witness graph (inline SVG, or the DOT text when Graphviz is missing). Everything is
 * inline (CSS, JavaScript, SVG): the page makes no network request. Clicking a heading sorts by
 * that column; a fragment {@code #sort=states} (or {@code #sort=-states}, descending) sorts on load.
 */
public final class HtmlReport {

    private static final String CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1.5em 2em;
                   color: #222; background: #fff; }
            h1 { font-size: 1.5em; margin-bottom: .2em; }
            h2 { font-size: 1.2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
            h3 { font-size: 1em; margin: .8em 0 .3em; }
            .summary { color: #555; }
            table.tests { border-collapse: collapse; margin-top: 1em; }
            table.tests th, table.tests td { border: 1px solid #ccc; padding: .25em .6em; text-align: left; }
            table.tests th { background: #f2f2f2; cursor: pointer; user-select: none; white-space: nowrap; }
            table.tests th.asc::after { content: " \\25B2"; font-size: .7em; }
            table.tests th.desc::after { content: " \\25BC"; font-size: .7em; }
            table.tests td.num { text-align: right; font-variant-numeric: tabular-nums; }
            tr.mismatch td { background: #ffe0e0; }
            tr.error td { background: #fff3cd; }
            td.v-Allowed, span.v-Allowed { color: #1a7f37; font-weight: 600; }
            td.v-Forbidden, span.v-Forbidden { color: #b42318; font-weight: 600; }
            .tag { display: inline-block; padding: 0 .4em; border-radius: .3em; font-size: .85em; }
            .tag.bad { background: #b42318; color: #fff; }
            .tag.partial { background: #f0ad4e; color: #fff; }
            .cols { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
            .cols > div { min-width: 0; max-width: 100%; }
            pre { background: #f7f7f7; border: 1px solid #e3e3e3; padding: .6em; overflow-x: auto; font-size: .85em; }
            table.states { border-collapse: collapse; font-family: ui-monospace, monospace; font-size: .85em; }
            table.states td { border-bottom: 1px solid #eee; padding: .1em .6em; }
            figure { margin: .5em 0; overflow-x: auto; }
            figure svg { max-width: 100%; height: auto; }
            figcaption { color: #555; font-size: .9em; margin-bottom: .3em; }
            .error-text { color: #b42318; font-family: ui-monospace, monospace; }
            p.banner { background: #fcf8e3; border: 1px solid #f0ad4e; padding: .5em .8em; }
            tr.not-run td { color: #777; font-style: italic; }
            """;

    private static final String SCRIPT = """
            (function () {
              var table = document.getElementById('tests');
              var headers = table.tHead.rows[0].cells;
              for (var i = 0; i < headers.length; i++) {
                headers[i].addEventListener('click', sortBy.bind(null, i));
              }
              function key(row, col, numeric) {
                var cell = row.cells[col];
                var v = cell.getAttribute('data-sort');
                if (v === null) { v = cell.textContent.trim(); }
                if (numeric) { var n = parseFloat(v); return isNaN(n) ? -Infinity : n; }
                return v.toLowerCase();
              }
              function sortBy(col, direction) {
                var th = headers[col];
                var numeric = th.getAttribute('data-type') === 'num';
                var asc = direction === undefined ? !th.classList.contains('asc') : direction;
                for (var k = 0; k < headers.length; k++) { headers[k].classList.remove('asc', 'desc'); }
                th.classList.add(asc ? 'asc' : 'desc');
                var body = table.tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                rows.sort(function (a, b) {
                  var x = key(a, col, numeric), y = key(b, col, numeric);
                  var c = x < y ? -1 : x > y ? 1 : 0;
                  return asc ? c : -c;
                });
                rows.forEach(function (r) { body.appendChild(r); });
              }
              // a link may ask for an order: report.html#sort=states (ascending) or #sort=-states
              var m = /^#sort=(-?)(.+)$/.exec(decodeURIComponent(location.hash));
              if (m) {
                for (var j = 0; j < headers.length; j++) {
                  if (headers[j].textContent.trim().toLowerCase().indexOf(m[2].toLowerCase()) === 0) {
                    sortBy(j, m[1] !== '-');
                    break;
                  }
                }
              }
            })();
            """;

    private HtmlReport() {
    }

    /**
     * What an interrupt (Ctrl-C, SIGTERM) left of a report's run: the page then opens with a banner
     * saying so, and its table lists the tests not run.
     *
     * @param reason why the run stopped, e.g. {@code interrupted (SIGINT or SIGTERM)}
     * @param notRun the files of the tests not started, as given
     */
    public record Interruption(String reason, List<String> notRun) {
        public Interruption {
            notRun = List.copyOf(notRun);
        }
    }

    /**
     * The report page of a complete run.
     *
     * @param title   the page title
     * @param context a line saying what was run (model, inputs), shown under the title
     * @param entries the tests, in table order
     * @return a complete HTML document
     */
    public static String render(String title, String context, List<ReportEntry> entries) {
        return render(title, context, entries, null);
    }

    /**
     * The report page.
     *
     * @param title       the page title
     * @param context     a line saying what was run (model, inputs), shown under the title
     * @param entries     the tests that ran (or were stopped by an error), in table order
     * @param interrupted what an interrupt left undone, or {@code null} for a run that went to its end
     * @return a complete HTML document
     */
    public static String render(String title, String context, List<ReportEntry> entries, Interruption interrupted) {
        boolean expect = entries.stream().anyMatch(e -> e.expected() != null);
        long allowed = entries.stream().filter(e -> e.result() != null && e.result().verdict() == Verdict.ALLOWED).count();
        long forbidden = entries.stream().filter(e -> e.result() != null && e.result().decided()
                        && e.result().verdict() == Verdict.FORBIDDEN)
                .count();
        long errors = entries.stream().filter(e -> e.result() == null).count();
        long undecided = entries.stream().filter(e -> e.result() != null && !e.result().decided()).count();
        long mismatches = entries.stream().filter(ReportEntry::mismatch).count();

        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(title)).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        sb.append("<h1>").append(esc(title)).append("</h1>\n");
        if (interrupted != null) {
            int total = entries.size() + interrupted.notRun().size();
            sb.append("<p class=\"banner\" id=\"partial\"><span class=\"tag partial\">partial</span> Partial report: ")
                    .append(esc(interrupted.reason())).append(". ").append(entries.size()).append(" of ").append(total)
                    .append(total == 1 ? " test" : " tests").append(" finished (a test stopped while running is marked partial); ")
                    .append(interrupted.notRun().size()).append(" not run")
                    .append(interrupted.notRun().isEmpty() ? "" : ": " + esc(String.join(", ", interrupted.notRun())))
                    .append(".</p>\n");
        }
        int listed = entries.size() + (interrupted == null ? 0 : interrupted.notRun().size());
        sb.append("<p class=\"summary\">").append(esc(context)).append("<br>").append(listed).append(" tests: ")
                .append(allowed).append(" Allowed, ").append(forbidden).append(" Forbidden, ")
                .append(undecided == 0 ? "" : undecided + " Undecided (partial), ").append(errors)
                .append(errors == 1 ? " error" : " errors");
        if (interrupted != null && !interrupted.notRun().isEmpty()) {
            sb.append(", ").append(interrupted.notRun().size()).append(" not run");
        }
        if (expect) {
            sb.append(", ").append(mismatches).append(mismatches == 1 ? " mismatch" : " mismatches")
                    .append(" with the expected verdicts");
        }
        sb.append(". Click a column heading to sort.</p>\n");

        sb.append("<table id=\"tests\" class=\"tests\">\n<thead><tr><th data-type=\"num\">#</th><th>Test</th><th>File</th>")
                .append("<th>Model</th><th>Verdict</th>");
        if (expect) {
            sb.append("<th>Expected</th>");
        }
        sb.append("<th data-type=\"num\">States</th><th data-type=\"num\">Time (s)</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < entries.size(); i++) {
            ReportEntry e = entries.get(i);
            CheckResult r = e.result();
            String cls = "test-row" + (e.mismatch() ? " mismatch" : "") + (r == null ? " error" : "");
            sb.append("<tr class=\"").append(cls).append("\" data-test=\"").append(esc(e.name())).append("\">");
            sb.append("<td class=\"num\">").append(i + 1).append("</td>");
            sb.append("<td><a href=\"#t").append(i + 1).append("\">").append(esc(e.name())).append("</a></td>");
            sb.append("<td>").append(esc(e.file())).append("</td>");
            if (r == null) {
                sb.append("<td></td><td data-sort=\"~error\">error ").append(esc(e.error() == null ? "" : e.error().code()))
                        .append("</td>");
            } else {
                sb.append("<td>").append(esc(r.model().name())).append("</td>");
                sb.append("<td class=\"v-").append(r.verdictWord()).append("\">").append(r.verdictWord());
                if (r.partial()) {
                    sb.append(" <span class=\"tag partial\">partial</span>");
                }
                sb.append("</td>");
            }
            if (expect) {
                sb.append("<td>").append(e.expected() == null ? "" : e.expected().word());
                if (e.mismatch()) {
                    sb.append(" <span class=\"tag bad\">mismatch</span>");
                }
                sb.append("</td>");
            }
            sb.append("<td class=\"num\">").append(r == null ? "" : r.states().size()).append("</td>");
            sb.append("<td class=\"num\">").append(r == null ? "" : String.format(Locale.ROOT, "%.3f", r.seconds()))
                    .append("</td></tr>\n");
        }
        if (interrupted != null) {
            int n = entries.size();
            for (String file : interrupted.notRun()) {
                n++;
                sb.append("<tr class=\"test-row not-run\"><td class=\"num\">").append(n).append("</td><td></td><td>")
                        .append(esc(file)).append("</td><td></td><td data-sort=\"~not run\">not run</td>");
                if (expect) {
                    sb.append("<td></td>");
                }
                sb.append("<td class=\"num\"></td><td class=\"num\"></td></tr>\n");
            }
        }
        sb.append("</tbody>\n</table>\n");

        for (int i = 0; i < entries.size(); i++) {
            section(sb, i + 1, entries.get(i));
        }
        sb.append("<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static void section(StringBuilder sb, int index, ReportEntry e) {
        CheckResult r = e.result();
        sb.append("<section class=\"test\" id=\"t").append(index).append("\">\n<h2>").append(esc(e.name())).append(' ');
        if (r != null) {
            sb.append("<span class=\"v-").append(r.verdictWord()).append("\">").append(r.verdictWord()).append("</span>");
        } else {
            sb.append("<span class=\"tag bad\">error</span>");
        }
        if (e.mismatch()) {
            sb.append(" <span class=\"tag bad\">expected ").append(e.expected().word()).append("</span>");
        }
        sb.append("</h2>\n<p class=\"summary\">").append(esc(e.file()));
        if (r != null) {
            sb.append(" · model ").append(esc(r.model().name())).append(" · ").append(r.observation().word()).append(' ')
                    .append(r.positive()).append(' ').append(r.negative()).append(" · ").append(r.explored())
                    .append(" candidates explored");
            if (r.partial()) {
                sb.append(" · <span class=\"tag partial\">partial</span> ").append(esc(r.partialReason()));
            }
        }
        sb.append("</p>\n");
        if (e.error() != null) {
            sb.append("<p class=\"error-text\">").append(esc(e.error().format())).append("</p>\n");
        }
        sb.append("<div class=\"cols\">\n<div><h3>Program</h3>\n<pre>")
                .append(esc(e.source() == null ? "(cannot read the file)" : e.source())).append("</pre></div>\n");
        if (r != null) {
            sb.append("<div><h3>States (").append(r.states().size()).append(")</h3>\n<table class=\"states\">\n");
            for (Map.Entry<FinalState, Long> s : r.states().entrySet()) {
                sb.append("<tr><td>").append(esc(s.getKey().format(r.program()))).append("</td><td>").append(s.getValue())
                        .append(s.getValue() == 1 ? " execution" : " executions").append("</td></tr>\n");
            }
            sb.append("</table>\n");
            for (var w : r.warnings()) {
                sb.append("<p class=\"summary\">").append(esc(w.format())).append("</p>\n");
            }
            sb.append("</div>\n");
        }
        sb.append("</div>\n");
        if (e.graphCaption() != null) {
            sb.append("<figure>\n<figcaption>").append(esc(e.graphCaption())).append("</figcaption>\n");
            if (e.svg() != null) {
                sb.append(e.svg()).append('\n');
            } else if (e.dot() != null) {
                sb.append("<pre class=\"dot\">").append(esc(e.dot())).append("</pre>\n");
            }
            sb.append("</figure>\n");
        }
        sb.append("</section>\n");
    }

    /** Escapes text for HTML element content and attribute values. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
