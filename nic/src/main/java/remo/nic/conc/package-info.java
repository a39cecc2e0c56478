/**
 * Concurrent mode (nic.md §5.2), internal to the NIC: one platform thread per simulated thread,
 * lock-free queue-pair rings ({@link remo.nic.conc.ConcQp}) executed in order by per-node NIC
 * workers ({@link remo.nic.conc.QpExecutor}), per-rao-class unit locks. Reached only through
 * {@link remo.nic.SimCluster}.
 */
package remo.nic.conc;
