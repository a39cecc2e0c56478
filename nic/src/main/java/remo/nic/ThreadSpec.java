package remo.nic;

/** A thread spawned during setup: a body or a script, on a node. */
record ThreadSpec(int index, String name, int node, ThreadBody body, ThreadScript script) {
}
