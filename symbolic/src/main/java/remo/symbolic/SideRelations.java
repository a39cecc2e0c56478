package remo.symbolic;

import remo.core.PollScope;
import remo.core.PutCompletion;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import kodkod.ast.Expression;
import kodkod.ast.Formula;
import kodkod.ast.Relation;
import kodkod.instance.Bounds;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.models.Builtin;

/**
 * The built-ins of one side of a comparison that depend on its flags: the completion events
 * {@code CMP} (models.md §2.3, {@code PUT_COMPLETION}), poll matching {@code pm} with the statically blocked
 * polls (models.md §3.1, {@code POLL_SCOPE}), wait matching {@code wm} (models.md §3.2), and the side's {@code rao}
 * witness (models.md §4.1, {@code RAO_SCOPE}). Everything else comes from the shared skeleton.
 */
final class SideRelations {
    final ProgramSkeleton p;
    final WitnessSkeleton w;
    final FlagValues flags;
    /** operation (its first event) -> its completion event. */
    final Expression completionOf;
    final Expression cmp;
    /** operation -> poll: the k-th poll of a scope and the k-th operation of that scope. */
    final Relation match;
    final Expression pm;
    final Expression wm;
    final Formula blocked;
    final Expression rao;
    /** What the side sees of the execution. */
    final ExecutionView view;

    /**
     * @param match a relation for the poll matching, bounded by {@link #boundMatch}; sides with
     *              the same {@code POLL_SCOPE} may share one
     * @param rao   the side's rao witness (a relation of the skeleton, or a constant)
     */
    SideRelations(ProgramSkeleton p, WitnessSkeleton w, FlagValues flags, Relation match, Expression rao) {
        this(p, w, flags, match, rao, ExecutionView.whole(p, w));
    }

    /** A side that sees {@code view} of the execution. */
    SideRelations(ProgramSkeleton p, WitnessSkeleton w, FlagValues flags, Relation match, Expression rao, ExecutionView view) {
        this.p = p;
        this.w = w;
        this.view = view;
        this.flags = flags;
        this.rao = rao;
        boolean localRead = flags.putCompletion() == PutCompletion.LOCAL_READ_DONE;
        Expression nlr = p.type(EventType.PUT_NLR);
        Expression putCompletion = localRead ? nlr.product(nlr).intersection(Expression.IDEN)
                : p.u.next.intersection(nlr.product(p.type(EventType.PUT_NRW)));
        Expression nar = p.types(EventType.RCAS_NAR, EventType.RFAA_NAR);
        Expression rmwNlw = p.types(EventType.RCAS_NLW, EventType.RFAA_NLW);
        completionOf = putCompletion
                .union(p.u.next.intersection(p.type(EventType.GET_NRR).product(p.type(EventType.GET_NLW))))
                .union(p.ii.intersection(nar.product(rmwNlw)));
        cmp = p.operations.join(completionOf);
        this.match = match;
        Expression matched = match.intersection(p.u.before);
        pm = completionOf.transpose().join(matched);
        Expression polls = p.type(EventType.POLL);
        blocked = polls.in(p.operations.join(matched)).not();
        Expression waits = p.type(EventType.WAIT);
        Expression tagged = p.sameThread.intersection(p.workId.join(p.waitId.transpose())).intersection(p.u.before);
        wm = completionOf.transpose().join(tagged.intersection(p.operations.product(waits)));
    }

    /** A fresh poll-matching relation, bounded in {@code b}. */
    static Relation boundMatch(ProgramSkeleton p, String name, Bounds b) {
        Relation match = Relation.binary(name);
        b.bound(match, p.u.product(p.u.eventAtoms(), p.u.eventAtoms()));
        return match;
    }

    /** A side like this one that sees {@code otherView} of the execution. */
    SideRelations withView(ExecutionView otherView) {
        return new SideRelations(p, w, flags, match, rao, otherView);
    }

    /** A side like this one whose rao witness is {@code otherRao}. */
    SideRelations withRao(Expression otherRao) {
        return new SideRelations(p, w, flags, match, otherRao, view);
    }

    /**
     * {@link #match} pairs the k-th poll of each scope with the k-th operation of that scope in
     * program order, for every k up to the smaller count (models.md §3.1).
     */
    Formula matchingDefined() {
        Expression polls = p.type(EventType.POLL);
        Expression ops = p.operations;
        Expression scope = flags.pollScope() == PollScope.PER_THREAD ? p.sameThread
                : p.sameThread.intersection(p.target.join(p.target.transpose()));
        Expression opScope = ops.product(ops).intersection(scope);
        Expression pollScope = polls.product(polls).intersection(scope);
        Expression matchedOps = match.join(p.u.events);
        Expression matchedPolls = p.u.events.join(match);
        List<Formula> f = new ArrayList<>();
        f.add(match.in(ops.product(polls).intersection(scope)));
        f.add(match.join(match.transpose()).in(Expression.IDEN));
        f.add(match.transpose().join(match).in(Expression.IDEN));
        f.add(match.join(p.u.before.intersection(pollScope)).join(match.transpose()).in(p.u.before));
        f.add(p.u.before.intersection(pollScope).join(matchedPolls).in(matchedPolls));
        f.add(p.u.before.intersection(opScope).join(matchedOps).in(matchedOps));
        f.add(ops.difference(matchedOps).product(polls.difference(matchedPolls)).intersection(scope).no());
        return Formula.and(f);
    }

    /** This side's built-in {@code b}, or {@code null} if it does not depend on the side. */
    Expression builtin(Builtin b) {
        switch (b) {
            case CMP: return cmp;
            case PM: return pm;
            case WM: return wm;
            case RAO: return rao;
            default: return null;
        }
    }

    /** The value of every built-in on this side (models.md §2.4, §3, §4). */
    EnumMap<Builtin, Expression> environment() {
        EnumMap<Builtin, Expression> env = new EnumMap<>(Builtin.class);
        for (Builtin b : Builtin.values()) {
            Expression side = builtin(b);
            env.put(b, view.restrict(side != null ? side : shared(b), b.isSet()));
        }
        return env;
    }

    private Expression fr() {
        return view.rf().transpose().join(view.co());
    }

    private Expression shared(Builtin b) {
        switch (b) {
            case ALL: return view.all();
            case IW: return p.declared;
            case M: return p.types(t -> t.kind().isMemory()).union(p.declared);
            case PO: return p.po;
            case II: return p.ii;
            case SI: return p.si;
            case SQP: return p.sqp;
            case LOC: return p.loc;
            case INT: return p.internal;
            case EXT: return p.external;
            case SAME_NODE: return p.sameNode;
            case ID: return p.id;
            case PO_LOC: return p.po.intersection(p.loc);
            case RMW: return p.rmw;
            case RF_REL: return view.rf();
            case CO: return view.co();
            case FR: return fr();
            case RFI: return view.rf().intersection(p.internal);
            case RFE: return view.rf().intersection(p.external);
            case COI: return view.co().intersection(p.internal);
            case COE: return view.co().intersection(p.external);
            case FRI: return fr().intersection(p.internal);
            case FRE: return fr().intersection(p.external);
            default:
                if (b.isSet()) {
                    return p.types(t -> t.in(b, flags));
                }
                throw new AssertionError(b);
        }
    }
}
