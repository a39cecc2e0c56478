package remo.cli.playground;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The page and its files, served from the jar's resources under {@value #RESOURCES}: the page
 * ({@code index.html}), its script and style, and the CodeMirror 6 bundle with its licences
 * (built by {@code cli/src/main/frontend/build.sh}). A name is a plain file name; nothing outside
 * that folder is served.
 */
final class StaticAssets {
    /** Where the files are among the class path's resources. */
    static final String RESOURCES = "remo/playground/assets/";

    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "txt", "text/plain; charset=utf-8",
            "png", "image/png", "svg", "image/svg+xml");

    /**
     * A file.
     *
     * @param contentType its media type
     * @param bytes       its content
     */
    record Asset(String contentType, byte[] bytes) {
    }

    private final Map<String, Asset> cache = new ConcurrentHashMap<>();

    /** The file called {@code name}, or null if there is none (or the name is no plain file name). */
    Asset get(String name) {
        if (!name.matches("[A-Za-z0-9_-][A-Za-z0-9._-]*") || name.contains("..")) {
            return null;
        }
        String ext = name.substring(name.lastIndexOf('.') + 1);
        String type = TYPES.get(ext);
        if (type == null) {
            return null;
        }
        Asset cached = cache.get(name);
        if (cached != null) {
            return cached;
        }
        try (InputStream in = StaticAssets.class.getClassLoader().getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                return null;
            }
            Asset a = new Asset(type, in.readAllBytes());
            cache.put(name, a);
            return a;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
