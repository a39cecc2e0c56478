package remo.nic;

/** Access rights of a registered region, checked by the NIC (nic.md §2.3). CPU access needs none. */
public enum Access {
    /** The NIC may write the region as a get destination or an RMW result word. */
    LOCAL_WRITE,
    /** Remote gets may read the region. */
    REMOTE_READ,
    /** Remote puts may write the region. */
    REMOTE_WRITE,
    /** Remote RMWs (rcas, rfaa) may target the region. */
    REMOTE_ATOMIC
}
