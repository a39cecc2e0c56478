package remo.nic.explore;

import java.util.ArrayList;
import java.util.List;
import remo.nic.det.Footprint;

/**
 * A wakeup tree of optimal DPOR (Abdulla, Aronis, Jonsson, Sagonas, "Source Sets: A Foundation for
 * Optimal Dynamic Partial Order Reduction", JACM 64(4), 2017, section 6): at a state of the current
 * branch, the ordered sequences of steps still to be explored from it, as a tree whose root's
 * children are the processes to take first. A sequence is inserted only if no branch already in the
 * tree starts an equivalent schedule ({@link #insert}); the run that explores a branch follows the
 * whole sequence, so it reverses the race it was inserted for before anything else, and never ends
 * with every enabled process asleep.
 *
 * <p>One node of the tree is one step: its process, the step's action code and its {@link Footprint}
 * as recorded in the run that inserted it (the program is deterministic, so the same process takes
 * the same step from the same state).
 */
final class WakeupTree {
    /** The process of this node's step. */
    final long process;
    /** The footprint of this node's step, for the weak-initial test of later insertions. */
    final Footprint footprint;
    /** The branches after this step, leftmost first. */
    final List<WakeupTree> children = new ArrayList<>(1);

    WakeupTree(long process, Footprint footprint) {
        this.process = process;
        this.footprint = footprint;
    }

    /**
     * The steps of a sequence to insert, as the model checker's current run knows them: their process
     * and footprint, and whether one happens before another in the run.
     */
    interface Steps {
        /** The number of steps. */
        int size();

        /** The process of step {@code k}. */
        long process(int k);

        /** The footprint of step {@code k}. */
        Footprint footprint(int k);

        /** Whether step {@code a} happens before step {@code b} ({@code a < b}). */
        boolean before(int a, int b);
    }

    /**
     * Whether process {@code p}, whose next step has footprint {@code fp}, is a weak initial of the
     * steps {@code w[alive]}: either its first step there has no step of the sequence before it in
     * happens-before, or it has no step there and its next step is independent of all of them (then
     * taking it first leads to a schedule equivalent to one that starts with the sequence).
     *
     * @return the index of {@code p}'s first step in the sequence, {@code Integer.MAX_VALUE} when it is
     *         a weak initial without a step there, -1 when it is not a weak initial
     */
    static int weakInitial(long p, Footprint fp, Steps w, boolean[] alive) {
        for (int k = 0; k < w.size(); k++) {
            if (!alive[k] || w.process(k) != p) {
                continue;
            }
            for (int m = 0; m < k; m++) {
                if (alive[m] && w.before(m, k)) {
                    return -1;
                }
            }
            return k;
        }
        for (int k = 0; k < w.size(); k++) {
            if (alive[k] && fp.dependent(w.footprint(k))) {
                return -1;
            }
        }
        return Integer.MAX_VALUE;
    }

    /**
     * Inserts the sequence {@code w} below the branches {@code roots} (the children of a state), unless
     * some branch already covers it: walking down, a child whose process is a weak initial of what is
     * left of {@code w} is followed (its step taken off {@code w}); reaching a leaf, or using up
     * {@code w}, means an equivalent schedule is already there. Otherwise what is left of {@code w}
     * becomes a new rightmost branch where the walk stopped.
     *
     * @return whether the tree grew
     */
    static boolean insert(List<WakeupTree> roots, Steps w) {
        boolean[] alive = new boolean[w.size()];
        java.util.Arrays.fill(alive, true);
        int left = w.size();
        List<WakeupTree> level = roots;
        boolean atRoot = true;
        while (true) {
            if (!atRoot && (level.isEmpty() || left == 0)) {
                return false;
            }
            WakeupTree next = null;
            for (WakeupTree c : level) {
                int k = weakInitial(c.process, c.footprint, w, alive);
                if (k >= 0) {
                    if (k != Integer.MAX_VALUE) {
                        alive[k] = false;
                        left--;
                    }
                    next = c;
                    break;
                }
            }
            if (next == null) {
                List<WakeupTree> at = level;
                for (int k = 0; k < w.size(); k++) {
                    if (alive[k]) {
                        WakeupTree n = new WakeupTree(w.process(k), w.footprint(k));
                        at.add(n);
                        at = n.children;
                    }
                }
                return true;
            }
            level = next.children;
            atRoot = false;
        }
    }
}
