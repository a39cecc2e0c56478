/**
 * The simulated RDMA fabric's public API (nic.md §3, locks.md §1.2): {@link remo.nic.SimCluster}
 * and its nodes, regions, endpoints, operations and work ids, the configuration
 * {@link remo.nic.NicConfig}, fault plans, metrics and run results. The exceptions are in
 * {@code remo.nic.error}. Everything in the other subpackages ({@code det}, {@code conc},
 * {@code fabric}, {@code trace}) is the implementation behind this API and not for use elsewhere.
 */
package remo.nic;
