package remo.cli.report;

import remo.checker.CheckResult;
import remo.checker.Verdict;
import remo.core.Diagnostic;

/**
 * One test of an HTML report.
 *
 * @param file         the file as given
 * @param name         the test's name (the file name if it could not be parsed)
 * @param source       the file's text, or {@code null} if it cannot be read
 * @param result       the result, or {@code null} if an error stopped the test
 * @param error        that error, or {@code null}
 * @param expected     the expected verdict ({@code --expect}), or {@code null}
 * @param graphCaption what the drawing shows ({@code witness}, {@code why forbidden: …}), or a note
 *                     saying why there is none
 * @param svg          the drawing as an inline {@code <svg>} element, or {@code null}
 * @param dot          the drawing's DOT text (shown when there is no SVG), or {@code null}
 */
public record ReportEntry(String file, String name, String source, CheckResult result, Diagnostic error, Verdict expected,
                          String graphCaption, String svg, String dot) {

    /** Whether the verdict differs from the expected one. */
    public boolean mismatch() {
        return expected != null && result != null && result.decided() && expected != result.verdict();
    }
}
