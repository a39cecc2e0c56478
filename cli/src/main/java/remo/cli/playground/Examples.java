package remo.cli.playground;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.stream.Stream;

/**
 * The examples the playground offers, bundled into the jar from the checkout at build time (the
 * cli pom's resources): the regression suite ({@code examples/suite}), the lock harnesses
 * ({@code examples/locks}), the LOCO objects' harnesses ({@code examples/loco}, shown as
 * {@code objects}), herdtools7's X86_64 tests ({@code testdata/x86/herdtools7-x86_64}, shown as
 * {@code herd7-x86}) and a cat model written in herd7's style ({@code examples/models}). The only
 * files the playground reads; a name that is not in the list is not read.
 */
final class Examples {
    /** Where the examples are among the class path's resources. */
    static final String RESOURCES = "remo/playground/examples/";

    /** The groups, in menu order. */
    static final List<String> GROUPS = List.of("suite", "herd7-x86", "locks", "objects", "models");

    /**
     * One example.
     *
     * @param group its group ({@link #GROUPS})
     * @param name  its file name ({@code L07.litmus}, {@code x86tso-herd-style.cat})
     * @param title the test's quoted description (its second line), or the model's first string
     */
    record Example(String group, String name, String title) {
    }

    private final Map<String, Example> byPath = new TreeMap<>();
    private final List<Example> list;

    /**
     * Lists the bundled examples.
     *
     * @throws UncheckedIOException if the class path's examples cannot be listed
     */
    Examples() {
        URL root = Examples.class.getClassLoader().getResource(RESOURCES);
        List<String> paths = new ArrayList<>();
        if (root != null) {
            try {
                if (root.getProtocol().equals("jar")) {
                    JarURLConnection c = (JarURLConnection) root.openConnection();
                    c.setUseCaches(false);
                    try (java.util.jar.JarFile jar = c.getJarFile()) {
                        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                            String n = e.nextElement().getName();
                            if (n.startsWith(RESOURCES) && !n.endsWith("/")) {
                                paths.add(n.substring(RESOURCES.length()));
                            }
                        }
                    }
                } else {
                    Path dir = Path.of(root.toURI());
                    try (Stream<Path> files = Files.walk(dir)) {
                        files.filter(Files::isRegularFile).forEach(f -> paths.add(dir.relativize(f).toString().replace('\\', '/')));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        List<Example> out = new ArrayList<>();
        for (String p : paths) {
            String[] parts = p.split("/");
            if (parts.length != 2 || !GROUPS.contains(parts[0]) || !(parts[1].endsWith(".litmus") || parts[1].endsWith(".cat"))) {
                continue;
            }
            String text = read(p);
            Example e = new Example(parts[0], parts[1], title(text));
            byPath.put(p, e);
            out.add(e);
        }
        out.sort(Comparator.comparing((Example e) -> GROUPS.indexOf(e.group())).thenComparing(e -> naturalKey(e.name())));
        this.list = List.copyOf(out);
    }

    /** The examples in menu order: by group, then by name with numbers in numeric order ({@code L2} before {@code L10}). */
    List<Example> list() {
        return list;
    }

    /**
     * The text of the example {@code group/name}.
     *
     * @return the text, or null if there is no such example
     */
    String text(String group, String name) {
        String p = group + "/" + name;
        return byPath.containsKey(p) ? read(p) : null;
    }

    private static String read(String path) {
        try (InputStream in = Examples.class.getClassLoader().getResourceAsStream(RESOURCES + path)) {
            if (in == null) {
                throw new IllegalStateException("bundled example " + path + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first quoted string of a text (a litmus test's description, a cat model's title), or empty. */
    static String title(String text) {
        int q = text.indexOf('"');
        int end = q < 0 ? -1 : text.indexOf('"', q + 1);
        if (end < 0 || text.substring(0, q).chars().filter(c -> c == '\n').count() > 1) {
            return "";
        }
        return text.substring(q + 1, end);
    }

    /** A sort key that orders the digits of a name as numbers. */
    private static String naturalKey(String name) {
        StringBuilder sb = new StringBuilder();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\d+|\\D+").matcher(name);
        while (m.find()) {
            String part = m.group();
            sb.append(Character.isDigit(part.charAt(0)) ? String.format("%010d", Long.parseLong(part.length() > 18
                    ? part.substring(0, 18) : part)) : part);
        }
        return sb.toString();
    }
}
