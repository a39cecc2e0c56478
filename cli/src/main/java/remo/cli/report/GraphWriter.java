package remo.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import remo.checker.CheckResult;
import remo.checker.Execution;
import remo.core.OutputFile;
import remo.models.CatModel;

/**
 * Writes the execution graphs of checked tests into a directory ({@code remo check --graph DIR}):
 * for each drawn execution {@code NAME-K.dot}, and {@code NAME-K.svg} or {@code NAME-K.png} when a
 * format is asked for and Graphviz is installed. {@code NAME} is the test's name with characters
 * other than letters, digits and {@code . _ + -} replaced by {@code _}, made unique within the run.
 * Not thread-safe (it remembers the names used).
 */
public final class GraphWriter {
    private final Path dir;
    private final String format;
    private final Graphviz graphviz;
    private final ShowRequest show;
    private final int maxGraphs;
    private final Set<String> skippedChecks;
    private final Set<String> usedNames = new HashSet<>();

    /**
     * @param dir           the output directory (created if missing)
     * @param format        {@code dot}, {@code svg} or {@code png}
     * @param graphviz      the renderer, or {@code null} if dot is not installed (then only DOT is written)
     * @param show          which executions and extra relations to draw
     * @param maxGraphs     at most this many graphs per test
     * @param skippedChecks checks the run ignored
     */
    public GraphWriter(Path dir, String format, Graphviz graphviz, ShowRequest show, int maxGraphs, Set<String> skippedChecks) {
        this.dir = dir;
        this.format = format;
        this.graphviz = graphviz;
        this.show = show;
        this.maxGraphs = maxGraphs;
        this.skippedChecks = Set.copyOf(skippedChecks);
    }

    /** A file-name-safe form of a test name. */
    public static String safeName(String name) {
        String s = name.replaceAll("[^A-Za-z0-9._+-]", "_");
        return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
    }

    /**
     * The graphs of one result, in drawing order.
     *
     * @param r     a result whose executions were collected in {@code show.mode()}
     * @param model the model of the run
     * @param base  the base name of the graphs ({@code SB} gives {@code SB-1}, {@code SB-2}, …)
     */
    public List<GraphDrawing> graphs(CheckResult r, CatModel model, String base) {
        GraphBuilder builder = new GraphBuilder(model, skippedChecks, show.relations());
        List<GraphDrawing> out = new ArrayList<>();
        int k = 1;
        for (Execution x : show.mode().select(r.executions(), maxGraphs)) {
            out.add(builder.build(x, base + "-" + k++));
        }
        return out;
    }

    /**
     * Writes the graphs of one result, each file atomically ({@link OutputFile}): a file is there
     * whole or not at all.
     *
     * @param r       the result (executions collected in {@code show.mode()})
     * @param model   the model of the run
     * @param written receives each file once it is in place (DOT files, then rendered ones), so that
     *                after a failure it holds the files that were written
     * @throws IOException if a file cannot be written ({@link OutputFile.WriteFailure}, naming it) or dot fails
     */
    public void write(CheckResult r, CatModel model, List<Path> written) throws IOException {
        Files.createDirectories(dir);
        String base = uniqueName(safeName(r.program().name()));
        for (GraphDrawing g : graphs(r, model, base)) {
            String dot = DotRenderer.render(g);
            Path file = dir.resolve(g.name() + ".dot");
            OutputFile.writeAtomically(file, dot);
            written.add(file);
            if (graphviz != null && !"dot".equals(format)) {
                Path rendered = dir.resolve(g.name() + "." + format);
                OutputFile.writeAtomically(rendered, graphviz.render(dot, format));
                written.add(rendered);
            }
        }
    }

    /**
     * Writes the graphs of one result ({@link #write(CheckResult, CatModel, List)}).
     *
     * @return the files written (DOT files, then rendered ones), empty if there was nothing to draw
     * @throws IOException as the other
     */
    public List<Path> write(CheckResult r, CatModel model) throws IOException {
        List<Path> written = new ArrayList<>();
        write(r, model, written);
        return written;
    }

    private String uniqueName(String base) {
        String name = base;
        for (int i = 2; !usedNames.add(name); i++) {
            name = base + "~" + i;
        }
        return name;
    }

    /** Whether rendering was asked for but Graphviz is missing (the caller prints {@link Graphviz#INSTALL_HINT}). */
    public boolean missingRenderer() {
        return graphviz == null && !"dot".equals(format);
    }
}
