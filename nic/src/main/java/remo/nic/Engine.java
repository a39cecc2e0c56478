package remo.nic;

import java.util.List;

/** One execution mode of a cluster (nic.md §5). */
interface Engine {
    /** Runs the spawned threads to quiescence. */
    RunResult run(List<ThreadSpec> specs);

    /** Crashes a node now (concurrent mode). */
    void crash(int node);
}
