package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;

/**
 * End-to-end results of herd7's X86 forms beyond language.md §10.3 under {@code tso}: loops
 * unrolled to herd7's bound (executions beyond it cut and reported), branches on values read,
 * read-modify-writes of memory without LOCK (not atomic) and with LOCK OR/XOR, indirect
 * addressing, sized moves.
 */
class X86ControlFlowVerdictTest {

    private static CheckResult check(String text, int unroll) throws Exception {
        Program p = LitmusParser.parseAndValidate("t.litmus", text, unroll);
        return TestFiles.check(p, "tso", FlagValues.defaults());
    }

    private static Set<String> states(CheckResult r) {
        Set<String> out = new TreeSet<>();
        r.states().keySet().forEach(s -> out.add(s.format(r.program())));
        return out;
    }

    private static final String SPIN = "X86 SPIN\n{ }\n P0         | P1          ;\n MOV [y],$1 | L0:         ;\n"
            + " MOV [x],$1 | MOV EAX,[x] ;\n            | CMP EAX,$1  ;\n            | JNE L0      ;\n"
            + "            | MOV EBX,[y] ;\nexists (1:EBX=0)\n";

    @Test
    void aSpinLoopExitsOnlyOnTheValueAndTsoKeepsMessagePassing() throws Exception {
        CheckResult r = check(SPIN, 2);
        assertEquals(Set.of("1:EBX=1;"), states(r), "MP through a spin loop: the flag is read as 1, then y is 1");
        assertEquals(3, r.positive() + r.negative(), "read 1 at the first, second or third iteration");
        assertEquals(List.of("W-UNROLL"), r.warnings().stream().map(d -> d.code()).toList(), "the fourth read was cut");
        assertEquals(5, check(SPIN, 4).positive() + check(SPIN, 4).negative());
    }

    @Test
    void aBranchOnAValueReadChoosesTheStore() throws Exception {
        String t = "X86 BR\n{ }\n P0         | P1          ;\n MOV [x],$1 | MOV EAX,[x] ;\n            | CMP EAX,$0  ;\n"
                + "            | JE L1       ;\n            | MOV [y],$2  ;\n            | JMP L2      ;\n"
                + "            | L1:         ;\n            | MOV [y],$3  ;\n            | L2:         ;\n"
                + "exists (1:EAX=0 /\\ y=2)\n";
        CheckResult r = check(t, 2);
        assertEquals(Set.of("1:EAX=0; [y]=3;", "1:EAX=1; [y]=2;"), states(r));
        assertEquals(List.of(), r.warnings(), "a forward jump is no loop");
        assertEquals("Forbidden", r.verdict().word());
    }

    /**
     * A register set on one branch only keeps its initial value on the other, and a register the
     * code never sets reads 0 in the final state, whichever execution was solved first (the value
     * solver numbers registers as it meets them).
     */
    @Test
    void aRegisterSetOnOneBranchOnlyReadsItsInitialValueOnTheOther() throws Exception {
        String t = "X86 ONEBRANCH\n{ 1:ECX=7; }\n P0         | P1          ;\n MOV [x],$1 | MOV EAX,[x] ;\n"
                + "            | CMP EAX,$1  ;\n            | JNE L1      ;\n            | MOV EBX,$2  ;\n"
                + "            | MOV ECX,$3  ;\n            | L1:         ;\n"
                + "exists (1:EAX=1 /\\ 1:EBX=2 /\\ 1:ECX=3 /\\ 1:EDX=0)\n";
        CheckResult r = check(t, 2);
        assertEquals(Set.of("1:EAX=0; 1:EBX=0; 1:ECX=7; 1:EDX=0;", "1:EAX=1; 1:EBX=2; 1:ECX=3; 1:EDX=0;"), states(r));
        assertEquals("Allowed", r.verdict().word());
    }

    @Test
    void readModifyWritesWithoutLockAreNotAtomicAndLockOrXorAre() throws Exception {
        String plain = "X86 INC\n{ }\n P0      | P1      ;\n INC [x] | INC [x] ;\nexists (x=1)\n";
        assertEquals(Set.of("[x]=1;", "[x]=2;"), states(check(plain, 2)), "both may read 0");
        assertEquals(Set.of("[x]=2;"), states(check(plain.replace("INC [x]", "LOCK INC [x]"), 2)));
        String bits = "X86_64 OR\n{ x=1; }\n P0              | P1               ;\n lock orl $2,(x) | lock xorl $4,(x) ;\n"
                + "forall (x=7)\n";
        assertEquals("Allowed", check(bits, 2).verdict().word());
        assertEquals(Set.of("[x]=7;"), states(check(bits, 2)));
        String xadd = "X86 XADD\n{ 0:EAX=5; }\n P0            | P1         ;\n XADD [x],EAX | MOV [x],$2 ;\nexists (0:EAX=2 /\\ x=7)\n";
        assertEquals("Allowed", check(xadd, 2).verdict().word(), "the read of XADD sees 2 and it writes 7");
    }

    @Test
    void indirectAddressingAndSizedMovesBehaveAsPlainAccesses() throws Exception {
        String sb = "X86 IND\n{ 0:EBX=x; 1:ECX=y; }\n P0           | P1           ;\n MOV [EBX],$1 | MOV [ECX],$1 ;\n"
                + " MOV EAX,[y]  | MOV EAX,[x]  ;\nexists (0:EAX=0 /\\ 1:EAX=0)\n";
        assertEquals(4, states(check(sb, 2)).size(), "store buffering, through registers");
        String sized = "X86_64 SZ\n{ }\n P0          | P1          ;\n movb $1,(x) | movb $1,(y) ;\n mfence      | mfence      ;\n"
                + " movb (y),%al | movb (x),%bl ;\nexists (0:rax=0 /\\ 1:rbx=0)\n";
        assertEquals("Forbidden", check(sized, 2).verdict().word());
    }

    @Test
    void theOperationalEngineRefusesUnrolledCode() {
        LitmusException e = assertThrows(LitmusException.class, () -> remo.checker.operational.OperationalExplorer.check(
                LitmusParser.parseAndValidate("t.litmus", SPIN), TestFiles.model("tso"), FlagValues.defaults(),
                CheckOptions.defaults()));
        assertEquals("E-ENGINE", e.diagnostic().code());
    }
}
