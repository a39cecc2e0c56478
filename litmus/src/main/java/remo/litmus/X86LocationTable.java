package remo.litmus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.Position;

/**
 * The memory locations of an x86 test (language.md §10.2 and §10.6): every location lives on
 * node 1; the init block's declarations come first, in order, then the locations that are only
 * used (in instructions, {@code locations}, {@code filter} or the condition), in order of first
 * use, with initial value 0 and position {@link Position#NONE}.
 */
final class X86LocationTable {

    /** The node of every location and thread of an x86 test. */
    static final int NODE = 1;

    private final String file;
    private final Map<String, LocationDecl> declarations = new LinkedHashMap<>();

    /** @param file the file name for diagnostics */
    X86LocationTable(String file) {
        this.file = file;
    }

    /**
     * Declares a location from the init block.
     *
     * @param name    the location name
     * @param initial its initial value
     * @param pos     position of the name token
     * @throws LitmusException E-DUP-LOC if {@code name} was already initialised
     */
    void declare(String name, long initial, Position pos) throws LitmusException {
        if (declarations.containsKey(name)) {
            throw X86Errors.error("E-DUP-LOC", file, pos, "duplicate declaration of location '" + name + "'");
        }
        declarations.put(name, new LocationDecl(name, NODE, initial, pos));
    }

    /** Records a use of {@code name}; an unknown name becomes a location with initial value 0. */
    void use(String name) {
        declarations.putIfAbsent(name, new LocationDecl(name, NODE, 0, Position.NONE));
    }

    /** All locations, declared ones first, then in order of first use. */
    List<LocationDecl> declarations() {
        return new ArrayList<>(declarations.values());
    }
}
