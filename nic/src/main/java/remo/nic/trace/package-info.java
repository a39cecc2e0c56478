/**
 * Trace recording (nic.md §6), internal to the NIC: {@link remo.nic.trace.Recorder} builds the
 * execution graph of a run as both engines execute it. The graph itself is the value type every
 * module shares; it is handed out by {@link remo.nic.RunResult#trace()}.
 */
package remo.nic.trace;
