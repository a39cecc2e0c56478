/**
 * The simulated fabric both engines share, internal to the NIC: the cluster state
 * ({@link remo.nic.fabric.ClusterCore}: configuration, nodes, region directory, crashes), regions
 * and their memory, the endpoint base class with the API's argument checks, locked CPU RMWs, the
 * metrics registry and the engine interface. Public only so that the engine packages can use it.
 */
package remo.nic.fabric;
