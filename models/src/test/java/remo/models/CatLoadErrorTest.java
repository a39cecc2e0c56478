package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.models.cat.CatException;

/** Load-time errors of models.md §7.3 name the cat file, line and column. */
class CatLoadErrorTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '$', quoteCharacter = '`', value = {
        "let a = po | $ E-CAT-SYNTAX $ 1:13 $ syntax error: expected an expression, found end of file",
        "let a = po ; R $ E-CAT-TYPE $ 1:14 $ ';' needs a relation, found a set ('R')",
        "let a = R | po $ E-CAT-TYPE $ 1:11 $ the operands of '|' have different types: a set and a relation",
        "acyclic W $ E-CAT-TYPE $ 1:9 $ acyclic needs a relation, found a set",
        "let a = [po] $ E-CAT-TYPE $ 1:10 $ '[...]' needs a set, found a relation ('po')",
        "let a = b $ E-CAT-UNBOUND $ 1:9 $ unbound name 'b' (a let cannot refer to itself or to later bindings; use let rec for recursion)",
        "let a = if \"NOPE\" then po else 0 $ E-CAT-FLAG $ 1:12 $ unknown flag 'NOPE'",
        "let a = if \"POLL_SCOPE\" then po else 0 $ E-CAT-FLAG $ 1:12 $ flag POLL_SCOPE is not an on/off flag; write \"POLL_SCOPE=VALUE\" with one of PER_QP, PER_THREAD",
        "let a = if \"POLL_SCOPE=X\" then po else 0 $ E-CAT-FLAG $ 1:12 $ flag POLL_SCOPE has no value 'X'; expected one of PER_QP, PER_THREAD",
        "include \"nope.cat\" $ E-CAT-INCLUDE $ 1:1 $ cannot find included file 'nope.cat' (looked next to t.cat and in the bundled model library)",
        "let rec a = ~a $ E-CAT-NONMONO $ 1:9 $ 'a' occurs negatively (under ~ or on the right of \\) in its own let rec; the least fixpoint is undefined",
        "let f(x) = x\\nlet a = f(po) ; R $ E-CAT-TYPE $ 2:17 $ ';' needs a relation, found a set ('R')",
        "let a = DMB.ISH $ E-CAT-UNSUPPORTED $ 1:9 $ 'DMB.ISH' is an AArch64/ARM barrier event set; remo has no such events (its x86 events are M, R, W, IW, F/MFENCE and X)",
        "let a = classes-loc(po) $ E-CAT-UNSUPPORTED $ 1:9 $ the herd7 function 'classes-loc': it computes a set of event sets, which remo's per-candidate evaluation has no value for",
        "let a = match po with {} -> po || e ++ s -> 0 end $ E-CAT-UNSUPPORTED $ 1:9 $ matching an event set or relation with '{} -> … || x ++ s -> …' (its elements are only known per program; remo matches sets of tags, tuples and relations)",
        "let a = if po = rf then po else 0 $ E-CAT-UNSUPPORTED $ 1:12 $ comparing event sets or relations in 'if' (remo decides 'if' when the model is loaded; only tags, sets of tags and variants can be compared)",
        "with rf from 0 $ E-CAT-UNSUPPORTED $ 1:1 $ 'with rf from …' (remo enumerates only co, itself)",
        "instructions R[{'once}] $ E-CAT-UNSUPPORTED $ 1:1 $ the bell declaration 'instructions R[…]' (herd7's bell files annotate events; remo's events carry no annotations)",
        "let a = try DMB.ISH with po\\nlet b = try (match po with {} -> po || e ++ s -> 0 end) with po $ E-CAT-UNSUPPORTED $ 2:14 $ matching an event set or relation with '{} -> … || x ++ s -> …' (its elements are only known per program; remo matches sets of tags, tuples and relations)",
        "let a = 'x $ E-CAT-UNBOUND $ 1:9 $ tag 'x is not declared by an enum",
        "let f(x, y) = x | y\\nlet a = f(po) $ E-CAT-TYPE $ 2:9 $ binding mismatch: the pattern (x, y) needs a tuple of 2, found a relation",
        "call nope(po) $ E-CAT-UNBOUND $ 1:1 $ unbound procedure 'nope'",
        "let a = po po $ E-CAT-TYPE $ 1:9 $ cannot apply a relation to an argument",
        "(* open $ E-CAT-SYNTAX $ 1:1 $ unterminated comment",
        "let a = po 7 $ E-CAT-SYNTAX $ 1:12 $ unexpected number '7'; only 0 (the empty relation) is a cat token",
        "let rec f(x) = f(x | po)\\nlet y = f(po)\\nacyclic y as z $ E-CAT-LIMIT $ 1:16 $ function calls nested more than 1000 deep: a recursive function that never reaches its base case?",
        "flag ~empty R as unsupported-x\\nflag ~empty po as unsupported-y $ E-CAT-TYPE $ 2:1 $ instruction guard 'unsupported-y' must have the form 'flag ~empty S' with S a set built from event classes with | & \\ ~",
    })
    void loadErrors(String text, String code, String pos, String message) {
        CatException e = assertThrows(CatException.class, () -> new ModelLibrary().loadText("t.cat", text.replace("\\n", "\n")));
        assertEquals(code.trim(), e.diagnostic().code());
        assertEquals(pos.trim(), e.diagnostic().position().toString());
        assertEquals(message.trim(), e.diagnostic().message());
        assertEquals("t.cat", e.diagnostic().file());
    }
}
