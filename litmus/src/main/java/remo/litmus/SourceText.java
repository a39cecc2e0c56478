package remo.litmus;

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
 * messages (control characters escaped).
 */
public final class SourceText {

    private SourceText() {
    }

    /**
     * Decodes UTF-8 bytes strictly.
     *
     * @param bytes      the file's content
     * @param sourceName the file name for the diagnostic
     * @param code       the diagnostic code to use ({@code E-LEX} for litmus files, {@code E-CAT-SYNTAX} for cat files)
     * @return the text
     * @throws LitmusException {@code code} at the line and column of the first invalid byte
     */
    public static String decode(byte[] bytes, String sourceName, String code) throws LitmusException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int bad = in.position();
            String prefix = new String(bytes, 0, bad, StandardCharsets.UTF_8);
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
            throw new LitmusException(Diagnostic.error(code, sourceName, new Position(line, col),
                    String.format("invalid UTF-8 byte 0x%02X; the file must be UTF-8 text", bytes[bad] & 0xff)));
        }
        decoder.flush(out);
        out.flip();
        return out.toString();
    }

    /** Whether decoding failed because the input is not UTF-8 (for messages about other files). */
    public static boolean isEncodingProblem(Throwable e) {
        return e instanceof CharacterCodingException || e.getCause() instanceof CharacterCodingException;
    }

    /** A string as messages show it: control characters escaped (so a message stays on one line). */
    public static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> sb.append(show(cp)));
        return sb.toString();
    }

    /**
     * A character as messages show it: itself if printable, else an escape such as {@code \u0000}.
     *
     * @param codePoint the character
     */
    public static String show(int codePoint) {
        if (Character.isISOControl(codePoint) || !Character.isDefined(codePoint) || Character.getType(codePoint) == Character.FORMAT) {
            return String.format("\\u%04X", codePoint);
        }
        return new String(Character.toChars(codePoint));
    }
}
