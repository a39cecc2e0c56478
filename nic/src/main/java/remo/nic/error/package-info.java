/**
 * The exceptions of the simulated NIC's API (nic.md §2.7, §7): usage errors
 * ({@link remo.nic.error.RdmaArgumentException}, {@link remo.nic.error.RdmaStateException}, both
 * {@link remo.nic.error.RdmaUsageError}s), failures a correct program must handle
 * ({@link remo.nic.error.RdmaFailureException}: QP errors, crashes, unreported failures) and
 * problems of a simulation run ({@link remo.nic.error.SimulationException}: deadlock, step limit,
 * replay divergence, failed simulated threads).
 */
package remo.nic.error;
