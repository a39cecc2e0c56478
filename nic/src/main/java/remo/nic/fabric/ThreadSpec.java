package remo.nic.fabric;

import remo.nic.ThreadBody;
import remo.nic.ThreadScript;

/** A thread spawned during setup: a body or a script, on a node. */
public record ThreadSpec(int index, String name, int node, ThreadBody body, ThreadScript script) {
}
