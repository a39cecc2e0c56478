package remo.nic;

/**
 * One endpoint call as a value: what a {@link ThreadScript} returns for each step, and what the
 * deterministic scheduler executes as the {@code CPU(t)} action of a thread (nic.md §5.1). Each
 * record corresponds to the {@link Endpoint} method of the same name, with the same checks and
 * semantics; a script's calls are validated exactly like endpoint calls.
 */
public interface Call {

    /** {@link Endpoint#load}; result: the value. */
    record Load(Region region, int offset) implements Call {
    }

    /** {@link Endpoint#store}; result 0. */
    record Store(Region region, int offset, long value) implements Call {
    }

    /** {@link Endpoint#mfence}. */
    record MFence() implements Call {
    }

    /** {@link Endpoint#cas}; result: the old value. */
    record Cas(Region region, int offset, long expect, long update) implements Call {
    }

    /** {@link Endpoint#faa}; result: the old value. */
    record Faa(Region region, int offset, long delta) implements Call {
    }

    /** {@link Endpoint#swap}; result: the old value. */
    record Swap(Region region, int offset, long value) implements Call {
    }

    /** {@link Endpoint#put}; result: the op id. */
    record Put(WorkId workId, Region dst, int dstOffset, Region src, int srcOffset, int words, boolean inline,
               boolean unsignaled) implements Call {
        /** A plain, signalled put (the NIC reads the source). */
        public Put(WorkId workId, Region dst, int dstOffset, Region src, int srcOffset, int words) {
            this(workId, dst, dstOffset, src, srcOffset, words, false, false);
        }

        /** A signalled put, inline or not. */
        public Put(WorkId workId, Region dst, int dstOffset, Region src, int srcOffset, int words, boolean inline) {
            this(workId, dst, dstOffset, src, srcOffset, words, inline, false);
        }

        /** The options of this put. */
        public PostOptions options() {
            PostOptions o = inline ? PostOptions.inline() : PostOptions.plain();
            return unsignaled ? o.andUnsignaled() : o;
        }
    }

    /** {@link Endpoint#get}; result: the op id. */
    record Get(WorkId workId, Region dst, int dstOffset, Region src, int srcOffset, int words) implements Call {
    }

    /** {@link Endpoint#rcas}; result: the op id. */
    record RCas(WorkId workId, Region result, int resultOffset, Region target, int targetOffset, long expect, long update)
            implements Call {
    }

    /** {@link Endpoint#rfaa}; result: the op id. */
    record RFaa(WorkId workId, Region result, int resultOffset, Region target, int targetOffset, long delta)
            implements Call {
    }

    /** {@link Endpoint#rfence}. */
    record RFence(int node) implements Call {
    }

    /** {@link Endpoint#waitFor}. */
    record WaitFor(WorkId workId) implements Call {
    }

    /** {@link Endpoint#gf}. */
    record Gf() implements Call {
    }

    /** {@link Endpoint#poll}. */
    record Poll(int node) implements Call {
    }

    /**
     * The litmus {@code await x == v} as the operational machine's guarded transition
     * (operational.md §2): enabled only when the value the thread would load equals {@code expected};
     * then one {@code R} event. Equivalent to a spin loop of loads whose failed reads are dropped
     * (nic.md §6.3). Result: the value. Scripts only; in concurrent mode it is run as that spin loop.
     */
    record Await(Region region, int offset, long expected) implements Call {
    }

    /** {@link Op#value()} (deterministic mode, from a thread body). */
    record OpValue(Op op) implements Call {
    }

    /** A blocking directory lookup from inside a simulated thread (nic.md §2.5). */
    record Lookup(int node, String name, Capability capability, boolean internal) implements Call {
    }
}
