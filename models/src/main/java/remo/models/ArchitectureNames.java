package remo.models;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Names herd7 predefines for architectures other than x86 (barriers, annotations, scopes…), read
 * from the resource {@code remo/models/herd/architecture-names.txt} (one {@code NAME<TAB>what it is}
 * per line). Using one where it cannot be avoided (outside {@code try}) is E-CAT-UNSUPPORTED rather
 * than E-CAT-UNBOUND: the model is well formed, remo just has no such events.
 */
final class ArchitectureNames {
    private static final Map<String, String> NAMES = read();

    private ArchitectureNames() {
    }

    private static Map<String, String> read() {
        Map<String, String> out = new HashMap<>();
        try (InputStream s = ArchitectureNames.class.getResourceAsStream("/remo/models/herd/architecture-names.txt")) {
            if (s == null) {
                throw new IllegalStateException("missing resource remo/models/herd/architecture-names.txt");
            }
            for (String line : new String(s.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                if (tab < 0) {
                    throw new IllegalStateException("architecture-names.txt: no tab in '" + line + "'");
                }
                out.put(line.substring(0, tab).trim(), line.substring(tab + 1).trim());
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read remo/models/herd/architecture-names.txt", e);
        }
        return out;
    }

    /** What {@code name} is in herd7 (for example "an AArch64 barrier"), or {@code null} if it is no such name. */
    static String describe(String name) {
        return NAMES.get(name);
    }
}
