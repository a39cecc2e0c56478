package remo.models;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.Position;

/**
 * The names a model starts with: remo's built-ins (models.md §2.4, §3, §4, §7.5), herd7's
 * predefined x86 sets and relations (herdtools7 {@code herd/machModelChecker.ml} and the X86
 * architecture), and herd7's primitive functions ({@link CatPrimitives}).
 *
 * <p>Under {@link CatModel.Vocabulary#HERD} (a model written for herd7 or Dartagnan), the names
 * whose meaning differs between herd7 and models.md take herd7's: {@code po} also orders the read
 * before the write of a locked instruction (herdtools7 a5c974bf7, and Dartagnan), {@code W}
 * contains the initial writes, {@code si} relates each memory event to itself only (one
 * single-copy-atomic access per event on x86), and {@code po-loc} is {@code po & loc} with that
 * {@code po}. Under {@link CatModel.Vocabulary#REMO} (the bundled models and models using RDMA
 * names) every name means what models.md says.
 *
 * <p>herd7 names for which x86 (and so remo) has no events are empty: {@code addr}, {@code data},
 * {@code ctrl}, {@code iico_data}, {@code iico_ctrl}, {@code NExp}, {@code LFENCE}, {@code SFENCE}
 * (remo drops those instructions, they order nothing under TSO), {@code NT}, {@code B} and the
 * other branch and register sets.
 */
final class Predefined {
    private static final List<String> EMPTY_SETS = List.of("NExp", "LFENCE", "SFENCE", "NT", "B", "BCC", "PRED",
            "SPEC", "SPURIOUS", "Rreg", "Wreg", "ADDR", "DATA", "CutOff", "UB", "NoRet");
    private static final List<String> EMPTY_RELATIONS = List.of("addr", "data", "ctrl", "iico_data", "iico_ctrl",
            "iico_order", "rf-reg", "depend", "success", "control", "lxsx", "equiv-spec", "aligned");

    private Predefined() {
    }

    /** The initial environment of a model with {@code vocabulary}. */
    static CatEnvironment environment(CatModel.Vocabulary vocabulary, NodeFactory nodes, CatPrimitives primitives) {
        Map<String, CatEnvironment.Thunk> names = new LinkedHashMap<>();
        for (Builtin b : Builtin.values()) {
            if (b != Builtin.ALL) {
                names.put(b.catName(), events(nodes.builtin(b)));
            }
        }
        names.put("MFENCE", events(nodes.builtin(Builtin.F)));
        names.put("X", events(nodes.builtin(Builtin.LOCK)));
        names.put("mfence", events(nodes.builtin(Builtin.F))); // Dartagnan's name of the MFENCE events
        names.put("A", events(nodes.builtin(Builtin.LOCK))); // Dartagnan's tag of locked x86 events (Tag.TSO.ATOM)
        Position p = Position.NONE;
        Node all = nodes.universe();
        Node emptySet = nodes.setOperation(Node.Op.DIFFERENCE, "\\", all, all, p, "");
        Node id = nodes.builtin(Builtin.ID);
        Node emptyRelation = nodes.setOperation(Node.Op.DIFFERENCE, "\\", id, id, p, "");
        for (String s : EMPTY_SETS) {
            names.put(s, events(emptySet));
        }
        for (String r : EMPTY_RELATIONS) {
            names.put(r, events(emptyRelation));
        }
        Node m = nodes.builtin(Builtin.M);
        Node r = nodes.builtin(Builtin.R);
        Node w = nodes.builtin(Builtin.W);
        Node iw = nodes.builtin(Builtin.IW);
        Node loc = nodes.builtin(Builtin.LOC);
        Node rmw = nodes.builtin(Builtin.RMW);
        Node si = nodes.builtin(Builtin.SI);
        Node allWrites = nodes.setOperation(Node.Op.UNION, "|", w, iw, p, "");
        names.put("Exp", events(m));
        names.put("EXEC", events(all));
        names.put("amo", events(rmw));
        names.put("same-instance", events(si));
        names.put("same-instr", events(si));
        names.put("same-static", events(si));
        names.put("same-low-order-bits", events(loc));
        Node identityOnMemory = nodes.unary(Node.Op.IDENTITY_OF, m, "[...]", p, p, "");
        names.put("sm", events(identityOnMemory));
        // FW: the co-last write of each location (herd7's final writes)
        Node coDomain = nodes.unary(Node.Op.DOMAIN, nodes.builtin(Builtin.CO), "domain", p, p, "");
        names.put("FW", events(nodes.setOperation(Node.Op.DIFFERENCE, "\\", allWrites, coDomain, p, "")));
        Node po = nodes.builtin(Builtin.PO);
        if (vocabulary == CatModel.Vocabulary.HERD) {
            Node lockedPairs = nodes.setOperation(Node.Op.INTERSECTION, "&", rmw, nodes.product(r, w, p, p, p, ""), p, "");
            po = nodes.setOperation(Node.Op.UNION, "|", po, lockedPairs, p, "");
            po.boundName = "po";
            names.put("po", events(po));
            names.put("W", events(allWrites));
            names.put("si", events(identityOnMemory));
            Node poLoc = nodes.setOperation(Node.Op.INTERSECTION, "&", po, loc, p, "");
            poLoc.boundName = "po-loc";
            names.put("po-loc", events(poLoc));
        }
        names.put("partial_po", events(po));
        names.put("pco", events(partialCoherence(nodes, po, allWrites, names.get("FW"))));
        names.putAll(primitiveThunks(primitives));
        return CatEnvironment.empty().with(names);
    }

    /**
     * herd7's {@code pco}: the coherence pairs a program forces (herd7 computes it in code; the
     * definition is the one its cos-ok-opt.cat states): program-order pairs of one location seen
     * through rf, and {@code co0}.
     */
    private static Node partialCoherence(NodeFactory nodes, Node po, Node writes, CatEnvironment.Thunk finalWrites) {
        Position p = Position.NONE;
        Node loc = nodes.builtin(Builtin.LOC);
        Node r = nodes.builtin(Builtin.R);
        Node iw = nodes.builtin(Builtin.IW);
        Node rf = nodes.builtin(Builtin.RF_REL);
        Node id = nodes.builtin(Builtin.ID);
        Node rfInverse = nodes.unary(Node.Op.INVERSE, rf, "^-1", p, p, "");
        Node poLoc = nodes.setOperation(Node.Op.INTERSECTION, "&", po, loc, p, "");
        java.util.function.BinaryOperator<Node> restrict = (a, b) -> nodes.setOperation(Node.Op.INTERSECTION, "&", poLoc,
                nodes.product(a, b, p, p, p, ""), p, "");
        Node ww = restrict.apply(writes, writes);
        Node rw = nodes.sequence(rf, restrict.apply(r, writes), p, p, p, "");
        Node wr = nodes.setOperation(Node.Op.DIFFERENCE, "\\", nodes.sequence(restrict.apply(writes, r), rfInverse, p, p, p, ""),
                id, p, "");
        Node rr = nodes.setOperation(Node.Op.DIFFERENCE, "\\", nodes.sequence(nodes.sequence(rf, restrict.apply(r, r), p, p, p, ""),
                rfInverse, p, p, p, ""), id, p, "");
        Node fw = ((CatValue.Events) finalWrites.force()).node();
        Node notIw = nodes.setOperation(Node.Op.DIFFERENCE, "\\", writes, iw, p, "");
        Node notFw = nodes.setOperation(Node.Op.DIFFERENCE, "\\", writes, fw, p, "");
        Node co0 = nodes.setOperation(Node.Op.INTERSECTION, "&", loc, nodes.setOperation(Node.Op.UNION, "|",
                nodes.product(iw, notIw, p, p, p, ""), nodes.product(notFw, fw, p, p, p, ""), p, ""), p, "");
        Node out = ww;
        for (Node n : new Node[] {rw, wr, rr, co0}) {
            out = nodes.setOperation(Node.Op.UNION, "|", out, n, p, "");
        }
        return out;
    }

    private static Map<String, CatEnvironment.Thunk> primitiveThunks(CatPrimitives primitives) {
        Map<String, CatEnvironment.Thunk> out = new LinkedHashMap<>();
        for (Map.Entry<String, CatValue> e : primitives.all().entrySet()) {
            out.put(e.getKey(), CatEnvironment.Thunk.of(e.getValue()));
        }
        return out;
    }

    private static CatEnvironment.Thunk events(Node n) {
        return CatEnvironment.Thunk.of(new CatValue.Events(n));
    }
}
