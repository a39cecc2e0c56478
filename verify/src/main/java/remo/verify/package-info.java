/**
 * The model checker ({@link remo.nic.explore.Explorer}, nic.md §5.3) applied to remo's own library:
 * each lock and LOCO object as a {@link remo.verify.VerifiableObject} — a workload within stated
 * {@link remo.verify.Bounds} and the check of every execution under a model (trace conformance, the
 * model's hb, the lock-level checks of locks.md §10.3, the Mowgli specifications of loco.md §2,
 * linearizability). {@link remo.verify.VerifiableObjects} lists them; {@link remo.verify.Verifier}
 * runs one.
 */
package remo.verify;
