package remo.symbolic;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kodkod.ast.Formula;
import kodkod.ast.Relation;
import kodkod.instance.Bounds;
import kodkod.instance.Instance;
import kodkod.instance.Tuple;
import kodkod.instance.TupleFactory;
import kodkod.instance.TupleSet;
import remo.checker.Event;
import remo.core.rdma.EventLabel;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.Program;
import remo.models.CatModel;

/**
 * The execution skeleton of one given program with a given set of existing events, its program
 * relations bound exactly (the witnesses left to bound): the bridge that checks the translation
 * against the checker's enumerator event by event. Atoms: the existing events in the checker's
 * order, one location atom (initial write) per declared location, the threads that have events,
 * node {@code k} as atom {@code n<k>}, one atom per work id.
 */
final class FixedProgram {
    final EventStructure structure;
    final SkeletonUniverse u;
    final ProgramSkeleton program;
    final WitnessSkeleton witnesses;
    final Relation rao;
    final SideRelations side;
    final Bounds bounds;
    private final FlagValues flags;
    /** Checker event id -> atom name. */
    private final Map<Integer, String> atomOf = new LinkedHashMap<>();
    /** Atom name -> checker event id. */
    private final Map<Object, Integer> eventOf = new LinkedHashMap<>();

    /**
     * @param exists which events of {@code structure} exist (conditional writes may not)
     */
    FixedProgram(EventStructure structure, boolean[] exists, FlagValues flags) {
        this.structure = structure;
        this.flags = flags;
        Program prog = structure.program();
        List<Integer> real = new ArrayList<>();
        List<Integer> threadsWithEvents = new ArrayList<>();
        int maxNode = 1;
        List<String> tags = new ArrayList<>();
        for (Event e : structure.events()) {
            maxNode = Math.max(maxNode, e.node());
            if (e.kind() == EventLabel.IW || !exists[e.id()]) {
                continue;
            }
            real.add(e.id());
            if (!threadsWithEvents.contains(e.thread())) {
                threadsWithEvents.add(e.thread());
            }
            if (e.tag() != null && !tags.contains(e.tag())) {
                tags.add(e.tag());
            }
        }
        for (var t : prog.threads()) {
            maxNode = Math.max(maxNode, t.node());
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.Wait w && !tags.contains(w.id().name())) {
                    tags.add(w.id().name());
                }
            }
        }
        for (int q = 0; q < structure.queuePairCount(); q++) {
            maxNode = Math.max(maxNode, structure.queuePair(q).node());
        }
        u = new SkeletonUniverse(new SkeletonScope(Math.max(1, real.size()), Math.max(1, threadsWithEvents.size()), maxNode,
                structure.locationCount(), tags.size()));
        for (int i = 0; i < real.size(); i++) {
            atomOf.put(real.get(i), u.event(i));
        }
        for (Event e : structure.events()) {
            if (e.kind() == EventLabel.IW) {
                atomOf.put(e.id(), u.locationAtoms().get(e.location()));
            }
        }
        atomOf.forEach((id, atom) -> eventOf.put(atom, id));
        program = new ProgramSkeleton(u, EnumSet.allOf(InstructionShape.class), false);
        witnesses = new WitnessSkeleton(program);
        bounds = u.bounds;
        TupleFactory f = u.factory;
        Map<EventType, TupleSet> types = new java.util.EnumMap<>(EventType.class);
        for (EventType t : EventType.real()) {
            types.put(t, f.noneOf(1));
        }
        TupleSet thread = f.noneOf(2);
        TupleSet location = f.noneOf(2);
        TupleSet target = f.noneOf(2);
        TupleSet workId = f.noneOf(2);
        TupleSet waitId = f.noneOf(2);
        TupleSet threadNode = f.noneOf(2);
        for (int id : real) {
            Event e = structure.event(id);
            String a = atomOf.get(id);
            EventType t = EventType.of(e.kind(), e.locked(), e.op());
            types.get(t).add(f.tuple(a));
            String th = u.threadAtoms().get(threadsWithEvents.indexOf(e.thread()));
            thread.add(f.tuple(a, th));
            if (e.location() >= 0) {
                location.add(f.tuple(a, u.locationAtoms().get(e.location())));
            }
            if (e.qp() >= 0) {
                target.add(f.tuple(a, node(structure.queuePair(e.qp()).node())));
            }
            if (e.tag() != null && e.step() == 0) {
                workId.add(f.tuple(a, u.workIdAtoms().get(tags.indexOf(e.tag()))));
            }
            if (e.kind() == EventLabel.WT) {
                Instruction.Wait w = (Instruction.Wait) prog.thread(e.thread()).instructions().get(e.instruction());
                waitId.add(f.tuple(a, u.workIdAtoms().get(tags.indexOf(w.id().name()))));
            }
        }
        for (int k = 0; k < threadsWithEvents.size(); k++) {
            threadNode.add(f.tuple(u.threadAtoms().get(k), node(prog.thread(threadsWithEvents.get(k)).node())));
        }
        TupleSet declared = f.noneOf(1);
        TupleSet home = f.noneOf(2);
        for (int l = 0; l < structure.locationCount(); l++) {
            declared.add(f.tuple(u.locationAtoms().get(l)));
            home.add(f.tuple(u.locationAtoms().get(l), node(prog.locations().get(l).home())));
        }
        for (EventType t : EventType.real()) {
            bounds.boundExactly(program.type(t), types.get(t));
        }
        bounds.boundExactly(program.thread, thread);
        bounds.boundExactly(program.location, location);
        bounds.boundExactly(program.target, target);
        bounds.boundExactly(program.workId, workId);
        bounds.boundExactly(program.waitId, waitId);
        bounds.boundExactly(program.threadNode, threadNode);
        bounds.boundExactly(program.declared, declared);
        bounds.boundExactly(program.home, home);
        witnesses.bound(bounds);
        rao = witnesses.raoRelation("rao", bounds);
        side = new SideRelations(program, witnesses, flags, SideRelations.boundMatch(program, "match", bounds), rao);
    }

    private String node(int k) {
        return u.nodeAtoms().get(k - 1);
    }

    /** The skeleton's constraints: a valid program, well-formed witnesses, the poll matching. */
    Formula structureFormula() {
        return program.wellFormed().and(witnesses.wellFormed(null)).and(witnesses.raoWellFormed(rao, flags))
                .and(side.matchingDefined());
    }

    /** The model's consistency, with transitive closure (no witness relations, so solutions can be counted). */
    Formula consistent(CatModel model) {
        return new CatTranslator(side.environment(), flags, u.scope.events() + u.scope.locations(), null)
                .consistent(model, Set.of(), true);
    }

    /** Sets the witnesses of {@code instance} to those of {@code x} (whose existing events are the ones encoded). */
    void fixWitnesses(Instance instance, Execution x) {
        instance.add(witnesses.readsFrom, readsFrom(x));
        instance.add(witnesses.co, pairs(x.co().transitiveClosure().pairs()));
        instance.add(rao, pairs(x.rao().transitiveClosure().pairs()));
    }

    /** The formula that the witnesses differ from {@code x}'s; its constants are bounded in {@code b}. */
    Formula differentWitnesses(Execution x, Bounds b) {
        Relation rf = Relation.binary("rf" + constants);
        Relation co = Relation.binary("co" + constants);
        Relation r = Relation.binary("rao" + constants++);
        b.boundExactly(rf, readsFrom(x));
        b.boundExactly(co, pairs(x.co().transitiveClosure().pairs()));
        b.boundExactly(r, pairs(x.rao().transitiveClosure().pairs()));
        return witnesses.readsFrom.eq(rf).and(witnesses.co.eq(co)).and(rao.eq(r)).not();
    }

    private int constants;

    private TupleSet readsFrom(Execution x) {
        TupleFactory f = u.factory;
        TupleSet rf = f.noneOf(2);
        for (int[] p : x.rf().pairs()) {
            rf.add(f.tuple(atomOf.get(p[1]), atomOf.get(p[0])));
        }
        return rf;
    }

    private TupleSet pairs(List<int[]> ps) {
        TupleSet s = u.factory.noneOf(2);
        for (int[] p : ps) {
            s.add(u.factory.tuple(atomOf.get(p[0]), atomOf.get(p[1])));
        }
        return s;
    }

    /** The witnesses of an instance as sorted text {@code rf|co|rao} over checker event ids. */
    String witnessKey(Instance instance) {
        return key(instance.tuples(witnesses.readsFrom), true) + "|" + key(instance.tuples(witnesses.co), false) + "|"
                + key(instance.tuples(rao), false);
    }

    /** The same key for an execution of the enumerator. */
    static String witnessKey(Execution x) {
        return key(x.rf().pairs()) + "|" + key(x.co().transitiveClosure().pairs()) + "|" + key(x.rao().transitiveClosure().pairs());
    }

    /** The rf part of {@link #witnessKey(Execution)}. */
    static String rfKey(String witnessKey) {
        return witnessKey.substring(0, witnessKey.indexOf('|'));
    }

    private String key(TupleSet tuples, boolean reversed) {
        List<int[]> ps = new ArrayList<>();
        for (Tuple t : tuples) {
            int a = eventOf.get(t.atom(0));
            int b = eventOf.get(t.atom(1));
            ps.add(reversed ? new int[] {b, a} : new int[] {a, b});
        }
        return key(ps);
    }

    private static String key(List<int[]> ps) {
        List<String> s = new ArrayList<>();
        for (int[] p : ps) {
            s.add(p[0] + ">" + p[1]);
        }
        java.util.Collections.sort(s);
        return String.join(",", s);
    }

    /** Checker event id of an atom, or null. */
    Integer eventOf(Object atom) {
        return eventOf.get(atom);
    }

    /** Atom of a checker event id, or null if it does not exist. */
    String atomOf(int id) {
        return atomOf.get(id);
    }
}
