package remo.conformance.genc;

/**
 * The shared-memory stand-in for libibverbs (resource {@code verbs_shim.c}): the verbs calls a
 * generated program makes, implemented with one thread per queue pair that performs its requests in
 * posting order after random delays, so that a program runs in one process without an RDMA device
 * (docs/hardware.md). It compiles against the real {@code infiniband/verbs.h} and is linked in place
 * of {@code -libverbs}.
 */
public final class VerbsShim {
    /** The file name under which {@code remo gen-c --shim DIR} writes {@link #source()}. */
    public static final String FILE_NAME = "verbs_shim.c";

    private VerbsShim() {
    }

    /** The shim's C source. */
    public static String source() {
        return VerbsProgramWriter.resource(FILE_NAME);
    }
}
