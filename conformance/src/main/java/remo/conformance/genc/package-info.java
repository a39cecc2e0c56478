/**
 * {@code remo gen-c}: an RDMA litmus test as a C program on the verbs API (libibverbs), to run on
 * real NICs and compare what they do with the models (docs/hardware.md). {@link
 * remo.conformance.genc.VerbsEligibility} decides which tests can be written (puts, gets, polls,
 * remote CAS/FAA, CPU loads and stores), {@link remo.conformance.genc.VerbsLayout} numbers their
 * locations, queue pairs and state items, {@link remo.conformance.genc.VerbsThreadWriter} writes each
 * thread's body and {@link remo.conformance.genc.VerbsProgramWriter} the whole program around a
 * fixed runtime (resources {@code runtime_*.c}); {@link remo.conformance.genc.VerbsShim} gives the
 * shared-memory stand-in for libibverbs with which the programs run without a NIC.
 */
package remo.conformance.genc;
