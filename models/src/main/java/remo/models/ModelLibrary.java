package remo.models;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.core.SourceText;
import remo.models.cat.CatException;
import remo.models.cat.CatParser;

/**
 * Loads cat models: the bundled library (models.md §7.6: {@code sc}, {@code tso},
 * {@code rdma-tso}, {@code rdma-tso-rmw}, {@code rdma-wait-rmw}, {@code rdma-sc-rmw}, and the
 * shared {@code rdma-base.cat}) or a user's {@code .cat} file by path.
 *
 * <p>{@code include "f.cat"} is looked up next to the including file, then in the bundled
 * library (models.md §7.2).
 */
public final class ModelLibrary {

    /** The models shipped with remo, by name. */
    public static final List<String> BUNDLED = List.of("sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw");

    private static final String RESOURCE_DIR = "/remo/models/lib/";

    /** The file name used in diagnostics for errors on the command line. */
    public static final String COMMAND_LINE = "<command line>";

    /** Creates a library over the bundled models. */
    public ModelLibrary() {
    }

    /** A parsed file and the identity used to skip a second include of it. */
    record Loaded(CatParser.CatFile file, String identity) {
    }

    /** Resolves includes relative to the file being read. */
    interface Source {
        Loaded include(String target, String fromFile, Position pos) throws CatException;
    }

    /**
     * Whether {@code arg} names a model file path rather than a bundled model: it contains a path
     * separator or ends with {@code .cat} and exists as a file.
     */
    private static boolean isPath(String arg) {
        return arg.contains("/") || arg.contains("\\") || (arg.endsWith(".cat") && Files.isRegularFile(Path.of(arg)));
    }

    /**
     * Loads a model by bundled name ({@code tso}, {@code tso.cat}) or by path.
     *
     * @param nameOrPath the {@code --model} argument
     * @return the resolved model
     * @throws CatException E-MODEL for an unknown name or unreadable file (reported against the
     *                      command line), or any load-time cat error of models.md §7.3
     */
    public CatModel load(String nameOrPath) throws CatException {
        if (isPath(nameOrPath)) {
            Path path = Path.of(nameOrPath);
            if (!Files.isRegularFile(path)) {
                throw new CatException(Diagnostic.error("E-MODEL", COMMAND_LINE, Position.START,
                        "cannot read model file '" + nameOrPath + "'"));
            }
            String text = readFile(path, nameOrPath);
            String name = path.getFileName().toString().replaceFirst("\\.cat$", "");
            return resolve(name, nameOrPath, text, path.toAbsolutePath().normalize().toString(), path.toAbsolutePath().getParent());
        }
        String name = nameOrPath.endsWith(".cat") ? nameOrPath.substring(0, nameOrPath.length() - 4) : nameOrPath;
        String text = bundledText(name + ".cat");
        if (text == null || name.equals("rdma-base")) {
            throw new CatException(Diagnostic.error("E-MODEL", COMMAND_LINE, Position.START, "unknown model '" + nameOrPath
                    + "'; expected one of " + String.join(", ", BUNDLED) + ", or a path to a .cat file"));
        }
        return resolve(name, name + ".cat", text, "bundled:" + name + ".cat", null);
    }

    /**
     * Loads a model from text (for tests and tools).
     *
     * @param fileName  the name used in diagnostics; includes are looked up in the bundled library
     * @param text      the cat source
     * @throws CatException any load-time cat error
     */
    public CatModel loadText(String fileName, String text) throws CatException {
        String name = fileName.replaceFirst("\\.cat$", "").replaceFirst(".*/", "");
        return resolve(name, fileName, text, "text:" + fileName, null);
    }

    /** The text of a bundled model file such as {@code tso.cat}, or null if there is none. */
    public static String bundledText(String fileName) {
        try (InputStream in = ModelLibrary.class.getResourceAsStream(RESOURCE_DIR + fileName)) {
            if (in == null) {
                return null;
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    private static String readFile(Path path, String shownName) throws CatException {
        try {
            return SourceText.decode(Files.readAllBytes(path), shownName, "E-CAT-SYNTAX");
        } catch (DiagnosticException e) {
            throw new CatException(e.diagnostic());
        } catch (IOException | RuntimeException e) {
            throw new CatException(Diagnostic.error("E-MODEL", COMMAND_LINE, Position.START,
                    "cannot read model file '" + shownName + "': " + e.getMessage()));
        }
    }

    private CatModel resolve(String name, String shownName, String text, String identity, Path dir) throws CatException {
        try {
            CatParser.CatFile file = CatParser.parse(shownName, text);
            Source source = new FileSource(dir);
            return new CatModel.Resolver(source).resolve(name, file, identity);
        } catch (StackOverflowError e) {
            throw new CatException(Diagnostic.error("E-CAT-SYNTAX", shownName, Position.START,
                    "model nested too deeply to load (the parser ran out of stack); simplify the nesting"));
        }
    }

    /** Include resolution: the directory of the top file (if any), then the bundled library. */
    private static final class FileSource implements Source {
        private final Path dir;

        FileSource(Path dir) {
            this.dir = dir;
        }

        @Override
        public Loaded include(String target, String fromFile, Position pos) throws CatException {
            if (dir != null) {
                Path p = dir.resolve(target);
                if (Files.isRegularFile(p)) {
                    String shown = Path.of(fromFile).getParent() == null ? target
                            : Path.of(fromFile).getParent().resolve(target).toString();
                    return new Loaded(CatParser.parse(shown, readFile(p, shown)), p.toAbsolutePath().normalize().toString());
                }
            }
            String text = bundledText(target);
            if (text == null) {
                throw new CatException(Diagnostic.error("E-CAT-INCLUDE", fromFile, pos, "cannot find included file '"
                        + target + "' (looked next to " + fromFile + " and in the bundled model library)"));
            }
            return new Loaded(CatParser.parse(target, text), "bundled:" + target);
        }
    }
}
