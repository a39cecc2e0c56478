package remo.nic.fabric;

import java.util.List;
import remo.nic.RunResult;

/** One execution mode of a cluster (nic.md §5). */
public interface Engine {
    /** Runs the spawned threads to quiescence. */
    public RunResult run(List<ThreadSpec> specs);

    /** Crashes a node now (concurrent mode). */
    public void crash(int node);
}
