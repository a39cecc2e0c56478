package remo.symbolic;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import kodkod.ast.Expression;
import kodkod.ast.Formula;
import kodkod.ast.Relation;
import kodkod.instance.Bounds;
import kodkod.instance.TupleSet;

/**
 * The program part of an execution skeleton: which instruction every real event belongs to and
 * its type, the threads and their nodes, the locations and their homes, the target node of NIC
 * events, polls and rfences, the work ids; the constraints that make every instance the events
 * of a valid program (language.md §6.3: locality, homes, {@code E-SLOT-ALIAS}, {@code E-NO-QP},
 * {@code E-UNKNOWN-WID}); and the static relations of models.md §3 derived from them exactly as
 * {@code EventStructure} computes them.
 *
 * <p>Canonical form: the events of a thread are consecutive atoms, threads come in order
 * {@code P0, P1, …} with no thread longer than the one before it, of two threads of one size the
 * one whose sequence of event types is smaller (lexicographically, in {@link EventType} order)
 * comes first, the events of one instruction are consecutive in step order, and locations are
 * declared exactly when used and numbered in order of first use. Every program without empty
 * threads and without unused locations has an execution skeleton in this form: sort its threads
 * by size and type sequence, then number its locations by first use (renaming threads and
 * locations changes no built-in, and the second renaming keeps the first one's order). The form
 * removes only such renamed copies; with a {@link ThreadLayout} the thread of every event is a
 * constant.
 */
final class ProgramSkeleton {
    final SkeletonUniverse u;
    final Set<InstructionShape> shapes;
    /** Whether threads and locations are in canonical order (off when a given program is encoded). */
    final boolean canonical;
    /** The thread sizes when they are fixed (a search over one layout), or {@code null}. */
    final ThreadLayout layout;
    /** One set per real event type; they partition the real events. */
    final EnumMap<EventType, Relation> type = new EnumMap<>(EventType.class);
    /** event -> thread (every real event). */
    final Relation thread = Relation.binary("thread");
    /** memory event -> location. */
    final Relation location = Relation.binary("location");
    /** thread -> node. */
    final Relation threadNode = Relation.binary("threadNode");
    /** The declared locations: their initial writes exist. */
    final Relation declared = Relation.unary("declared");
    /** declared location -> home node. */
    final Relation home = Relation.binary("home");
    /** NIC event, poll or rfence -> target node (its queue pair is (thread, target)). */
    final Relation target = Relation.binary("target");
    /** first event of a NIC operation -> its work id, if tagged. */
    final Relation workId = Relation.binary("workId");
    /** wait -> the work id it waits for. */
    final Relation waitId = Relation.binary("waitId");

    // derived expressions
    final Expression all;
    final Expression head;
    final Expression cont;
    final Expression ii;
    final Expression si;
    final Expression sameThread;
    final Expression po;
    final Expression locOf;
    final Expression loc;
    final Expression internal;
    final Expression external;
    final Expression nodeOf;
    final Expression sameNode;
    final Expression id;
    final Expression rmw;
    final Expression sqp;
    final Expression reads;
    final Expression writes;
    final Expression realWrites;
    final Expression operations;

    /**
     * @param canonical whether to require the canonical thread and location order (a search);
     *                  without it, any program's events can be encoded as they are (unused
     *                  locations declared, threads in any order)
     */
    ProgramSkeleton(SkeletonUniverse u, Set<InstructionShape> shapes, boolean canonical) {
        this(u, shapes, canonical, null);
    }

    /**
     * A canonical skeleton whose threads have the sizes of {@code layout}.
     *
     * @throws IllegalArgumentException if the layout's events or threads differ from the universe's
     */
    ProgramSkeleton(SkeletonUniverse u, Set<InstructionShape> shapes, ThreadLayout layout) {
        this(u, shapes, true, layout);
        if (layout.events() != u.scope.events() || layout.threads() != u.scope.threads()) {
            throw new IllegalArgumentException("layout " + layout + " does not fit " + u.scope);
        }
    }

    private ProgramSkeleton(SkeletonUniverse u, Set<InstructionShape> shapes, boolean canonical, ThreadLayout layout) {
        this.u = u;
        this.canonical = canonical;
        this.layout = layout;
        this.shapes = EnumSet.copyOf(shapes);
        for (EventType t : EventType.real()) {
            type.put(t, Relation.unary(t.name()));
        }
        all = u.events.union(declared);
        head = types(headTypes());
        cont = u.next.intersection(u.events.product(u.events.difference(head)));
        ii = cont.union(cont.join(cont));
        si = ii.union(ii.transpose()).union(all.product(all).intersection(Expression.IDEN));
        sameThread = thread.join(thread.transpose());
        po = u.before.intersection(sameThread).difference(ii);
        locOf = location.union(declared.product(declared).intersection(Expression.IDEN));
        loc = locOf.join(locOf.transpose());
        internal = sameThread;
        external = all.product(all).difference(internal).difference(Expression.IDEN);
        Expression local = types(t -> !t.remote() && t != EventType.INITIAL_WRITE);
        Expression remote = types(EventType::remote);
        nodeOf = local.product(u.nodes).intersection(thread.join(threadNode))
                .union(remote.product(u.nodes).intersection(target))
                .union(declared.product(u.nodes).intersection(home));
        sameNode = nodeOf.join(nodeOf.transpose());
        id = all.product(all).intersection(Expression.IDEN);
        rmw = ii.intersection(type(EventType.LOCKED_READ).product(type(EventType.LOCKED_WRITE))
                .union(types(t -> t.kind() == remo.core.rdma.EventLabel.NAR).product(types(t -> t.kind() == remo.core.rdma.EventLabel.NRW))));
        Expression qpEvents = types(EventType::hasQueuePair);
        sqp = qpEvents.product(qpEvents).intersection(sameThread).intersection(target.join(target.transpose()));
        reads = types(t -> t.kind().isRead());
        realWrites = types(t -> t.kind().isWrite());
        writes = realWrites.union(declared);
        operations = types(EventType.PUT_NLR, EventType.GET_NRR, EventType.RCAS_NAR, EventType.RFAA_NAR);
    }

    Relation type(EventType t) {
        return type.get(t);
    }

    /** The union of the sets of the given types. */
    Expression types(EventType... ts) {
        Expression e = Expression.NONE;
        for (EventType t : ts) {
            e = e.union(type(t));
        }
        return e;
    }

    /** The union of the sets of the real types satisfying {@code p}. */
    Expression types(java.util.function.Predicate<EventType> p) {
        Expression e = Expression.NONE;
        for (EventType t : EventType.real()) {
            if (p.test(t)) {
                e = e.union(type(t));
            }
        }
        return e;
    }

    /** Types that only ever start an instruction. */
    private static EventType[] headTypes() {
        List<EventType> out = new ArrayList<>();
        for (EventType t : EventType.real()) {
            boolean first = true;
            for (InstructionShape s : InstructionShape.values()) {
                first &= s.events().indexOf(t) <= 0;
            }
            if (first) {
                out.add(t);
            }
        }
        return out.toArray(new EventType[0]);
    }

    /** The types that occur in some allowed shape. */
    private EnumSet<EventType> usedTypes() {
        EnumSet<EventType> used = EnumSet.noneOf(EventType.class);
        for (InstructionShape s : shapes) {
            used.addAll(s.events());
        }
        return used;
    }

    /** Adds the bounds of the program relations to {@code b}. */
    void bound(Bounds b) {
        EnumSet<EventType> used = usedTypes();
        TupleSet ev = b.upperBound(u.events);
        for (EventType t : EventType.real()) {
            b.bound(type(t), !used.contains(t) ? u.factory.noneOf(1) : layout == null ? ev : placesOf(t));
        }
        if (layout != null) {
            TupleSet t = u.factory.noneOf(2);
            for (int j = 0; j < layout.threads(); j++) {
                for (int k = layout.start(j); k < layout.start(j) + layout.sizes().get(j); k++) {
                    t.add(u.factory.tuple(u.event(k), u.threadAtoms().get(j)));
                }
            }
            b.boundExactly(thread, t);
        } else {
            b.bound(thread, u.product(u.eventAtoms(), u.threadAtoms()));
        }
        if (canonical) {
            // numbered by first use: the locations of e0..e(i) are among l0..l(i)
            TupleSet l = u.factory.noneOf(2);
            for (int i = 0; i < u.scope.events(); i++) {
                for (String loc : initialWritesUpTo(i)) {
                    l.add(u.factory.tuple(u.event(i), loc));
                }
            }
            b.bound(location, l);
        } else {
            b.bound(location, u.product(u.eventAtoms(), u.locationAtoms()));
        }
        b.bound(threadNode, u.product(u.threadAtoms(), u.nodeAtoms()));
        b.bound(declared, b.upperBound(u.locations));
        b.bound(home, u.product(u.locationAtoms(), u.nodeAtoms()));
        b.bound(target, u.product(u.eventAtoms(), u.nodeAtoms()));
        b.bound(workId, u.product(u.eventAtoms(), u.workIdAtoms()));
        b.bound(waitId, u.product(u.eventAtoms(), u.workIdAtoms()));
    }

    /**
     * The events that can have type {@code t} under the layout: those whose instruction fits in
     * their thread, with {@code t} at some step {@code k} of an allowed shape that has {@code k}
     * events of the thread before it and the shape's remaining steps after it.
     */
    private TupleSet placesOf(EventType t) {
        TupleSet out = u.factory.noneOf(1);
        for (int j = 0; j < layout.threads(); j++) {
            int size = layout.sizes().get(j);
            for (int k = 0; k < size; k++) {
                for (InstructionShape shape : shapes) {
                    int step = shape.events().indexOf(t);
                    if (step >= 0 && step <= k && shape.events().size() - 1 - step <= size - 1 - k) {
                        out.add(u.factory.tuple(u.event(layout.start(j) + k)));
                        break;
                    }
                }
            }
        }
        return out;
    }

    /**
     * The location atoms (initial writes) event {@code e(i)} can access: all of them, or in
     * canonical form {@code l0 … l(i)} (numbered by first use).
     */
    List<String> initialWritesUpTo(int i) {
        List<String> all = u.locationAtoms();
        return canonical ? all.subList(0, Math.min(all.size(), i + 1)) : all;
    }

    /** The constraints that make an instance the events of a valid program in canonical form. */
    Formula wellFormed() {
        List<Formula> f = new ArrayList<>();
        // every real event has exactly one type
        EventType[] real = EventType.real();
        f.add(types(t -> true).eq(u.events));
        for (int i = 0; i < real.length; i++) {
            for (int j = i + 1; j < real.length; j++) {
                f.add(type(real[i]).intersection(type(real[j])).no());
            }
        }
        f.add(instructions());
        f.add(threads());
        f.add(locationsAndNodes());
        f.add(queuePairsAndWorkIds());
        return Formula.and(f);
    }

    /** Runs of consecutive events form the instructions of the allowed shapes (models.md §2.2). */
    private Formula instructions() {
        List<Formula> f = new ArrayList<>();
        f.add(u.firstEvent.in(head));
        Expression pairs = Expression.NONE.product(Expression.NONE);
        Expression last = Expression.NONE;
        for (InstructionShape s : shapes) {
            List<EventType> ev = s.events();
            for (int k = 0; k + 1 < ev.size(); k++) {
                pairs = pairs.union(type(ev.get(k)).product(type(ev.get(k + 1))));
            }
            last = last.union(type(ev.get(ev.size() - 1)));
        }
        // an event that is not first continues an allowed shape
        f.add(cont.in(pairs));
        f.add(u.events.difference(head).in(u.events.join(cont)));
        // an event that cannot end an instruction is followed by the rest of it
        Expression unfinished = u.events.difference(last);
        f.add(unfinished.in(cont.join(u.events)));
        return Formula.and(f);
    }

    /** Threads are consecutive blocks P0, P1, …, and an instruction stays in its thread. */
    private Formula threads() {
        List<Formula> f = new ArrayList<>();
        f.add(cont.in(sameThread));
        f.add(threadNode.partialFunction(u.threads, u.nodes));
        if (layout != null) {
            // the thread of every event is a constant (bounds): every thread is used
            f.add(threadNode.join(u.nodes).eq(u.threads));
            f.add(typeSequencesOrdered());
            return Formula.and(f);
        }
        f.add(thread.function(u.events, u.threads));
        f.add(u.firstEvent.join(thread).eq(u.firstThread));
        Expression stayOrNext = u.next.transpose().join(thread).join(Expression.IDEN.union(u.threadNext));
        Expression notFirst = u.events.difference(u.firstEvent);
        f.add(notFirst.product(u.threads).intersection(thread).in(stayOrNext));
        Expression used = u.events.join(thread);
        f.add(threadNode.join(u.nodes).eq(used));
        if (canonical) {
            // no thread has more events than the one before it
            kodkod.ast.Variable t = kodkod.ast.Variable.unary("t");
            kodkod.ast.Variable t2 = kodkod.ast.Variable.unary("t2");
            kodkod.ast.Decls consecutive = t.oneOf(u.threads).and(t2.oneOf(t.join(u.threadNext)));
            f.add(thread.join(t).count().gte(thread.join(t2).count()).forAll(consecutive));
            // of two threads of one size, the one whose first event has the smaller type comes first
            Expression first = thread.join(t).difference(thread.join(t).join(u.next));
            Expression first2 = thread.join(t2).difference(thread.join(t2).join(u.next));
            List<Formula> ordered = new ArrayList<>();
            Expression upTo = Expression.NONE;
            for (EventType type : EventType.real()) {
                upTo = upTo.union(type(type));
                ordered.add(first2.in(type(type)).implies(first.in(upTo)));
            }
            f.add(thread.join(t).count().eq(thread.join(t2).count()).implies(Formula.and(ordered)).forAll(consecutive));
        }
        return Formula.and(f);
    }

    /**
     * Of two consecutive threads of one size, the first one's sequence of event types is not
     * larger (lexicographically, types in {@link EventType} order): threads of one size sorted by
     * their type sequences, which every program has after renaming its threads.
     */
    private Formula typeSequencesOrdered() {
        List<EventType> used = new ArrayList<>(usedTypes());
        List<Formula> f = new ArrayList<>();
        for (int j = 0; j + 1 < layout.threads(); j++) {
            int size = layout.sizes().get(j);
            if (size != layout.sizes().get(j + 1)) {
                continue;
            }
            int a = layout.start(j);
            int b = layout.start(j + 1);
            Formula prefixEqual = Formula.TRUE;
            for (int k = 0; k < size; k++) {
                Expression x = u.eventSingleton(a + k);
                Expression y = u.eventSingleton(b + k);
                f.add(prefixEqual.implies(typeAtMost(x, y, used)));
                prefixEqual = prefixEqual.and(sameType(x, y, used));
            }
        }
        return Formula.and(f);
    }

    /** The type of event {@code x} comes no later than the type of event {@code y} (both singletons). */
    private Formula typeAtMost(Expression x, Expression y, List<EventType> used) {
        List<Formula> f = new ArrayList<>();
        Expression upTo = Expression.NONE;
        for (EventType t : used) {
            upTo = upTo.union(type(t));
            f.add(y.in(type(t)).implies(x.in(upTo)));
        }
        return Formula.and(f);
    }

    /** Events {@code x} and {@code y} (singletons) have the same type. */
    private Formula sameType(Expression x, Expression y, List<EventType> used) {
        List<Formula> f = new ArrayList<>();
        for (EventType t : used) {
            f.add(x.in(type(t)).iff(y.in(type(t))));
        }
        return Formula.and(f);
    }

    /** Memory events have one location; CPU and local NIC accesses are local, remote ones on the target. */
    private Formula locationsAndNodes() {
        List<Formula> f = new ArrayList<>();
        Expression memory = types(t -> t.kind().isMemory());
        f.add(location.partialFunction(u.events, u.locations));
        f.add(location.join(u.locations).eq(memory));
        if (canonical) {
            // declared exactly when used, numbered in order of first use
            f.add(u.events.join(location).eq(declared));
            f.add(u.locationNext.join(declared).in(declared));
            f.add(location.join(u.locationNext.transpose()).in(u.before.transpose().join(location)));
        } else {
            f.add(u.events.join(location).in(declared));
        }
        f.add(home.partialFunction(u.locations, u.nodes));
        f.add(home.join(u.nodes).eq(declared));
        Expression localMemory = memory.intersection(types(t -> !t.remote()));
        Expression remoteMemory = types(EventType::remote);
        f.add(localMemory.product(u.nodes).intersection(location.join(home))
                .eq(localMemory.product(u.nodes).intersection(thread.join(threadNode))));
        f.add(remoteMemory.product(u.nodes).intersection(location.join(home))
                .eq(remoteMemory.product(u.nodes).intersection(target)));
        // a read-modify-write reads and writes one location (models.md §2.2)
        f.add(rmw.in(loc));
        // E-SLOT-ALIAS: the result location of rcas/rfaa differs from the target location
        Expression nar = types(EventType.RCAS_NAR, EventType.RFAA_NAR);
        Expression rmwNlw = types(EventType.RCAS_NLW, EventType.RFAA_NLW);
        f.add(ii.intersection(nar.product(rmwNlw)).intersection(loc).no());
        return Formula.and(f);
    }

    /** Targets name queue pairs; polls and rfences need one (E-NO-QP), waits a tagged operation (E-UNKNOWN-WID). */
    private Formula queuePairsAndWorkIds() {
        List<Formula> f = new ArrayList<>();
        Expression qpEvents = types(EventType::hasQueuePair);
        f.add(target.partialFunction(u.events, u.nodes));
        f.add(target.join(u.nodes).eq(qpEvents));
        // the events of one NIC operation share its target
        f.add(cont.transpose().join(target).intersection(qpEvents.product(u.nodes)).in(target));
        Expression pollsAndFences = types(EventType.POLL, EventType.RFENCE);
        Expression sameQp = sameThread.intersection(target.join(target.transpose()));
        f.add(pollsAndFences.in(sameQp.join(operations)));
        f.add(workId.partialFunction(u.events, u.workIds));
        f.add(workId.join(u.workIds).in(operations));
        Expression waits = type(EventType.WAIT);
        f.add(waitId.function(waits, u.workIds));
        f.add(waitId.join(u.workIds).eq(waits));
        f.add(waits.in(sameThread.intersection(waitId.join(workId.transpose())).join(operations)));
        return Formula.and(f);
    }

    /** The value dependencies along which the enumerator computes values (models.md §4.2; see {@link #valuesAcyclic}). */
    Expression valueDependencies(Expression rf) {
        Expression cpuReads = types(EventType.READ, EventType.LOCKED_READ);
        Expression cpuWrites = types(EventType.WRITE, EventType.LOCKED_WRITE);
        Expression rmwWrites = types(EventType.RCAS_NRW, EventType.RCAS_WRITE_BACK, EventType.RFAA_NRW);
        Expression copies = type(EventType.PUT_NLR).product(type(EventType.PUT_NRW))
                .union(type(EventType.GET_NRR).product(type(EventType.GET_NLW)))
                .union(types(EventType.RCAS_NAR, EventType.RFAA_NAR)
                        .product(types(EventType.RCAS_NRW, EventType.RCAS_WRITE_BACK, EventType.RFAA_NRW,
                                EventType.RCAS_NLW, EventType.RFAA_NLW)));
        Expression sequential = cpuReads.product(cpuReads.union(cpuWrites).union(rmwWrites)).intersection(po.union(ii));
        return rf.union(ii.intersection(copies)).union(sequential);
    }

    /**
     * The candidate's values can be computed: no value depends on itself (models.md §4.2). The
     * enumerator computes a thread's CPU reads and writes and the operands of its rcas/rfaa in
     * program order, a read's value from its rf source, and a NIC write from the read of its
     * operation; a cycle through these dependencies makes the candidate ill-formed.
     *
     * @param order a fresh relation over the real events to witness acyclicity (a strict partial
     *              order containing the dependencies), or {@code null} to use transitive closure
     */
    Formula valuesAcyclic(Expression rf, Relation order) {
        if (order == null) {
            return valueDependencies(rf).closure().intersection(Expression.IDEN).no();
        }
        // initial writes depend on nothing, so no cycle passes through them
        Expression real = valueDependencies(rf).intersection(u.events.product(u.events));
        return real.in(order).and(order.join(order).in(order)).and(order.intersection(Expression.IDEN).no());
    }
}
