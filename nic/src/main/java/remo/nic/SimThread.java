package remo.nic;

/**
 * The handle of a spawned simulated thread (nic.md §3).
 *
 * @param index spawn order, from 0 (the thread index in traces)
 * @param name  the unique thread name
 * @param node  the node it runs on
 */
public record SimThread(int index, String name, int node) {
}
