/**
 * The model checker for Java code on the simulated NIC: it runs a program (a cluster set-up that
 * spawns thread bodies) again and again on the deterministic engine, each time with another
 * schedule, until every schedule that matters within the bounds has been run, and checks each run
 * (nic.md §5.3). Schedules that differ only in the order of independent steps are run once (source
 * DPOR with sleep sets, Abdulla et al. 2014, over the dependence relation of
 * {@link remo.nic.det.Footprint}); a spin loop that rereads unchanged words waits until one changes
 * (the await reduction). Entry point: {@link remo.nic.explore.Explorer}.
 */
package remo.nic.explore;
