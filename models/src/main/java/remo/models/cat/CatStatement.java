package remo.models.cat;

import java.util.List;
import remo.core.Position;

/** A statement of a cat file (models.md §7.2), as parsed. Immutable. */
public sealed interface CatStatement permits CatStatement.Let, CatStatement.Include, CatStatement.Check, CatStatement.Show {

    /** Position of the statement's first token. */
    Position pos();

    /** The file the statement was read from (the name used in diagnostics). */
    String file();

    /** One {@code name = expr} of a {@code let}. */
    record Binding(String name, CatExpr expr, Position pos) {
    }

    /** {@code let [rec] b1 and b2 ...}. */
    record Let(boolean recursive, List<Binding> bindings, Position pos, String file) implements CatStatement {
        public Let {
            bindings = List.copyOf(bindings);
        }
    }

    /** {@code include "f.cat"}. */
    record Include(String target, Position pos, String file) implements CatStatement {
    }

    /** The checks of models.md §7.2. */
    enum CheckKind {
        ACYCLIC("acyclic"), IRREFLEXIVE("irreflexive"), EMPTY("empty");

        private final String keyword;

        CheckKind(String keyword) {
            this.keyword = keyword;
        }

        /** The keyword as written. */
        public String keyword() {
            return keyword;
        }
    }

    /**
     * {@code [flag] [~] acyclic|irreflexive|empty e [as NAME]}.
     *
     * @param name the {@code as} name, or {@code null}
     * @param flag whether this is a {@code flag} statement (never rejects a candidate)
     */
    record Check(CheckKind kind, boolean negated, CatExpr expr, String name, boolean flag, Position pos, String file)
            implements CatStatement {
    }

    /** {@code show}/{@code unshow}: names relations for graph output only. */
    record Show(boolean show, List<CatExpr> exprs, List<String> names, Position pos, String file) implements CatStatement {
        public Show {
            exprs = List.copyOf(exprs);
            names = List.copyOf(names);
        }
    }
}
