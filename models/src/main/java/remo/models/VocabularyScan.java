package remo.models;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import remo.models.cat.CatException;
import remo.models.cat.CatExpr;
import remo.models.cat.CatParser;
import remo.models.cat.CatStatement;

/**
 * Decides the {@link CatModel.Vocabulary} of a model file before it runs: {@code REMO} if the file
 * or one it includes (through every branch) uses one of remo's RDMA or intra-instruction names
 * without binding it, or includes one of remo's bundled models; {@code HERD} otherwise.
 */
final class VocabularyScan {
    /** Names only remo predefines (models.md §2.4, §3, §4.1); herd7's models never use them unbound. */
    private static final Set<String> REMO_NAMES = Set.of("ii", "sqp", "same-node", "pm", "wm", "rao", "NLR", "NRW",
            "NRR", "NLW", "NAR", "PUT", "GET", "RCAS", "RFAA", "CMP", "INLINE", "LOCK", "WT", "GF", "RF");

    private final ModelLibrary.Source source;
    private final Set<String> used = new HashSet<>();
    private final Set<String> bound = new HashSet<>();
    private final Set<String> visited = new java.util.LinkedHashSet<>();
    private boolean includesBundledModel;
    private boolean strict;

    private VocabularyScan(ModelLibrary.Source source) {
        this.source = source;
    }

    /**
     * The identities of {@code top} and of every file it includes, through every branch (for
     * tests: every include of a corpus file resolves).
     *
     * @throws CatException the first include that cannot be resolved or parsed
     */
    static Set<String> includeClosure(CatParser.CatFile top, String identity, ModelLibrary.Source source) throws CatException {
        VocabularyScan scan = new VocabularyScan(source);
        scan.strict = true;
        scan.visited.add(identity);
        try {
            scan.statements(top.statements());
        } catch (IncludeFailure f) {
            throw f.cause;
        }
        return scan.visited;
    }

    /** Carries an include failure out of the walk in strict mode. */
    private static final class IncludeFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient CatException cause;

        IncludeFailure(CatException cause) {
            super(null, null, false, false);
            this.cause = cause;
        }
    }

    static CatModel.Vocabulary of(CatParser.CatFile top, String identity, ModelLibrary.Source source) {
        VocabularyScan scan = new VocabularyScan(source);
        scan.visited.add(identity);
        scan.statements(top.statements());
        if (scan.includesBundledModel) {
            return CatModel.Vocabulary.REMO;
        }
        for (String n : scan.used) {
            if (REMO_NAMES.contains(n) && !scan.bound.contains(n)) {
                return CatModel.Vocabulary.REMO;
            }
        }
        return CatModel.Vocabulary.HERD;
    }

    private void statements(List<CatStatement> list) {
        for (CatStatement s : list) {
            statement(s);
        }
    }

    private void statement(CatStatement s) {
        if (s instanceof CatStatement.Let l) {
            bindings(l.bindings());
        } else if (s instanceof CatStatement.Include inc) {
            try {
                ModelLibrary.Loaded loaded = source.include(inc.target(), inc.file(), inc.pos());
                if (loaded.identity().startsWith("bundled:") && ModelLibrary.isBundledModelFile(inc.target())) {
                    includesBundledModel = true;
                }
                if (visited.add(loaded.identity())) {
                    statements(loaded.file().statements());
                }
            } catch (CatException e) {
                if (strict) {
                    throw new IncludeFailure(e);
                }
                // otherwise reported when the model runs
            }
        } else if (s instanceof CatStatement.Check c) {
            expr(c.expr());
        } else if (s instanceof CatStatement.Show sh) {
            sh.exprs().forEach(this::expr);
        } else if (s instanceof CatStatement.Procedure p) {
            bound.add(p.name());
            bound.addAll(p.parameter().names());
            statements(p.body());
        } else if (s instanceof CatStatement.Call c) {
            expr(c.argument());
        } else if (s instanceof CatStatement.Forall f) {
            bound.add(f.variable());
            expr(f.set());
            statements(f.body());
        } else if (s instanceof CatStatement.IfVariant iv) {
            statements(iv.then());
            statements(iv.otherwise());
        } else if (s instanceof CatStatement.MatchTag m) {
            expr(m.subject());
            m.clauses().forEach(c -> statements(c.body()));
            if (m.otherwise() != null) {
                statements(m.otherwise());
            }
        } else if (s instanceof CatStatement.Enum e) {
            bound.add(e.name());
        } else if (s instanceof CatStatement.WithFrom w) {
            bound.add(w.variable());
        }
    }

    private void bindings(List<CatStatement.Binding> list) {
        for (CatStatement.Binding b : list) {
            bound.addAll(b.pattern().names());
            expr(b.expr());
        }
    }

    private void expr(CatExpr e) {
        if (e instanceof CatExpr.Name n) {
            used.add(n.name());
        } else if (e instanceof CatExpr.Binary b) {
            expr(b.left());
            expr(b.right());
        } else if (e instanceof CatExpr.Unary u) {
            expr(u.operand());
        } else if (e instanceof CatExpr.If i) {
            if (i.condition() instanceof CatExpr.Equal c) {
                expr(c.left());
                expr(c.right());
            } else if (i.condition() instanceof CatExpr.Subset c) {
                expr(c.left());
                expr(c.right());
            } else if (i.condition() instanceof CatExpr.Member c) {
                expr(c.element());
                expr(c.set());
            }
            expr(i.then());
            expr(i.otherwise());
        } else if (e instanceof CatExpr.ExplicitSet s) {
            s.elements().forEach(this::expr);
        } else if (e instanceof CatExpr.Tuple t) {
            t.elements().forEach(this::expr);
        } else if (e instanceof CatExpr.App a) {
            expr(a.function());
            expr(a.argument());
        } else if (e instanceof CatExpr.Fun f) {
            bound.addAll(f.parameter().names());
            expr(f.body());
        } else if (e instanceof CatExpr.LetIn l) {
            bindings(l.bindings());
            expr(l.body());
        } else if (e instanceof CatExpr.Match m) {
            expr(m.subject());
            m.clauses().forEach(c -> expr(c.body()));
            if (m.otherwise() != null) {
                expr(m.otherwise());
            }
        } else if (e instanceof CatExpr.MatchSet m) {
            expr(m.subject());
            expr(m.ifEmpty());
            bound.add(m.before());
            bound.add(m.element());
            bound.add(m.rest());
            expr(m.body());
        } else if (e instanceof CatExpr.Try t) {
            expr(t.body());
            expr(t.fallback());
        }
    }
}
