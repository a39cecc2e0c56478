package remo.models;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import remo.models.cat.CatExpr;
import remo.models.cat.CatPattern;
import remo.models.cat.CatStatement;

/**
 * A value of herd7's cat language as the model builder computes it when a model is loaded: an
 * event set or relation (a {@link Node} of the expression graph, evaluated later per candidate), a
 * tag, a set of values, a tuple, a function (closure or primitive) or a procedure. Everything but
 * nodes is known when the model is loaded, so functions are applied then and leave only set and
 * relation algebra for the per-candidate evaluation.
 */
sealed interface CatValue permits CatValue.Events, CatValue.Tag, CatValue.Values, CatValue.Tuple, CatValue.Closure,
        CatValue.Primitive, CatValue.Procedure {

    /** herd7's name of the value's type, for messages. */
    String typeName();

    /** An event set, a relation, or the empty value of either type (a node of type ANY). */
    record Events(Node node) implements CatValue {
        @Override public String typeName() {
            return node.type == Node.Type.SET ? "an event set" : node.type == Node.Type.RELATION ? "a relation" : "empty";
        }

        @Override public boolean equals(Object o) {
            return o instanceof Events e && e.node == node;
        }

        @Override public int hashCode() {
            return node.id;
        }

        @Override public String toString() {
            return node.toString();
        }
    }

    /** A tag {@code 'name} of the enumeration {@code type}. */
    record Tag(String type, String name) implements CatValue {
        @Override public String typeName() {
            return "a tag of " + type;
        }

        @Override public String toString() {
            return "'" + name;
        }
    }

    /** A set of values (tags, tuples, relations…), in insertion order, compared as a set. */
    record Values(Set<CatValue> elements) implements CatValue {
        public Values {
            elements = Collections.unmodifiableSet(new LinkedHashSet<>(elements));
        }

        @Override public String typeName() {
            return "a set of values";
        }

        List<CatValue> list() {
            return new ArrayList<>(elements);
        }

        @Override public String toString() {
            return elements.toString();
        }
    }

    /** A tuple {@code (v1, …, vn)}. */
    record Tuple(List<CatValue> items) implements CatValue {
        public Tuple {
            items = List.copyOf(items);
        }

        @Override public String typeName() {
            return "a tuple of " + items.size();
        }
    }

    /** A function value: {@code fun p -> body} closed over {@code env}; recursive ones see themselves. */
    final class Closure implements CatValue {
        final CatPattern parameter;
        final CatExpr body;
        final String name;
        final String file;
        CatEnvironment env;

        Closure(CatPattern parameter, CatExpr body, String name, CatEnvironment env, String file) {
            this.parameter = parameter;
            this.body = body;
            this.name = name;
            this.env = env;
            this.file = file;
        }

        @Override public String typeName() {
            return "a function";
        }

        @Override public String toString() {
            return "<function " + name + ">";
        }
    }

    /** A predefined function such as {@code domain} or {@code fromto}. */
    record Primitive(String name, CatPrimitives.Function function) implements CatValue {
        @Override public String typeName() {
            return "a function";
        }

        @Override public String toString() {
            return "<primitive " + name + ">";
        }
    }

    /** {@code procedure name(p) = body end}, closed over {@code env}. */
    final class Procedure implements CatValue {
        final String name;
        final CatPattern parameter;
        final List<CatStatement> body;
        final String file;
        CatEnvironment env;

        Procedure(String name, CatPattern parameter, List<CatStatement> body, CatEnvironment env, String file) {
            this.name = name;
            this.parameter = parameter;
            this.body = body;
            this.env = env;
            this.file = file;
        }

        @Override public String typeName() {
            return "a procedure";
        }
    }
}
