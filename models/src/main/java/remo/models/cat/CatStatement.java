package remo.models.cat;

import java.util.List;
import remo.core.Position;

/** A statement of a cat file (models.md §7.2 and herd7's instructions), as parsed. Immutable. */
public sealed interface CatStatement permits CatStatement.Let, CatStatement.Include, CatStatement.Check,
        CatStatement.Show, CatStatement.Procedure, CatStatement.Call, CatStatement.Enum, CatStatement.Forall,
        CatStatement.WithFrom, CatStatement.IfVariant, CatStatement.MatchTag, CatStatement.Debug, CatStatement.Events {

    /** Position of the statement's first token. */
    Position pos();

    /** The file the statement was read from (the name used in diagnostics). */
    String file();

    /** One {@code pattern = expr} of a {@code let} ({@code let f(x) = e} binds {@code f} to a function). */
    record Binding(CatPattern pattern, CatExpr expr, Position pos) {
        /** The bound name of a single-name binding, or {@code null}. */
        public String name() {
            return pattern.single();
        }
    }

    /** {@code let [rec] b1 and b2 … [when check]}; {@code when} is null unless written. */
    record Let(boolean recursive, List<Binding> bindings, Check when, Position pos, String file) implements CatStatement {
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

    /** What a check does: reject candidates, raise a flag, mark undefined behaviour, or assert. */
    enum TestType {
        CHECK, FLAG, UNDEFINED_UNLESS, ASSERT
    }

    /**
     * {@code [flag|undefined_unless|assert] [~] acyclic|irreflexive|empty e [as NAME]}.
     *
     * @param name the {@code as} name, or {@code null}
     */
    record Check(CheckKind kind, boolean negated, CatExpr expr, String name, TestType type, Position pos, String file)
            implements CatStatement {
        /** Whether this is a {@code flag} statement (never rejects a candidate). */
        public boolean flag() {
            return type == TestType.FLAG;
        }
    }

    /** {@code show}/{@code unshow}: names relations for graph output only. */
    record Show(boolean show, List<CatExpr> exprs, List<String> names, Position pos, String file) implements CatStatement {
        public Show {
            exprs = List.copyOf(exprs);
            names = List.copyOf(names);
        }
    }

    /** {@code procedure [rec] name(params) = statements end}. */
    record Procedure(String name, CatPattern parameter, List<CatStatement> body, boolean recursive, Position pos,
                     String file) implements CatStatement {
        public Procedure {
            body = List.copyOf(body);
        }
    }

    /** {@code call name(args) [as NAME]}; {@code asName} may be null. */
    record Call(String name, CatExpr argument, String asName, Position pos, String file) implements CatStatement {
    }

    /** {@code enum Name = 'a || 'b}. */
    record Enum(String name, List<String> tags, Position pos, String file) implements CatStatement {
        public Enum {
            tags = List.copyOf(tags);
        }
    }

    /** {@code forall x in e do statements end}. */
    record Forall(String variable, CatExpr set, List<CatStatement> body, Position pos, String file) implements CatStatement {
        public Forall {
            body = List.copyOf(body);
        }
    }

    /** {@code with x from e}: herd7's enumeration of a witness (remo enumerates {@code co} itself). */
    record WithFrom(String variable, CatExpr set, Position pos, String file) implements CatStatement {
    }

    /** {@code if "variant" statements [else statements] end}. */
    record IfVariant(CatCondition condition, List<CatStatement> then, List<CatStatement> otherwise, Position pos,
                     String file) implements CatStatement {
        public IfVariant {
            then = List.copyOf(then);
            otherwise = List.copyOf(otherwise);
        }
    }

    /** One {@code 'tag -> statements} clause of a statement-level {@code match}. */
    record TagClause(String tag, List<CatStatement> body) {
        public TagClause {
            body = List.copyOf(body);
        }
    }

    /** {@code match e with 'a -> statements || _ -> statements end}; {@code otherwise} may be null. */
    record MatchTag(CatExpr subject, List<TagClause> clauses, List<CatStatement> otherwise, Position pos, String file)
            implements CatStatement {
        public MatchTag {
            clauses = List.copyOf(clauses);
            otherwise = otherwise == null ? null : List.copyOf(otherwise);
        }
    }

    /** {@code debug e}: accepted and ignored. */
    record Debug(CatExpr expr, Position pos, String file) implements CatStatement {
    }

    /** A bell-file declaration {@code instructions R[…]} or {@code default R[…]}. */
    record Events(boolean isDefault, String name, List<CatExpr> arguments, Position pos, String file)
            implements CatStatement {
        public Events {
            arguments = List.copyOf(arguments);
        }
    }
}
