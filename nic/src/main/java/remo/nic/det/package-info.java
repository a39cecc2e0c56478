/**
 * Deterministic adversarial mode (nic.md §5.1), internal to the NIC: the RDMA machine of
 * operational.md §1–§4 ({@link remo.nic.det.DetMachine} with its CPU steps, NIC steps and faults),
 * its threads, queue pairs and word operations, and the seeded scheduler
 * ({@link remo.nic.det.DetEngine}, {@link remo.nic.det.ActionChooser}). Reached only through
 * {@link remo.nic.SimCluster}.
 */
package remo.nic.det;
