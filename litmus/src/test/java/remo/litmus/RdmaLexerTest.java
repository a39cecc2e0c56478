package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import remo.core.Position;

/** Tokens and positions of language.md §2. */
class RdmaLexerTest {

    /** Every token as {@code kind text line:col}, up to and including EOF or the first error. */
    private static List<String> tokens(String text) {
        RdmaLexer lexer = new RdmaLexer(text);
        List<String> out = new ArrayList<>();
        while (true) {
            Token t = lexer.next();
            out.add(t.kind() + " " + t.text() + " " + t.pos());
            if (t.kind() == Token.Kind.EOF || t.kind() == Token.Kind.ERROR) {
                return out;
            }
        }
    }

    @Test
    void tokenClassesAndPositions() {
        assertEquals(List.of("IDENT r0 1:1", "SYMBOL = 1:4", "IDENT x_1 1:6", "NAT 007 1:10", "STRING \"a (* b\" 1:14",
                "EOF  1:22"), tokens("r0 = x_1 007 \"a (* b\""));
    }

    @Test
    void symbolsUseTheLongestMatch() {
        assertEquals(List.of("SYMBOL == 1:1", "SYMBOL = 1:3", "SYMBOL || 1:4", "SYMBOL | 1:6", "SYMBOL /\\ 1:7",
                "SYMBOL \\/ 1:9", "SYMBOL <> 1:11", "SYMBOL <= 1:13", "SYMBOL >= 1:15", "SYMBOL => 1:17",
                "SYMBOL != 1:19", "SYMBOL && 1:21", "SYMBOL & 1:23", "EOF  1:24"), tokens("===|||/\\\\/<><=>==>!=&&&"));
        assertEquals(List.of("SYMBOL ~ 1:1", "SYMBOL ! 1:2", "SYMBOL + 1:3", "SYMBOL - 1:4", "SYMBOL * 1:5",
                "SYMBOL ^ 1:6", "SYMBOL # 1:7", "SYMBOL @ 1:8", "SYMBOL , 1:9", "SYMBOL ; 1:10", "SYMBOL ( 1:11",
                "SYMBOL ) 1:12", "SYMBOL [ 1:13", "SYMBOL ] 1:14", "SYMBOL { 1:15", "SYMBOL } 1:16", "SYMBOL : 1:17",
                "SYMBOL < 1:18", "SYMBOL > 1:20", "EOF  1:21"), tokens("~!+-*^#@,;()[]{}:< >"));
    }

    @Test
    void nestedBlockCommentsAndLineComments() {
        assertEquals(List.of("IDENT a 1:1", "IDENT b 1:24", "IDENT c 3:1", "EOF  3:2"),
                tokens("a (* x (* y *) z *)    b // c (* not a comment start\n// e\nc"));
        assertEquals(List.of("IDENT x 2:14", "EOF  2:15"), tokens("(* one\n(* two *) *) x"));
    }

    @Test
    void commentsAreNotRecognisedInStrings() {
        assertEquals(List.of("STRING \"(* // *)\" 1:1", "EOF  1:11"), tokens("\"(* // *)\""));
    }

    @Test
    void crLfAndLfEndLinesAndALoneCrIsWhitespace() {
        assertEquals(List.of("IDENT a 1:1", "IDENT b 2:1", "IDENT c 3:2", "IDENT d 3:4", "EOF  3:5"),
                tokens("a\r\nb\n c\rd"));
    }

    @Test
    void tabIsOneColumnAndColumnsCountCodePoints() {
        assertEquals(List.of("IDENT a 1:3", "IDENT b 1:5", "EOF  1:6"), tokens("\t\ta\tb"));
        // U+1F600 is two UTF-16 units but one code point; é is one code point.
        assertEquals(List.of("STRING \"\uD83D\uDE00é\" 1:1", "IDENT x 1:6", "EOF  1:7"), tokens("\"\uD83D\uDE00é\" x"));
        assertEquals(List.of("IDENT y 1:10", "EOF  1:11"), tokens("(* \uD83D\uDE00\uD83D\uDE00 *) y"));
    }

    @Test
    void lexicalErrors() {
        assertEquals(List.of("IDENT a 1:1", "ERROR unexpected character '$' 1:3"), tokens("a $ b"));
        assertEquals(List.of("IDENT a 1:1", "ERROR unexpected character '\uD83D\uDE00' 1:3"), tokens("a \uD83D\uDE00"));
        assertEquals(List.of("ERROR unexpected character '/' 1:1"), tokens("/ x"));
        assertEquals(List.of("ERROR unexpected character '\\' 1:1"), tokens("\\ x"));
        assertEquals(List.of("IDENT a 1:1", "ERROR unterminated comment 2:2"), tokens("a\n (* (* *) b"));
        assertEquals(List.of("ERROR unterminated string 1:3"), tokens("  \"abc\ndef\""));
        assertEquals(List.of("ERROR unterminated string 1:1"), tokens("\"abc\r\n\""));
    }

    @Test
    void anErrorTokenIsSticky() {
        RdmaLexer lexer = new RdmaLexer("$ a");
        Token first = lexer.next();
        assertEquals(first, lexer.next());
    }

    @Test
    void headerNameIsTheLongestRunOfNameCharacters() {
        RdmaLexer lexer = new RdmaLexer("RDMA \tMP+po/x.y[1]:-z(* c *) \"doc\"");
        assertEquals("RDMA", lexer.next().text());
        Token name = lexer.headerName();
        assertEquals("MP+po/x.y[1]:-z", name.text());
        assertEquals(new Position(1, 7), name.pos());
        assertEquals("STRING \"doc\" 1:30", describe(lexer.next()));
    }

    @Test
    void commentSyntaxIsNotRecognisedInTheHeaderName() {
        RdmaLexer lexer = new RdmaLexer("RDMA a//b\nc");
        lexer.next();
        assertEquals("a//b", lexer.headerName().text());
        assertEquals("IDENT c 2:1", describe(lexer.next()));
    }

    @Test
    void noHeaderNameWithoutABlankOrOnTheNextLine() {
        RdmaLexer noBlank = new RdmaLexer("RDMA\nX");
        noBlank.next();
        assertNull(noBlank.headerName());
        RdmaLexer noName = new RdmaLexer("RDMA  (* x *)");
        noName.next();
        assertNull(noName.headerName());
    }

    private static String describe(Token t) {
        return t.kind() + " " + t.text() + " " + t.pos();
    }
}
