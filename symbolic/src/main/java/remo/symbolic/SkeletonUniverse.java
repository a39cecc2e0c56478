package remo.symbolic;

import java.util.ArrayList;
import java.util.List;
import kodkod.ast.Relation;
import kodkod.instance.Bounds;
import kodkod.instance.TupleFactory;
import kodkod.instance.TupleSet;
import kodkod.instance.Universe;

/**
 * The atoms of one bounded search and the constant relations over them. Real events are
 * {@code e0 … e(n-1)} in a fixed order that is program order inside each thread, threads
 * {@code P0 …} in order, locations {@code l0 …} in order of first use; a location atom is also
 * the location's initial write (models.md §2.2: one {@code IW} per location). Nodes
 * {@code n1 …} and work ids {@code d0 …} are interchangeable, so Kodkod's symmetry breaking
 * applies to them.
 */
final class SkeletonUniverse {
    final SkeletonScope scope;
    final Universe universe;
    final TupleFactory factory;
    final Bounds bounds;
    /** Real events, threads, nodes, locations (= initial writes), work ids. */
    final Relation events = Relation.unary("E");
    final Relation threads = Relation.unary("Thread");
    final Relation nodes = Relation.unary("Node");
    final Relation locations = Relation.unary("Loc");
    final Relation workIds = Relation.unary("WorkId");
    /** {@code e(i) -> e(i+1)}. */
    final Relation next = Relation.binary("next");
    /** {@code e(i) -> e(j)} for {@code i < j}. */
    final Relation before = Relation.binary("before");
    /** {@code e0}. */
    final Relation firstEvent = Relation.unary("e0");
    /** {@code P(i) -> P(i+1)}. */
    final Relation threadNext = Relation.binary("threadNext");
    /** {@code P0}. */
    final Relation firstThread = Relation.unary("P0");
    /** {@code l(i) -> l(i+1)}: locations are numbered in order of first use. */
    final Relation locationNext = Relation.binary("locationNext");
    /** {@code {e(i)}} for each real event: constants for the symmetry-breaking constraints. */
    private final List<Relation> eventSingletons = new ArrayList<>();

    private final List<String> eventAtoms = new ArrayList<>();
    private final List<String> threadAtoms = new ArrayList<>();
    private final List<String> nodeAtoms = new ArrayList<>();
    private final List<String> locationAtoms = new ArrayList<>();
    private final List<String> workIdAtoms = new ArrayList<>();

    SkeletonUniverse(SkeletonScope scope) {
        this.scope = scope;
        List<String> atoms = new ArrayList<>();
        for (int i = 0; i < scope.events(); i++) {
            eventAtoms.add("e" + i);
        }
        for (int i = 0; i < scope.locations(); i++) {
            locationAtoms.add("l" + i);
        }
        for (int i = 0; i < scope.threads(); i++) {
            threadAtoms.add("P" + i);
        }
        for (int i = 0; i < scope.nodes(); i++) {
            nodeAtoms.add("n" + (i + 1));
        }
        for (int i = 0; i < scope.workIds(); i++) {
            workIdAtoms.add("d" + i);
        }
        atoms.addAll(eventAtoms);
        atoms.addAll(locationAtoms);
        atoms.addAll(threadAtoms);
        atoms.addAll(nodeAtoms);
        atoms.addAll(workIdAtoms);
        universe = new Universe(atoms);
        factory = universe.factory();
        bounds = new Bounds(universe);
        bounds.boundExactly(events, set(eventAtoms));
        bounds.boundExactly(threads, set(threadAtoms));
        bounds.boundExactly(nodes, set(nodeAtoms));
        bounds.boundExactly(locations, set(locationAtoms));
        bounds.boundExactly(workIds, set(workIdAtoms));
        TupleSet nx = factory.noneOf(2);
        TupleSet lt = factory.noneOf(2);
        for (int i = 0; i < eventAtoms.size(); i++) {
            for (int j = i + 1; j < eventAtoms.size(); j++) {
                lt.add(factory.tuple(eventAtoms.get(i), eventAtoms.get(j)));
            }
            if (i + 1 < eventAtoms.size()) {
                nx.add(factory.tuple(eventAtoms.get(i), eventAtoms.get(i + 1)));
            }
        }
        bounds.boundExactly(next, nx);
        bounds.boundExactly(before, lt);
        bounds.boundExactly(firstEvent, factory.setOf(eventAtoms.get(0)));
        TupleSet tn = factory.noneOf(2);
        for (int i = 0; i + 1 < threadAtoms.size(); i++) {
            tn.add(factory.tuple(threadAtoms.get(i), threadAtoms.get(i + 1)));
        }
        bounds.boundExactly(threadNext, tn);
        bounds.boundExactly(firstThread, factory.setOf(threadAtoms.get(0)));
        TupleSet ln = factory.noneOf(2);
        for (int i = 0; i + 1 < locationAtoms.size(); i++) {
            ln.add(factory.tuple(locationAtoms.get(i), locationAtoms.get(i + 1)));
        }
        bounds.boundExactly(locationNext, ln);
        for (String e : eventAtoms) {
            Relation r = Relation.unary("{" + e + "}");
            bounds.boundExactly(r, factory.setOf(e));
            eventSingletons.add(r);
        }
    }

    /** The constant set {@code {e(i)}}. */
    Relation eventSingleton(int i) {
        return eventSingletons.get(i);
    }

    TupleSet set(List<String> atoms) {
        TupleSet s = factory.noneOf(1);
        for (String a : atoms) {
            s.add(factory.tuple(a));
        }
        return s;
    }

    /** Tuples of the given atom lists' product. */
    TupleSet product(List<String> left, List<String> right) {
        return set(left).product(set(right));
    }

    /** The real-event atom of index {@code i}. */
    String event(int i) {
        return eventAtoms.get(i);
    }

    /** Index of an event atom, or -1 for another atom. */
    int eventIndex(Object atom) {
        return eventAtoms.indexOf(atom);
    }

    /** Index of a location atom (an initial write), or -1. */
    int locationIndex(Object atom) {
        return locationAtoms.indexOf(atom);
    }

    /** Index of a thread atom, or -1. */
    int threadIndex(Object atom) {
        return threadAtoms.indexOf(atom);
    }

    /** Index of a node atom, or -1. */
    int nodeIndex(Object atom) {
        return nodeAtoms.indexOf(atom);
    }

    /** Index of a work-id atom, or -1. */
    int workIdIndex(Object atom) {
        return workIdAtoms.indexOf(atom);
    }

    List<String> eventAtoms() {
        return eventAtoms;
    }

    List<String> threadAtoms() {
        return threadAtoms;
    }

    List<String> nodeAtoms() {
        return nodeAtoms;
    }

    List<String> locationAtoms() {
        return locationAtoms;
    }

    List<String> workIdAtoms() {
        return workIdAtoms;
    }
}
