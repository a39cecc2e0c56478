package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden docs: every command block of {@code README.md} and of {@code docs/**}{@code /*.md} is run
 * for real and its documented output compared with what the commands print today.
 *
 * <p>The rules (also in {@code docs/testing.md}, "Documented commands"):
 * <ul>
 * <li>A <b>command block</b> is a fenced block whose first non-blank line starts with {@code $ }.
 * Each {@code $ } line is a command (a line ending in {@code \} continues on the next line, as in
 * bash); the lines after it, up to the next {@code $ } line, are its documented output: standard
 * output and standard error merged, as a terminal shows them.</li>
 * <li>The commands of one block run one after the other with {@code bash -c}, in a fresh temporary
 * working directory that holds symbolic links {@code examples}, {@code testdata} and {@code docs}
 * to the repository's folders, an executable {@code ./remo} that runs
 * {@code java -cp <this test's class path> remo.cli.Main "$@"} (as for a user, {@code remo} alone is
 * not on the {@code PATH}), and
 * {@code cli/target/remo.jar}, a jar whose manifest puts the same class path behind it (so that
 * {@code java -cp cli/target/remo.jar Example.java} works as documented). Pipes and redirections
 * work; files a command writes stay for the next command of the block.</li>
 * <li>Normalisation, on both sides: times are masked ({@code Time L07 0.01}, {@code 0.3 s},
 * {@code 0.30s}, {@code 12 ms}, JSON's {@code "time" : 0.01}); trailing spaces and trailing blank
 * lines are ignored. In the documented output a line that is only {@code …} matches any number of
 * lines (none included), and {@code …} inside a line matches any text.</li>
 * <li>A command without documented output lines is run and only its exit status is checked.</li>
 * <li>The exit status must be 0, unless the command line ends with the comment {@code # exit N}.</li>
 * <li>A block that must not be run (it needs hardware or a network, takes minutes, or is a Maven
 * command) is preceded by the HTML comment {@code <!-- not run: REASON -->}; such blocks are
 * counted and listed with their reasons.</li>
 * </ul>
 */
class DocumentedCommandsTest {
    private static final Pattern FENCE = Pattern.compile("^( *)(`{3,}|~{3,})(.*)$");
    private static final Pattern NOT_RUN = Pattern.compile("^<!--\\s*not run(:\\s*(.*?))?\\s*-->$");
    private static final Pattern EXIT = Pattern.compile("#\\s*exit\\s+(\\d+)\\s*$");
    private static final String ELLIPSIS = "…";
    private static final long COMMAND_TIMEOUT_SECONDS = 120;
    /** Times as remo prints them: seconds with a unit, milliseconds, the block's Time line, JSON's time. */
    private static final Pattern TIME_LINE = Pattern.compile("^(Time \\S+) \\d+(\\.\\d+)?$");
    private static final Pattern JSON_TIME = Pattern.compile("(\"time\" ?: ?)\\d+(\\.\\d+)?");
    private static final Pattern TIME = Pattern.compile("(?<![\\w.])\\d+(\\.\\d+)? ?(ms|s)\\b");

    record Command(String text, int line, int exit, List<String> output) {
    }

    record Block(String file, int line, List<Command> commands, String notRun) {
        String where() {
            return file + ":" + line;
        }
    }

    /** Problems of the documents themselves (a marker without a reason or without a block). */
    private static final List<String> malformed = new ArrayList<>();

    @TestFactory
    Stream<DynamicTest> everyDocumentedCommandPrintsWhatItsDocumentSays() throws IOException {
        Path root = TestData.root();
        List<Path> documents = new ArrayList<>();
        documents.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        malformed.clear();
        List<Block> blocks = new ArrayList<>();
        for (Path d : documents) {
            blocks.addAll(blocks(root.relativize(d).toString(), Files.readAllLines(d, StandardCharsets.UTF_8)));
        }
        List<Block> run = blocks.stream().filter(b -> b.notRun() == null).toList();
        List<Block> notRun = blocks.stream().filter(b -> b.notRun() != null).toList();
        int commands = run.stream().mapToInt(b -> b.commands().size()).sum();
        System.out.println("DocumentedCommandsTest: " + blocks.size() + " command blocks in " + documents.size()
                + " documents: " + run.size() + " run (" + commands + " commands), " + notRun.size() + " not run:");
        for (Block b : notRun) {
            System.out.println("  " + b.where() + ": " + b.notRun() + " ($ " + b.commands().get(0).text().lines().findFirst().orElse("") + ")");
        }
        Path tools = Files.createTempDirectory("remo-docs-tools");
        Path launcher = tools.resolve("remo");
        Path jar = tools.resolve("remo.jar");
        writeTools(launcher, jar);
        List<DynamicTest> tests = new ArrayList<>();
        List<String> badMarkers = List.copyOf(malformed);
        tests.add(DynamicTest.dynamicTest("the documents' markers are well formed",
                () -> assertTrue(badMarkers.isEmpty(), String.join("\n", badMarkers))));
        tests.add(DynamicTest.dynamicTest("README has command blocks that run",
                () -> assertTrue(run.stream().anyMatch(b -> b.file().equals("README.md")), "no command block in README.md")));
        // the blocks run two at a time (each command is mostly one JVM's start-up on one core); each
        // dynamic test waits for its block's result
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
        for (Block b : run) {
            String first = b.commands().get(0).text().lines().findFirst().orElse("");
            Future<List<String>> result = pool.submit(() -> runBlock(root, launcher, jar, b));
            tests.add(DynamicTest.dynamicTest(b.where() + " $ " + first, () -> {
                List<String> problems = result.get();
                if (!problems.isEmpty()) {
                    fail(String.join("\n\n", problems));
                }
            }));
        }
        pool.shutdown();
        tests.add(DynamicTest.dynamicTest("clean up", () -> {
            assertTrue(pool.awaitTermination(10, TimeUnit.MINUTES), "the blocks ended");
            deleteTree(tools);
        }));
        return tests.stream();
    }

    // ---- the rules themselves

    @Test
    void timesAreMaskedAndEllipsesMatchLinesOrText() {
        assertTrue(matches(List.of("Test L07 Allowed", "Time L07 0.01"), "Test L07 Allowed\nTime L07 12.34\n\n"));
        assertTrue(matches(List.of("Time: 0.16 s simulating, 0.03 s checking"), "Time: 21.30 s simulating, 1 s checking"));
        assertTrue(matches(List.of("SB    Allowed    x86tso       States 4      0.30s"), "SB    Allowed    x86tso       States 4      0.01s  "));
        assertTrue(matches(List.of("\"time\" : 0.016", "took 12 ms"), "\"time\" : 3.5\ntook 7 ms"));
        assertTrue(matches(List.of("a", "…", "d"), "a\nb\nc\nd"));
        assertTrue(matches(List.of("a", "…", "b"), "a\nb"));
        assertTrue(matches(List.of("TLC 2.18 (…) in child JVMs"), "TLC 2.18 (remo.jar) in child JVMs"));
        assertFalse(matches(List.of("a", "b"), "a\nb\nc"), "every printed line must be documented");
        assertFalse(matches(List.of("States 2"), "States 3"), "counts are not masked");
        assertFalse(matches(List.of("no time limit"), "time limit 3600 s per configuration"));
        assertEquals(List.of("Time X <time>", "x <time> y"), normalise(List.of("Time X 0.5", "x 3 s y", "")));
    }

    @Test
    void blocksCommandsExitStatusesAndMarkersAreRead() {
        malformed.clear();
        List<Block> blocks = blocks("doc.md", List.of(
                "text", "```", "$ ./remo a \\", "    --b", "out 1", "$ ./remo c    # exit 2", "```",
                "<!-- not run: needs a network -->", "", "```", "$ mvn -B test", "```",
                "```java", "int x;", "```", "<!-- not run -->", "```", "$ x", "```"));
        assertEquals(3, blocks.size());
        Block first = blocks.get(0);
        assertEquals(2, first.commands().size());
        assertEquals("./remo a \\\n    --b", first.commands().get(0).text());
        assertEquals(List.of("out 1"), first.commands().get(0).output());
        assertEquals(0, first.commands().get(0).exit());
        assertEquals(2, first.commands().get(1).exit());
        assertEquals("needs a network", blocks.get(1).notRun());
        assertEquals(1, malformed.size(), "a marker without a reason: " + malformed);
        malformed.clear();
    }

    // ---- parsing

    static List<Block> blocks(String file, List<String> lines) {
        List<Block> out = new ArrayList<>();
        String pendingMarker = null;
        int markerLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher marker = NOT_RUN.matcher(line.strip());
            if (marker.matches()) {
                if (marker.group(2) == null || marker.group(2).isBlank()) {
                    malformed.add(file + ":" + (i + 1) + ": a not-run marker needs a reason: <!-- not run: REASON -->");
                }
                if (pendingMarker != null) {
                    malformed.add(file + ":" + markerLine + ": not-run marker without a command block after it");
                }
                pendingMarker = marker.group(2) == null ? "" : marker.group(2);
                markerLine = i + 1;
                continue;
            }
            Matcher fence = FENCE.matcher(line);
            if (!fence.matches()) {
                if (!line.isBlank() && pendingMarker != null) {
                    malformed.add(file + ":" + markerLine + ": not-run marker without a command block after it");
                    pendingMarker = null;
                }
                continue;
            }
            int indent = fence.group(1).length();
            String delimiter = fence.group(2);
            List<String> content = new ArrayList<>();
            int start = i + 1;
            i++;
            while (i < lines.size()) {
                String l = lines.get(i);
                String s = l.strip();
                if (s.startsWith(delimiter) && s.chars().allMatch(c -> c == delimiter.charAt(0))) {
                    break;
                }
                content.add(l.length() >= indent && l.substring(0, indent).isBlank() ? l.substring(indent) : l.stripLeading());
                i++;
            }
            String firstLine = content.stream().filter(l -> !l.isBlank()).findFirst().orElse("");
            if (!firstLine.startsWith("$ ")) {
                if (pendingMarker != null) {
                    malformed.add(file + ":" + markerLine + ": not-run marker before a block that is no command block");
                }
                pendingMarker = null;
                continue;
            }
            out.add(new Block(file, start, commands(content, start), pendingMarker));
            pendingMarker = null;
        }
        return out;
    }

    private static List<Command> commands(List<String> content, int fenceLine) {
        List<Command> commands = new ArrayList<>();
        int k = 0;
        while (k < content.size() && content.get(k).isBlank()) {
            k++;
        }
        while (k < content.size()) {
            int line = fenceLine + k + 1;
            StringBuilder text = new StringBuilder(content.get(k).substring(2));
            k++;
            while (text.toString().endsWith("\\") && k < content.size()) {
                text.append('\n').append(content.get(k));
                k++;
            }
            List<String> output = new ArrayList<>();
            while (k < content.size() && !content.get(k).startsWith("$ ")) {
                output.add(content.get(k));
                k++;
            }
            Matcher exit = EXIT.matcher(text);
            commands.add(new Command(text.toString(), line, exit.find() ? Integer.parseInt(exit.group(1)) : 0, output));
        }
        return commands;
    }

    // ---- running

    private static void writeTools(Path launcher, Path jar) throws IOException {
        // SLF4J's own jars first: Alloy's jar carries an old copy of slf4j-api that would otherwise
        // print "Failed to load class org.slf4j.impl.StaticLoggerBinder" (remo.jar has SLF4J 2 and its
        // no-operation binding, and prints nothing)
        List<String> entries = new ArrayList<>(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
        entries.removeIf(String::isEmpty);
        List<String> ordered = new ArrayList<>(entries.stream().filter(e -> e.contains("/org/slf4j/")).toList());
        entries.stream().filter(e -> !e.contains("/org/slf4j/")).forEach(ordered::add);
        String classPath = String.join(File.pathSeparator, ordered);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(launcher, "#!/usr/bin/env bash\n"
                + "# remo for the documented commands: the test's class path instead of cli/target/remo.jar\n"
                + "exec " + quote(java) + " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp " + quote(classPath)
                + " remo.cli.Main \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        // a jar with nothing but a manifest whose Class-Path is the test's class path (absolute paths,
        // which both the class loader and javac, for java's source-file mode, resolve)
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "remo.cli.Main");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, ordered.stream()
                .map(e -> Files.isDirectory(Path.of(e)) && !e.endsWith("/") ? e + "/" : e)
                .collect(Collectors.joining(" ")));
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, manifest)) {
            j.flush();
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Runs the commands of a block; returns what differs from its document (nothing when it agrees). */
    private static List<String> runBlock(Path root, Path launcher, Path jar, Block block) throws Exception {
        Path dir = Files.createTempDirectory("remo-docs");
        try {
            for (String folder : List.of("examples", "testdata", "docs")) {
                Files.createSymbolicLink(dir.resolve(folder), root.resolve(folder).toAbsolutePath());
            }
            Files.createSymbolicLink(dir.resolve("remo"), launcher);
            Files.createDirectories(dir.resolve("cli/target"));
            Files.createSymbolicLink(dir.resolve("cli/target/remo.jar"), jar);
            List<String> problems = new ArrayList<>();
            for (Command c : block.commands()) {
                Path log = Files.createTempFile("remo-docs-output", ".txt");
                ProcessBuilder pb = new ProcessBuilder("bash", "-c", c.text()).directory(dir.toFile()).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
                Map<String, String> env = pb.environment();
                env.put("LC_ALL", "C.UTF-8");
                env.remove("REMO_JAVA_OPTS");
                Process p = pb.start();
                boolean ended = p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                if (!ended) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
                String printed = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
                Files.delete(log);
                if (!ended) {
                    problems.add(block.file() + ":" + c.line() + ": $ " + c.text() + "\n  did not end within "
                            + COMMAND_TIMEOUT_SECONDS + " s (mark the block <!-- not run: REASON -->?); it printed:\n" + indent(printed));
                    continue;
                }
                int exit = p.exitValue();
                if (exit != c.exit()) {
                    problems.add(block.file() + ":" + c.line() + ": $ " + c.text() + "\n  exit status " + exit + ", documented "
                            + c.exit() + (c.exit() == 0 ? " (write '# exit " + exit + "' at the end of the command line if intended)" : "")
                            + "\n  it printed:\n" + indent(printed));
                }
                if (!c.output().isEmpty() && !matches(c.output(), printed)) {
                    problems.add(block.file() + ":" + c.line() + ": $ " + c.text() + "\n  documented output:\n"
                            + indent(String.join("\n", c.output())) + "\n  printed today:\n" + indent(printed)
                            + "\n  first difference: " + firstDifference(c.output(), printed));
                }
            }
            return problems;
        } finally {
            deleteTree(dir);
        }
    }

    private static String indent(String text) {
        return text.lines().limit(400).map(l -> "    | " + l).collect(Collectors.joining("\n"));
    }

    // ---- comparing

    /** Masks times, drops trailing spaces and trailing blank lines. */
    static List<String> normalise(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            String s = l.stripTrailing();
            s = TIME_LINE.matcher(s).replaceAll("$1 <time>");
            s = JSON_TIME.matcher(s).replaceAll("$1<time>");
            s = TIME.matcher(s).replaceAll("<time>");
            out.add(s);
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    static boolean matches(List<String> documented, String printed) {
        List<String> doc = normalise(documented);
        List<String> actual = normalise(printed.lines().toList());
        List<Pattern> patterns = new ArrayList<>();
        for (String d : doc) {
            patterns.add(d.strip().equals(ELLIPSIS) ? null : linePattern(d));
        }
        return match(patterns, 0, actual, 0, new HashMap<>());
    }

    private static Pattern linePattern(String documented) {
        StringBuilder regex = new StringBuilder();
        int from = 0;
        for (int at = documented.indexOf(ELLIPSIS); at >= 0; at = documented.indexOf(ELLIPSIS, from)) {
            regex.append(Pattern.quote(documented.substring(from, at))).append(".*");
            from = at + ELLIPSIS.length();
        }
        regex.append(Pattern.quote(documented.substring(from)));
        return Pattern.compile(regex.toString());
    }

    private static boolean match(List<Pattern> doc, int i, List<String> actual, int j, Map<Long, Boolean> memo) {
        long key = ((long) i << 32) | j;
        Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        boolean result;
        if (i == doc.size()) {
            result = j == actual.size();
        } else if (doc.get(i) == null) {
            result = false;
            for (int k = j; k <= actual.size() && !result; k++) {
                result = match(doc, i + 1, actual, k, memo);
            }
        } else {
            result = j < actual.size() && doc.get(i).matcher(actual.get(j)).matches() && match(doc, i + 1, actual, j + 1, memo);
        }
        memo.put(key, result);
        return result;
    }

    /** The first documented line that does not match, found line by line (an ellipsis line skips to the next match). */
    private static String firstDifference(List<String> documented, String printed) {
        List<String> doc = normalise(documented);
        List<String> actual = normalise(printed.lines().toList());
        int j = 0;
        for (int i = 0; i < doc.size(); i++) {
            if (doc.get(i).strip().equals(ELLIPSIS)) {
                if (i + 1 == doc.size()) {
                    return "none found line by line (the whole output?)";
                }
                Pattern next = linePattern(doc.get(i + 1));
                while (j < actual.size() && !next.matcher(actual.get(j)).matches()) {
                    j++;
                }
                continue;
            }
            if (j >= actual.size()) {
                return "documented line " + (i + 1) + " '" + doc.get(i) + "': the output ended";
            }
            if (!linePattern(doc.get(i)).matcher(actual.get(j)).matches()) {
                return "documented line " + (i + 1) + " '" + doc.get(i) + "' against printed line " + (j + 1) + " '" + actual.get(j) + "'";
            }
            j++;
        }
        return j < actual.size() ? "the output goes on after the documented lines: '" + actual.get(j) + "'" : "none found line by line";
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        // symbolic links (examples, testdata, docs) are deleted, never followed
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
