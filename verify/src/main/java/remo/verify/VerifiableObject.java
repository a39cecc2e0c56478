package remo.verify;

import java.util.List;
import remo.models.CatModel;

/**
 * A class of remo's library that the model checker verifies (a lock or a LOCO object): its name, the
 * bounds it is verified at by default, and its verification at given bounds under a model.
 */
public interface VerifiableObject {

    /** The name users give ({@code WeakTicketLock}, {@code KvStore}, …). */
    String name();

    /** The bounds {@code remo objects verify NAME} checks when none are given, each one a verification. */
    List<Bounds> defaultBounds();

    /**
     * The verification of this object at {@code bounds} under {@code model}.
     *
     * @param strict whether {@code model} is the simulated NIC's own ({@code rdma-wait-rmw}): then an
     *               execution whose recorded graph it does not allow is a violation (a simulator
     *               defect); under a stronger model such an execution is excluded and not checked
     * @throws IllegalArgumentException if the bounds do not fit the object (e.g. too few nodes)
     */
    Verification at(Bounds bounds, CatModel model, boolean strict);
}
