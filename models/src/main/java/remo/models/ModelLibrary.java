package remo.models;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.core.InputLimits;
import remo.core.SourceText;
import remo.core.UserPath;
import remo.models.cat.CatException;
import remo.models.cat.CatParser;

/**
 * Loads cat models: the bundled library (models.md §7.6: {@code sc}, {@code tso},
 * {@code rdma-tso}, {@code rdma-tso-rmw}, {@code rdma-wait-rmw}, {@code rdma-sc-rmw}, and the
 * shared {@code rdma-base.cat}, {@code stdlib.cat} and {@code cos.cat}) or a user's {@code .cat}
 * file by path or on the cat path.
 *
 * <p>{@code include "f.cat"} in a user's file is looked up in the cat path directories (in
 * order: {@code --cat-path}, herd7's {@code -set-libdir} and {@code -I}), then next to the
 * including file, then next to the model file, then in the bundled library. A bundled model's
 * includes come from the bundled library only. A model with herd7's vocabulary
 * ({@link CatModel.Vocabulary#HERD}) first includes {@code stdlib.cat}, found the same way, as
 * herd7 does.
 */
public final class ModelLibrary {

    /** The models shipped with remo, by name. */
    public static final List<String> BUNDLED = List.of("sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw");

    /** Bundled files that are libraries for includes, not models. */
    private static final Set<String> LIBRARY_FILES = Set.of("rdma-base.cat", "stdlib.cat", "cos.cat");

    private static final String RESOURCE_DIR = "/remo/models/lib/";

    /**
     * The bundled models once loaded: their text is the jar's, so a load gives the same immutable
     * model every time (a {@link CatModel} is shared by the threads of a run already). A JVM that
     * runs many checks (the {@code remo} server, docs/daemon.md) parses each at most once; at most
     * one entry per bundled model.
     */
    private static final java.util.concurrent.ConcurrentMap<String, CatModel> BUNDLED_MODELS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** The file name used in diagnostics for errors on the command line. */
    public static final String COMMAND_LINE = "<command line>";

    private final List<Path> catPath;

    /**
     * The directory relative names are read from, or null for the process's working directory: a
     * run served by the {@code remo} server (docs/daemon.md) reads its client's directory. Names
     * stay as the user wrote them in every message; only reading resolves them.
     */
    private final Path base;

    /** Creates a library over the bundled models, with an empty cat path. */
    public ModelLibrary() {
        this(List.of());
    }

    /**
     * Creates a library whose user models and includes are also looked up in {@code catPath}.
     *
     * @param catPath directories, searched in order
     */
    public ModelLibrary(List<Path> catPath) {
        this(catPath, null);
    }

    /**
     * Creates a library over {@code catPath} whose relative names (model files, cat path
     * directories) are read from {@code base}.
     *
     * @param catPath directories, searched in order
     * @param base    the directory relative names are read from, or null for the working directory
     */
    public ModelLibrary(List<Path> catPath, Path base) {
        this.catPath = List.copyOf(catPath);
        this.base = base;
    }

    /** {@code p} as the file system must be asked for it: resolved against {@link #base}. */
    private Path io(Path p) {
        return base == null || p.isAbsolute() ? p : base.resolve(p);
    }

    /** A parsed file and the identity used to skip a second include of it. */
    record Loaded(CatParser.CatFile file, String identity) {
    }

    /** Resolves includes relative to the file being read. */
    interface Source {
        Loaded include(String target, String fromFile, Position pos) throws CatException;
    }

    /** Whether {@code fileName} (such as {@code rdma-base.cat}) is one of remo's bundled model files or libraries. */
    static boolean isBundledModelFile(String fileName) {
        String name = fileName.endsWith(".cat") ? fileName.substring(0, fileName.length() - 4) : fileName;
        return BUNDLED.contains(name) || fileName.equals("rdma-base.cat");
    }

    /**
     * Whether {@code arg} names a model file path rather than a bundled model: it contains a path
     * separator or ends with {@code .cat} or {@code .bell} and exists as a file.
     */
    private boolean isPath(String arg) throws CatException {
        return arg.contains("/") || arg.contains("\\")
                || ((arg.endsWith(".cat") || arg.endsWith(".bell")) && Files.isRegularFile(io(modelPath(arg))));
    }

    /** The path of a {@code --model} argument ({@link UserPath}: E-MODEL for a name no file can have). */
    private static Path modelPath(String arg) throws CatException {
        try {
            return UserPath.resolve(null, arg, COMMAND_LINE, Position.START, "E-MODEL", "model file");
        } catch (DiagnosticException e) {
            throw new CatException(e.diagnostic());
        }
    }

    private Path onCatPath(String fileName) {
        for (Path dir : catPath) {
            Path p = dir.resolve(fileName);
            if (Files.isRegularFile(io(p))) {
                return p;
            }
        }
        return null;
    }

    /**
     * Loads a model by bundled name ({@code tso}, {@code tso.cat}), by path, or by file name on the
     * cat path. A name ending in {@code .cat} is looked up on the cat path before the bundled
     * library (as herd7's {@code -model x86tso.cat}); a bare name is a bundled model first.
     *
     * @param nameOrPath the {@code --model} argument
     * @return the resolved model
     * @throws CatException E-MODEL for an unknown name or unreadable file (reported against the
     *                      command line), or any load-time cat error of models.md §7.3
     */
    public CatModel load(String nameOrPath) throws CatException {
        modelPath(nameOrPath);
        if (isPath(nameOrPath)) {
            Path path = io(modelPath(nameOrPath));
            if (!Files.isRegularFile(path)) {
                String why = UserPath.whyUnreadable(path);
                throw new CatException(Diagnostic.error("E-MODEL", COMMAND_LINE, Position.START,
                        "cannot read model file '" + SourceText.quote(nameOrPath) + "'"
                                + (why == null ? ": not a regular file" : ": " + why)));
            }
            return loadFile(path, nameOrPath);
        }
        boolean fileName = nameOrPath.endsWith(".cat") || nameOrPath.endsWith(".bell");
        Path found = fileName ? onCatPath(nameOrPath) : null;
        if (found != null) {
            return loadFile(found, found.toString());
        }
        String name = nameOrPath.endsWith(".cat") ? nameOrPath.substring(0, nameOrPath.length() - 4) : nameOrPath;
        String text = LIBRARY_FILES.contains(name + ".cat") ? null : bundledText(name + ".cat");
        if (text == null) {
            found = fileName ? null : onCatPath(nameOrPath + ".cat");
            if (found != null) {
                return loadFile(found, found.toString());
            }
            throw new CatException(Diagnostic.error("E-MODEL", COMMAND_LINE, Position.START, "unknown model '" + SourceText.quote(nameOrPath)
                    + "'; expected one of " + String.join(", ", BUNDLED) + ", or a path to a .cat file"
                    + (catPath.isEmpty() ? "" : " or a file on the cat path")));
        }
        CatModel cached = BUNDLED_MODELS.get(name);
        if (cached != null) {
            return cached;
        }
        FileSource source = new FileSource(null, List.of(), null);
        CatModel m = resolve(name, name + ".cat", text, "bundled:" + name + ".cat", source, CatModel.Vocabulary.REMO);
        BUNDLED_MODELS.putIfAbsent(name, m);
        return m;
    }

    private CatModel loadFile(Path shownPath, String shownName) throws CatException {
        Path path = io(shownPath);
        String text = readFile(path, shownName);
        String name = path.getFileName().toString().replaceFirst("\\.(cat|bell)$", "");
        Path dir = path.toAbsolutePath().getParent();
        FileSource source = new FileSource(dir, catPath, base);
        source.directories.put(shownName, dir);
        return resolve(name, shownName, text, path.toAbsolutePath().normalize().toString(), source, null);
    }

    /**
     * Loads a model from text (for tests and tools).
     *
     * @param fileName  the name used in diagnostics; includes are looked up on the cat path and in
     *                  the bundled library
     * @param text      the cat source
     * @throws CatException any load-time cat error
     */
    public CatModel loadText(String fileName, String text) throws CatException {
        String name = fileName.replaceFirst("\\.cat$", "").replaceFirst(".*/", "");
        return resolve(name, fileName, text, "text:" + fileName, new FileSource(null, catPath, base), null);
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
            return SourceText.decode(InputLimits.read(path, shownName), shownName, "E-CAT-SYNTAX");
        } catch (DiagnosticException e) {
            throw new CatException(e.diagnostic());
        } catch (IOException | RuntimeException e) {
            throw new CatException(Diagnostic.error("E-MODEL", COMMAND_LINE, Position.START,
                    "cannot read model file '" + SourceText.quote(shownName) + "': " + UserPath.describe(e)));
        }
    }

    /**
     * Parses a model file and every file it includes (through every branch), without running it.
     *
     * @return the identities of the files read, the model file first
     * @throws CatException E-CAT-SYNTAX in any of them, or E-CAT-INCLUDE for an include not found
     */
    Set<String> includeClosure(Path shownPath) throws CatException {
        Path path = io(shownPath);
        Path dir = path.toAbsolutePath().getParent();
        FileSource source = new FileSource(dir, catPath, base);
        source.directories.put(shownPath.toString(), dir);
        CatParser.CatFile file = CatParser.parse(shownPath.toString(), readFile(path, shownPath.toString()));
        return VocabularyScan.includeClosure(file, path.toAbsolutePath().normalize().toString(), source);
    }

    /**
     * @param vocabulary the vocabulary, or null to decide it from the files ({@link VocabularyScan})
     */
    private CatModel resolve(String name, String shownName, String text, String identity, FileSource source,
                             CatModel.Vocabulary vocabulary) throws CatException {
        try {
            CatParser.CatFile file = CatParser.parse(shownName, text);
            CatModel.Vocabulary v = vocabulary != null ? vocabulary : VocabularyScan.of(file, identity, source);
            NodeFactory nodes = new NodeFactory();
            CatInterpreter.Result r = new CatInterpreter(source, nodes, v).run(file, identity,
                    v == CatModel.Vocabulary.HERD ? "stdlib.cat" : null);
            return new CatModel(name, identity, v, r, nodes);
        } catch (StackOverflowError e) {
            throw new CatException(Diagnostic.error("E-CAT-SYNTAX", shownName, Position.START,
                    "model nested too deeply to load (the parser or a recursive function ran out of stack); "
                            + "simplify the nesting"));
        }
    }

    /** Include resolution for one load; parsed files are kept, so each file is read once. */
    private static final class FileSource implements Source {
        private final Path modelDir;
        private final List<Path> catPath;
        private final Path base;
        final Map<String, Path> directories = new HashMap<>();
        private final Map<String, Loaded> parsed = new HashMap<>();

        /** @param modelDir the model file's folder, or null for a bundled model or a model from text */
        FileSource(Path modelDir, List<Path> catPath, Path base) {
            this.modelDir = modelDir;
            this.catPath = catPath;
            this.base = base;
        }

        @Override
        public Loaded include(String target, String fromFile, Position pos) throws CatException {
            List<Path> dirs = new ArrayList<>(catPath);
            Path from = directories.get(fromFile);
            if (from != null) {
                dirs.add(from);
            }
            if (modelDir != null) {
                dirs.add(modelDir);
            }
            boolean bundledModel = modelDir == null && catPath.isEmpty() && from == null;
            try {
                UserPath.resolve(null, target, fromFile, pos, "E-CAT-INCLUDE", "included file");
            } catch (DiagnosticException e) {
                throw new CatException(e.diagnostic());
            }
            for (Path dir : bundledModel ? List.<Path>of() : dirs) {
                Path p = dir.resolve(target);
                Path read = base == null || p.isAbsolute() ? p : base.resolve(p);
                if (Files.isRegularFile(read)) {
                    String identity = read.toAbsolutePath().normalize().toString();
                    Loaded l = parsed.get(identity);
                    if (l == null) {
                        String shown = shownName(fromFile, dir, from, p);
                        l = new Loaded(CatParser.parse(shown, readFile(read, shown)), identity);
                        directories.put(shown, read.toAbsolutePath().getParent());
                        parsed.put(identity, l);
                    }
                    return l;
                }
            }
            String text = bundledText(target);
            if (text == null) {
                throw new CatException(Diagnostic.error("E-CAT-INCLUDE", fromFile, pos, "cannot find included file '"
                        + SourceText.quote(target) + "' (looked " + (catPath.isEmpty() ? "" : "on the cat path, ") + "next to " + fromFile
                        + " and in the bundled model library)"));
            }
            String identity = "bundled:" + target;
            Loaded l = parsed.get(identity);
            if (l == null) {
                l = new Loaded(CatParser.parse(target, text), identity);
                parsed.put(identity, l);
            }
            return l;
        }

        /** The name diagnostics use for an included file: relative to the including file's name when found beside it. */
        private static String shownName(String fromFile, Path dir, Path fromDir, Path found) {
            if (dir.equals(fromDir)) {
                Path parent = Path.of(fromFile).getParent();
                return parent == null ? found.getFileName().toString() : parent.resolve(found.getFileName()).toString();
            }
            return found.toString();
        }
    }
}
