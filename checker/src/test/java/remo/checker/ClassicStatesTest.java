package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import remo.litmus.Program;

/** The state sets of classic tests are exactly herd7's (issue 2, done-when 3). */
class ClassicStatesTest {

    private static List<String> states(String file, String model) throws Exception {
        Program p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        return TestFiles.check(p, model).states().keySet().stream().map(s -> s.format(p)).toList();
    }

    @Test
    void storeBufferingHasFourStates() throws Exception {
        assertEquals(List.of("0:EAX=0; 1:EAX=0;", "0:EAX=0; 1:EAX=1;", "0:EAX=1; 1:EAX=0;", "0:EAX=1; 1:EAX=1;"),
                states("dat3m-x86/SB.litmus", "tso"));
        assertEquals(List.of("0:rax=0; 1:rax=0;", "0:rax=0; 1:rax=1;", "0:rax=1; 1:rax=0;", "0:rax=1; 1:rax=1;"),
                states("herdtools7-x86_64/SB.litmus", "tso"));
    }

    @Test
    void storeBufferingUnderScLosesTheWeakState() throws Exception {
        assertEquals(List.of("0:EAX=0; 1:EAX=1;", "0:EAX=1; 1:EAX=0;", "0:EAX=1; 1:EAX=1;"),
                states("dat3m-x86/SB.litmus", "sc"));
    }

    @Test
    void messagePassingHasThreeStates() throws Exception {
        assertEquals(List.of("1:rax=0; 1:rbx=0;", "1:rax=0; 1:rbx=1;", "1:rax=1; 1:rbx=1;"),
                states("herdtools7-x86_64/MP.litmus", "tso"));
    }
}
