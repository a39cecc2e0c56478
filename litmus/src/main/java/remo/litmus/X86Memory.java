package remo.litmus;

import remo.core.Position;
import java.util.HashMap;
import java.util.Map;

/**
 * The memory of an x86 test as its instructions address it (language.md §10.2): scalar locations,
 * arrays declared in the init block ({@code int64_t t[2]={1,-1}}: element {@code k > 0} is the
 * location {@code t[k]}, element 0 is {@code t}), and the access size of every location, so that a
 * test mixing sizes on one location is refused (E-X86-MIXED) rather than checked wrongly.
 */
final class X86Memory {

    private record Array(int elementSize, int length) {
    }

    private record Access(int size, Position pos, String text) {
    }

    private final String file;
    private final X86LocationTable locations;
    private final Map<String, Array> arrays = new HashMap<>();
    private final Map<String, Access> sizes = new HashMap<>();

    X86Memory(String file, X86LocationTable locations) {
        this.file = file;
        this.locations = locations;
    }

    /** Declares array {@code name} of {@code length} elements of {@code elementSize} bytes. */
    void declareArray(String name, int elementSize, int length) {
        arrays.put(name, new Array(elementSize, length));
    }

    /** The location name of element {@code k} of array {@code name}. */
    static String element(String name, int k) {
        return k == 0 ? name : name + "[" + k + "]";
    }

    /**
     * The location at {@code address}, recorded as used.
     *
     * @param operand the memory operand, for messages
     * @throws LitmusException E-X86-UNSUPPORTED if the address is not the start of a location or an
     *                         array element
     */
    LocationRef location(X86Value.Address address, X86Operand.Mem operand) throws LitmusException {
        String name;
        Array a = arrays.get(address.symbol());
        if (address.offset() == 0) {
            name = address.symbol();
        } else if (a != null && address.offset() % a.elementSize() == 0 && address.offset() > 0
                && address.offset() / a.elementSize() < a.length()) {
            name = element(address.symbol(), (int) (address.offset() / a.elementSize()));
        } else {
            throw X86Errors.unsupported(file, operand.pos(), operand.text(), "address " + address
                    + " is not the start of a location" + (a == null ? "" : " or an element of array " + address.symbol()));
        }
        locations.use(name);
        return new LocationRef(name, operand.symbolPos());
    }

    /**
     * Records an access of {@code size} bytes to {@code location} (0: size not given).
     *
     * @throws LitmusException E-X86-MIXED if an earlier access gave another size
     */
    void access(String location, int size, Position pos, String text) throws LitmusException {
        if (size <= 0) {
            return;
        }
        Access seen = sizes.putIfAbsent(location, new Access(size, pos, text));
        if (seen != null && seen.size() != size) {
            throw X86Errors.error("E-X86-MIXED", file, pos, "'" + text + "' accesses " + location + " with " + size
                    + " bytes, '" + seen.text() + "' (at " + seen.pos() + ") with " + seen.size()
                    + "; tests that mix access sizes on one location are not supported");
        }
    }
}
