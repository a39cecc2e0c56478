package remo.symbolic;

import kodkod.ast.Expression;

/**
 * What one side of a comparison sees of a skeleton execution: its events and its {@code rf} and
 * {@code co}. Usually the whole execution; a side with {@code FAILED_RCAS_WRITES=NO} compared
 * with one with {@code YES} sees it without the write-backs of failed rcas
 * ({@link EventType#RCAS_WRITE_BACK}): reads of a write-back read the write its rcas read (the same
 * value), and co drops the write-backs.
 *
 * @param all    the side's events, initial writes included
 * @param rf     the side's reads-from
 * @param co     the side's coherence
 * @param whole  whether this is the whole execution (no restriction needed)
 */
record ExecutionView(Expression all, Expression rf, Expression co, boolean whole) {

    /** The whole execution. */
    static ExecutionView whole(ProgramSkeleton p, WitnessSkeleton w) {
        return new ExecutionView(p.all, w.rf, w.co, true);
    }

    /** The execution without write-backs (models.md §2.2 with {@code FAILED_RCAS_WRITES=NO}). */
    static ExecutionView withoutWriteBacks(ProgramSkeleton p, WitnessSkeleton w) {
        Expression wb = p.type(EventType.RCAS_WRITE_BACK);
        Expression all = p.all.difference(wb);
        Expression rf = w.rf.difference(wb.product(Expression.UNIV))
                .union(writeBackSource(p, w).transpose().join(w.rf.intersection(wb.product(Expression.UNIV))));
        Expression co = w.co.intersection(all.product(all));
        return new ExecutionView(all, rf, co, false);
    }

    /** write-back -> the write its rcas read. */
    static Expression writeBackSource(ProgramSkeleton p, WitnessSkeleton w) {
        Expression wb = p.type(EventType.RCAS_WRITE_BACK);
        return p.ii.transpose().intersection(wb.product(p.type(EventType.RCAS_NAR))).join(w.readsFrom);
    }

    /** {@code e} seen by this side: restricted to its events. */
    Expression restrict(Expression e, boolean set) {
        if (whole) {
            return e;
        }
        return set ? e.intersection(all) : e.intersection(all.product(all));
    }
}
