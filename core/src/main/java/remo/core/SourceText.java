package remo.core;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes input files as UTF-8 (language.md §2.1: "A file is UTF-8 text"), rejecting invalid
 * bytes with their position instead of replacing them silently, and renders characters for
 * messages (control characters escaped). A leading UTF-8 byte-order mark (as some Windows editors
 * write) is skipped: it is not part of the text, and columns on line 1 are counted without it.
 */
public final class SourceText {

    private SourceText() {
    }

    /** The UTF-8 encoding of U+FEFF, the byte-order mark some editors put at the start of a file. */
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    /**
     * Decodes UTF-8 bytes strictly, without a leading byte-order mark.
     *
     * @param bytes      the file's content
     * @param sourceName the file name for the diagnostic
     * @param code       the diagnostic code to use ({@code E-LEX} for litmus files, {@code E-CAT-SYNTAX} for cat files)
     * @return the text, without a leading byte-order mark
     * @throws DiagnosticException {@code code} at the line and column of the first invalid byte (callers
     *                             rethrow it as their input's exception type)
     */
    public static String decode(byte[] bytes, String sourceName, String code) throws DiagnosticException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        int start = startsWithBom(bytes) ? BOM.length : 0;
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int bad = in.position();
            String prefix = new String(bytes, start, bad - start, StandardCharsets.UTF_8);
            int line = 1;
            int col = 1;
            for (int i = 0; i < prefix.length(); ) {
                int cp = prefix.codePointAt(i);
                if (cp == '\n') {
                    line++;
                    col = 1;
                } else {
                    col++;
                }
                i += Character.charCount(cp);
            }
            throw new DiagnosticException(Diagnostic.error(code, sourceName, new Position(line, col),
                    String.format("invalid UTF-8 byte 0x%02X; the file must be UTF-8 text", bytes[bad] & 0xff)));
        }
        decoder.flush(out);
        out.flip();
        return out.toString();
    }

    private static boolean startsWithBom(byte[] bytes) {
        return bytes.length >= BOM.length && bytes[0] == BOM[0] && bytes[1] == BOM[1] && bytes[2] == BOM[2];
    }

    /** Whether decoding failed because the input is not UTF-8 (for messages about other files). */
    public static boolean isEncodingProblem(Throwable e) {
        return e instanceof CharacterCodingException || e.getCause() instanceof CharacterCodingException;
    }

    /**
     * The longest user-supplied token a message quotes in full (code points); a longer one is
     * shortened by {@link #quote(String)} with a note of its length.
     */
    public static final int MAX_QUOTED = 80;

    /**
     * A string as messages show it: every character that could change the terminal or break the
     * one-line report escaped by {@link #show(int)}. This is remo's one escaping rule: every
     * diagnostic goes through it ({@link Diagnostic#shownMessage()}).
     */
    public static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> sb.append(show(cp)));
        return sb.toString();
    }

    /**
     * A user-supplied token (a name, a path, a word of the input) as messages quote it:
     * {@link #printable(String) escaped}, and shortened to {@link #MAX_QUOTED} code points with an
     * ellipsis and its full length ({@code …(1048576 characters)}) when longer.
     */
    public static String quote(String s) {
        int n = s.codePointCount(0, s.length());
        if (n <= MAX_QUOTED) {
            return printable(s);
        }
        return printable(s.substring(0, s.offsetByCodePoints(0, MAX_QUOTED))) + "\u2026(" + n + " characters)";
    }

    /**
     * A character as messages show it: itself if printable, else an escape such as {@code \u0000}.
     * Escaped: C0 and C1 control characters, DEL (so no ESC sequence reaches the terminal), format
     * characters (bidirectional overrides), the line and paragraph separators U+2028 and U+2029,
     * lone surrogates and unassigned code points.
     *
     * @param codePoint the character
     */
    public static String show(int codePoint) {
        int type = Character.getType(codePoint);
        if (Character.isISOControl(codePoint) || !Character.isDefined(codePoint) || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE) {
            return codePoint > 0xFFFF ? String.format("\\U%06X", codePoint) : String.format("\\u%04X", codePoint);
        }
        return new String(Character.toChars(codePoint));
    }
}
