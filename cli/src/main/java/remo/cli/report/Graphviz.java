package remo.cli.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs Graphviz's {@code dot} program, if it is installed, to render DOT text as SVG or PNG.
 * An instance is immutable; {@link #find()} looks the program up on {@code PATH}.
 */
public final class Graphviz {
    /** How long one {@code dot} run may take before it is abandoned, in seconds. */
    public static final int TIMEOUT_SECONDS = 60;

    /** The hint printed when {@code dot} is missing. */
    public static final String INSTALL_HINT = "Graphviz 'dot' not found; DOT files were written; render one with "
            + "'dot -Tsvg FILE.dot -o FILE.svg' after installing Graphviz (e.g. apt-get install graphviz)";

    private final Path dot;

    private Graphviz(Path dot) {
        this.dot = dot;
    }

    /**
     * Looks for {@code dot} in the directories of the {@code PATH} environment variable.
     *
     * @return the renderer, or empty if no executable {@code dot} is found
     */
    public static Optional<Graphviz> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, "dot");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(new Graphviz(p));
            }
        }
        return Optional.empty();
    }

    /** The {@code dot} executable used. */
    public Path executable() {
        return dot;
    }

    /**
     * Renders DOT text.
     *
     * @param dotText the graph
     * @param format  a {@code -T} format of dot: {@code svg} or {@code png}
     * @return the rendered bytes
     * @throws IOException if dot cannot be started, fails (its message is included), or takes
     *                     longer than {@link #TIMEOUT_SECONDS}
     */
    public byte[] render(String dotText, String format) throws IOException {
        try {
            return run(dotText, format);
        } catch (IOException first) {
            // Graphviz 2.43 (Debian 12) sometimes fails with "trouble in init_rank" on clustered
            // graphs whose labelled edges do not constrain ranks; edge labels placed after layout
            // (xlabel) avoid the bug. Retry once that way, keep the first error if it fails too.
            String xlabels = dotText.lines()
                    .map(l -> l.contains("->") ? l.replace("[label=", "[xlabel=").replace(" label=", " xlabel=") : l)
                    .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
            if (xlabels.equals(dotText)) {
                throw first;
            }
            try {
                return run(xlabels, format);
            } catch (IOException second) {
                throw first;
            }
        }
    }

    private byte[] run(String dotText, String format) throws IOException {
        Process p = new ProcessBuilder(List.of(dot.toString(), "-T" + format)).redirectErrorStream(false).start();
        CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        try (OutputStream in = p.getOutputStream()) {
            in.write(dotText.getBytes(StandardCharsets.UTF_8));
        }
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("dot took longer than " + TIMEOUT_SECONDS + " s");
            }
            byte[] result = out.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (p.exitValue() != 0) {
                throw new IOException("dot failed (exit " + p.exitValue() + "): "
                        + new String(err.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), StandardCharsets.UTF_8).trim());
            }
            return result;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running dot", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            throw new IOException("cannot read dot's output: " + e.getMessage(), e);
        }
    }

    /**
     * Renders DOT text as SVG and returns the {@code <svg>} element alone (without the XML
     * declaration and DOCTYPE), ready to be inlined in HTML.
     *
     * @throws IOException as {@link #render}
     */
    public String inlineSvg(String dotText) throws IOException {
        String svg = new String(render(dotText, "svg"), StandardCharsets.UTF_8);
        int start = svg.indexOf("<svg");
        return start < 0 ? svg : svg.substring(start);
    }

    private static byte[] readAll(InputStream in) {
        try (in; ByteArrayOutputStream b = new ByteArrayOutputStream()) {
            in.transferTo(b);
            return b.toByteArray();
        } catch (IOException e) {
            return new byte[0];
        }
    }
}
