package remo.models.cat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import remo.core.Diagnostic;
import remo.core.Flag;
import remo.models.cat.CatLexer.Kind;
import remo.models.cat.CatLexer.Token;

/**
 * Variant conditions ({@code "NAME"}, {@code "NAME=VALUE"}, {@code variant "NAME"}, {@code not c},
 * {@code c1 && c2}, {@code c1 || c2}, {@code (c)}), checked against remo's flags (models.md §8) and
 * herd7's variant names (resource {@code remo/models/herd/variants.txt}) when parsed.
 */
final class CatVariantParser {
    private static final Set<String> HERD_VARIANTS = readVariants();

    private final CatTokens in;

    CatVariantParser(CatTokens in) {
        this.in = in;
    }

    private static Set<String> readVariants() {
        Set<String> out = new HashSet<>();
        try (InputStream s = CatVariantParser.class.getResourceAsStream("/remo/models/herd/variants.txt")) {
            if (s == null) {
                throw new IllegalStateException("missing resource remo/models/herd/variants.txt");
            }
            for (String line : new String(s.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String l = line.trim();
                if (!l.isEmpty() && !l.startsWith("#")) {
                    out.add(l.toLowerCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read remo/models/herd/variants.txt", e);
        }
        return out;
    }

    /** Whether the next tokens start a variant condition rather than an expression comparison. */
    boolean startsVariant(CatTokens t) {
        Token a = t.peek();
        if (a.kind() == Kind.STRING || a.is("not") || a.is("variant")) {
            return true;
        }
        int k = 0;
        while (t.peek(k).is("(")) {
            k++;
        }
        Token b = t.peek(k);
        return k > 0 && (b.kind() == Kind.STRING || b.is("not") || b.is("variant"));
    }

    CatCondition variant() throws CatException {
        CatCondition left = conjunction();
        while (in.accept("||")) {
            left = new CatCondition.Or(left, conjunction());
        }
        return left;
    }

    private CatCondition conjunction() throws CatException {
        CatCondition left = atom();
        while (in.accept("&&")) {
            left = new CatCondition.And(left, atom());
        }
        return left;
    }

    private CatCondition atom() throws CatException {
        Token t = in.peek();
        if (in.accept("not")) {
            return new CatCondition.Not(atom());
        }
        if (in.accept("(")) {
            CatCondition c = variant();
            in.expect(")", "')'");
            return c;
        }
        in.accept("variant");
        t = in.peek();
        if (t.kind() == Kind.STRING) {
            in.next();
            return flagTest(t);
        }
        throw in.syntax(t, "a variant condition such as \"GG_LOCAL_ORDER\" or \"RFENCE_SCOPE=ALL\"");
    }

    private CatCondition flagTest(Token t) throws CatException {
        String text = t.text();
        int eq = text.indexOf('=');
        String name = eq < 0 ? text : text.substring(0, eq);
        Flag flag = Flag.byName(name).orElse(null);
        if (flag == null) {
            if (eq < 0 && HERD_VARIANTS.contains(name.toLowerCase(Locale.ROOT))) {
                return new CatCondition.HerdVariant(name, t.pos());
            }
            throw new CatException(Diagnostic.error("E-CAT-FLAG", in.file(), t.pos(), "unknown flag '" + name + "'"));
        }
        if (eq < 0) {
            if (!flag.isOnOff()) {
                throw new CatException(Diagnostic.error("E-CAT-FLAG", in.file(), t.pos(), "flag " + name
                        + " is not an on/off flag; write \"" + name + "=VALUE\" with one of "
                        + String.join(", ", flag.allowedValues())));
            }
            return new CatCondition.FlagTest(flag, "ON", t.pos());
        }
        String value = text.substring(eq + 1);
        if (!flag.allowedValues().contains(value)) {
            throw new CatException(Diagnostic.error("E-CAT-FLAG", in.file(), t.pos(), flag.unknownValueMessage(value)));
        }
        return new CatCondition.FlagTest(flag, value, t.pos());
    }
}
