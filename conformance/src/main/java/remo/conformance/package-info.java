/**
 * Conformance of the simulated NIC to the models (nic.md §6.5, operational.md §6.4, §8.4): litmus
 * programs run on the NIC ({@link remo.conformance.LitmusRunner}, {@link remo.conformance.LitmusScript}),
 * the {@code simulate} front end ({@link remo.conformance.LitmusSimulator},
 * {@link remo.conformance.SimulationReport}), and recorded graphs judged by the checker's fixed-graph
 * mode ({@link remo.conformance.TraceConformance}; {@link remo.conformance.TraceLitmus} for the trace
 * of any run). Depends on the NIC's public API and on the checker.
 */
package remo.conformance;
