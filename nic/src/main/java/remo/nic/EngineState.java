package remo.nic;

import java.util.List;
import java.util.Map;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStage;

/**
 * A snapshot of the deterministic engine's state between two steps (operational.md §1: memory,
 * store buffers, queue pairs, pending calls), for controllers that relate a run to another model —
 * the trace validation of the locks against their TLA+ model (locks.md §10.7). Values, no
 * references into the engine.
 *
 * @param threads the threads, by index
 * @param memory  the words of every region, keyed {@code name@home} (one array per region)
 * @param busy    the nodes whose remote-RMW unit (RAO_SCOPE=PER_NODE) is held between an NAR and its NRW
 */
public record EngineState(List<ThreadState> threads, Map<String, long[]> memory, List<Integer> busy) {

    /**
     * One thread.
     *
     * @param index      spawn index
     * @param name       its name
     * @param node       its node
     * @param finished   whether its body or script ended
     * @param pending    the call waiting to run, or null
     * @param lastResult the value the last executed call returned
     * @param buffer     its store buffer, oldest first
     * @param queues     its queue pairs' entries not yet done, by target node, in queue order
     */
    public record ThreadState(int index, String name, int node, boolean finished, Call pending, long lastResult,
                              List<Buffered> buffer, Map<Integer, List<Queued>> queues) {
    }

    /**
     * A word of memory named by its region.
     *
     * @param region the region's name
     * @param home   its home node
     * @param offset the word
     */
    public record Word(String region, int home, int offset) {
    }

    /**
     * A posted operation.
     *
     * @param id       its op id (unique within its thread)
     * @param kind     put, get, rcas or rfaa
     * @param workId   its work id's label, or null
     * @param remote   the remote word (first word of a multi-word op)
     * @param local    the local word
     * @param operandA an RMW's first operand (expected value, or the increment)
     * @param operandB an RCAS's new value
     */
    public record Posted(long id, OpKind kind, String workId, Word remote, Word local, long operandA, long operandB) {
    }

    /**
     * A store-buffer entry: a store ({@code op} null), a posted operation, or an rfence marker
     * ({@code store} and {@code op} null).
     *
     * @param store the word a store writes, or null
     * @param value the value it writes
     * @param op    the operation a post puts in its queue pair, or null
     */
    public record Buffered(Word store, long value, Posted op) {
    }

    /**
     * A word operation in a queue pair.
     *
     * @param op     its operation
     * @param word   its word within the operation
     * @param status its status (operational.md §1)
     * @param read   the value it read (a put's source, a get's data, an RMW's old value), once read
     */
    public record Queued(Posted op, int word, OpStage status, long read) {
    }
}
