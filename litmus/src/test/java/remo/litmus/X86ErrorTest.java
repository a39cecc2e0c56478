package remo.litmus;

import static remo.litmus.X86TestSupport.assertError;
import static remo.litmus.X86TestSupport.attTest;
import static remo.litmus.X86TestSupport.intelTest;

import org.junit.jupiter.api.Test;

/**
 * Malformed x86 inputs: each asserts the code, the {@code line:column} and the exact message of
 * the first error (language.md §6.3 and §10.5). In {@link X86TestSupport#intelTest} and
 * {@link X86TestSupport#attTest} the cell starts at line 4, column 2.
 */
class X86ErrorTest {

    private static final String TWO_THREADS = "X86 T\n{ }\n P0 | P1 ;\n MOV [x],1 | MOV EAX,[x] ;\n";

    // ------------------------------------------------------------------ E-X86-UNSUPPORTED

    @Test
    void jumpToAMissingLabel() {
        assertError(intelTest("JMP L0"), "E-X86-UNSUPPORTED", 4, 6, "unsupported X86 construct: JMP L0 (no label L0 in this thread)");
        assertError(attTest("jne L0"), "E-X86-UNSUPPORTED", 4, 6, "unsupported X86 construct: jne L0 (no label L0 in this thread)");
        assertError(intelTest("L0: MOV [x],1 ;\n L0: MOV [x],2"), "E-X86-UNSUPPORTED", 5, 2,
                "unsupported X86 construct: L0: (label defined twice in the thread)");
    }

    @Test
    void conditionalJumpWithoutFlags() {
        assertError(intelTest("L0: JNE L0"), "E-X86-UNSUPPORTED", 4, 6,
                "unsupported X86 construct: JNE L0 (a conditional jump whose flags are unknown: no CMP, TEST or register "
                        + "arithmetic before it)");
        assertError(intelTest("INC [x] ;\n JE L1 ;\n L1: MOV [x],1"), "E-X86-UNSUPPORTED", 5, 2,
                "unsupported X86 construct: JE L1 (a conditional jump whose flags are unknown: the flags of a "
                        + "read-modify-write of memory are not modelled)");
    }

    @Test
    void unknownMnemonics() {
        assertError(intelTest("MOVSD [x],EAX"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: MOVSD [x],EAX");
        assertError(intelTest("addl [x],1"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: addl [x],1");
        assertError(intelTest("LEA EAX,[x]"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: LEA EAX,[x]");
    }

    @Test
    void addressesOnlyKnownAtRunTime() {
        assertError(intelTest("MOV [EAX],1"), "E-X86-UNSUPPORTED", 4, 6, "unsupported X86 construct: [EAX] (the address in "
                + "RAX is only known at run time; remo resolves addresses given in the init block (such as 0:RAX=x) and "
                + "moved between registers)");
        assertError("X86 T\n{ 0:EBX=x }\n P0 ;\n MOV EBX,[y] ;\n MOV EAX,[EBX] ;\nexists (x=1)\n", "E-X86-UNSUPPORTED", 5, 10,
                "unsupported X86 construct: [EBX] (the address in RBX is only known at run time; remo resolves addresses "
                        + "given in the init block (such as 0:RBX=x) and moved between registers)");
        assertError(intelTest("MOV EBX, [5]"), "E-X86-UNSUPPORTED", 4, 11, "unsupported X86 construct: [5] (an absolute numeric address)");
    }

    @Test
    void offsetsOutsideLocations() {
        assertError(attTest("movl $1,8(x)"), "E-X86-UNSUPPORTED", 4, 10,
                "unsupported X86 construct: 8(x) (address x+8 is not the start of a location)");
        assertError("X86 T\n{ int t[2]; }\n P0 ;\n MOV [t+8],1 ;\nexists (t=1)\n", "E-X86-UNSUPPORTED", 4, 6,
                "unsupported X86 construct: [t+8] (address t+8 is not the start of a location or an element of array t)");
    }

    @Test
    void anAddressUsedAsAValue() {
        assertError("X86 T\n{ 0:EBX=x }\n P0 ;\n MOV [y],EBX ;\nexists (y=1)\n", "E-X86-UNSUPPORTED", 4, 2,
                "unsupported X86 construct: MOV [y],EBX (register RBX holds the address x, and remo does not use addresses as values)");
    }

    @Test
    void mixedAccessSizes() {
        assertError("X86_64 T\n{ }\n P0 ;\n movl $1,(x) ;\n movb $2,(x) ;\nexists (x=1)\n", "E-X86-MIXED", 5, 10,
                "'movb $2,(x)' accesses x with 1 bytes, 'movl $1,(x)' (at 4:10) with 4; tests that mix access sizes on one "
                        + "location are not supported");
    }

    @Test
    void memoryToMemoryAndWrongArity() {
        assertError(intelTest("MOV [x],[y]"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: MOV [x],[y]");
        assertError(intelTest("MOV EAX"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: MOV EAX");
        assertError(intelTest("MFENCE EAX"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: MFENCE EAX");
        assertError(attTest("lfence %eax"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: lfence %eax");
        assertError(intelTest("MOV 1,EAX"), "E-X86-UNSUPPORTED", 4, 2, "unsupported X86 construct: MOV 1,EAX");
    }

    @Test
    void otherUnsupportedInitItems() {
        assertError("X86 T\n{ x=0; int *p = 0; }\n P0 ;\n MOV [x],1 ;\nexists (x=1)\n", "E-X86-UNSUPPORTED", 2, 8,
                "unsupported X86 construct: int *p = 0");
        assertError("X86 T\n{ x = y }\n P0 ;\n MOV [x],1 ;\nexists (x=1)\n", "E-X86-UNSUPPORTED", 2, 3,
                "unsupported X86 construct: x = y");
        assertError("X86 T\n{ EAX = 1 }\n P0 ;\n MOV [x],1 ;\nexists (x=1)\n", "E-X86-UNSUPPORTED", 2, 3,
                "unsupported X86 construct: EAX = 1");
        assertError("X86 T\n{ 0:EAX=x+1 }\n P0 ;\n MOV [x],1 ;\nexists (x=1)\n", "E-X86-UNSUPPORTED", 2, 3,
                "unsupported X86 construct: 0:EAX=x+1");
    }

    // ------------------------------------------------------------------ E-X86-LOCK

    @Test
    void lockOnMov() {
        assertError(intelTest("LOCK MOV [x],1"), "E-X86-LOCK", 4, 2, "illegal lock prefix on MOV");
        assertError(attTest("lock movl $1,(x)"), "E-X86-LOCK", 4, 2, "illegal lock prefix on MOVL");
    }

    @Test
    void lockOnOtherInstructions() {
        assertError(intelTest("LOCK MFENCE"), "E-X86-LOCK", 4, 2, "illegal lock prefix on MFENCE");
        assertError(attTest("lock sfence"), "E-X86-LOCK", 4, 2, "illegal lock prefix on SFENCE");
        assertError(intelTest("lock add EAX,1"), "E-X86-LOCK", 4, 2, "illegal lock prefix on ADD");
        assertError(intelTest("LOCK XCHG EAX,EBX"), "E-X86-LOCK", 4, 2, "illegal lock prefix on XCHG");
        assertError(intelTest("LOCK SUB EAX,1"), "E-X86-LOCK", 4, 2, "illegal lock prefix on SUB");
        assertError(intelTest("LOCK CMP [x],1"), "E-X86-LOCK", 4, 2, "illegal lock prefix on CMP");
        assertError(intelTest("LOCK JMP L0"), "E-X86-LOCK", 4, 2, "illegal lock prefix on JMP");
    }

    @Test
    void lockWithoutInstruction() {
        assertError(intelTest("LOCK"), "E-SYNTAX", 4, 7, "syntax error: expected instruction mnemonic, found ';'");
    }

    // ------------------------------------------------------------------ E-UNKNOWN-THREAD

    @Test
    void unknownThreadInCondition() {
        assertError(TWO_THREADS + "exists (1:EAX=1 /\\ 2:EBX=0)\n", "E-UNKNOWN-THREAD", 5, 20, "unknown thread 2");
        assertError(TWO_THREADS + "exists (P1:EAX=1 /\\ P7:EBX=0)\n", "E-UNKNOWN-THREAD", 5, 21, "unknown thread 7");
    }

    @Test
    void unknownThreadInLocationsAndFilter() {
        assertError(TWO_THREADS + "locations [x; 5:EAX]\nexists (x=1)\n", "E-UNKNOWN-THREAD", 5, 15, "unknown thread 5");
        assertError(TWO_THREADS + "filter (3:EAX=1)\nexists (x=1)\n", "E-UNKNOWN-THREAD", 5, 9, "unknown thread 3");
    }

    @Test
    void unknownThreadInRegisterInitComesBeforeTheCondition() {
        assertError("X86 T\n{ x=0; P2:EAX=1 }\n P0 | P1 ;\n MOV [x],1 | MOV EAX,[x] ;\nexists (3:EAX=1)\n",
                "E-UNKNOWN-THREAD", 2, 8, "unknown thread 2");
    }

    @Test
    void parseErrorsComeBeforeUnknownThreads() {
        assertError("X86 T\n{ 4:EAX=1 }\n P0 ;\n MOV [x],1 ;\nexists (0:EAX=1) junk\n", "E-SYNTAX", 5, 18,
                "syntax error: expected end of file, found 'junk'");
    }

    // ------------------------------------------------------------------ E-LEX

    @Test
    void badCharacter() {
        assertError(intelTest("MOV [x]@1"), "E-LEX", 4, 9, "unexpected character '@'");
        assertError(intelTest("MOV [x],1 // store"), "E-LEX", 4, 12, "unexpected character '/'");
        assertError(intelTest("MOV [x],1 \u00e9"), "E-LEX", 4, 12, "unexpected character '\u00e9'");
    }

    @Test
    void unterminatedComment() {
        assertError("X86 T\n{ }\n P0 ;\n MOV [x],1 ;\n(* never (* closed *)\nexists (x=0)\n", "E-LEX", 5, 1,
                "unterminated comment");
        assertError("X86 T (* header\n{ }\n", "E-LEX", 1, 7, "unterminated comment");
    }

    @Test
    void unterminatedString() {
        assertError("X86 T \"doc\n{ }\n P0 ;\n MOV [x],1 ;\nexists (x=0)\n", "E-LEX", 1, 7, "unterminated string");
    }

    // ------------------------------------------------------------------ E-SYNTAX

    @Test
    void missingTestName() {
        assertError("X86\n{ }\n P0 ;\n MOV [x],1 ;\nexists (x=0)\n", "E-SYNTAX", 2, 1,
                "syntax error: expected test name, found '{'");
    }

    @Test
    void missingInitBlock() {
        assertError("X86 T\n P0 ;\n MOV [x],1 ;\n", "E-SYNTAX", 4, 1, "syntax error: expected '{', found end of file");
    }

    @Test
    void missingSemicolonAtEndOfRow() {
        assertError("X86 T\n{ }\n P0 ;\n MOV [x],1\nexists (x=1)\n", "E-SYNTAX", 5, 1,
                "syntax error: expected ';', found 'exists'");
        assertError("X86 T\n{ }\n P0 ;\n MOV [x],1", "E-SYNTAX", 4, 11, "syntax error: expected ';', found end of file");
    }

    @Test
    void missingCondition() {
        assertError("X86 T\n{ }\n P0 ;\n MOV [x],1 ;\n<< trailer >>\n", "E-SYNTAX", 5, 1,
                "syntax error: expected instruction row or final condition, found end of file");
    }

    @Test
    void emptyOperand() {
        assertError(intelTest("MOV EAX,"), "E-SYNTAX", 4, 11, "syntax error: expected operand, found ';'");
        assertError("X86 T\n{ }\n P0 | P1 ;\n MOV ,1 | ;\nexists (x=0)\n", "E-SYNTAX", 4, 6,
                "syntax error: expected operand, found ','");
    }

    @Test
    void badThreadHeader() {
        assertError("X86 T\n{ }\n P0 | ;\n MOV [x],1 ;\nexists (x=0)\n", "E-SYNTAX", 3, 7,
                "syntax error: expected thread name, found ';'");
    }

    @Test
    void badConditionAtoms() {
        assertError(TWO_THREADS + "exists (EAX=1)\n", "E-SYNTAX", 5, 9,
                "syntax error: expected location or thread:register, found 'EAX'");
        assertError(TWO_THREADS + "exists (0:r0=1)\n", "E-SYNTAX", 5, 11, "syntax error: expected register, found 'r0'");
        assertError(TWO_THREADS + "exists (x=y)\n", "E-SYNTAX", 5, 11, "syntax error: expected integer, found 'y'");
        assertError(TWO_THREADS + "exists (x<1)\n", "E-SYNTAX", 5, 10,
                "syntax error: expected '=', '==', '!=' or '<>', found '<'");
        assertError(TWO_THREADS + "~forall (x=1)\n", "E-SYNTAX", 5, 2, "syntax error: expected 'exists', found 'forall'");
        assertError(TWO_THREADS + "exists (x=1\n", "E-SYNTAX", 6, 1, "syntax error: expected ')', found end of file");
    }

    @Test
    void badLegacyWithLines() {
        assertError(TWO_THREADS + "final (x=1);\nwith\ntso: maybe;\n", "E-SYNTAX", 7, 6,
                "syntax error: expected final condition, found 'maybe'");
    }

    // ------------------------------------------------------------------ table shape, range, duplicates

    @Test
    void rowWiderThanTheThreads() {
        assertError("X86 T\n{ }\n P0 | P1 ;\n MOV [x],1 | MOV [y],1 | MOV [z],1 ;\nexists (x=0)\n", "E-ROW-WIDTH", 4,
                26, "row has more cells than the 2 threads");
    }

    @Test
    void threadsOutOfOrder() {
        assertError("X86 T\n{ }\n P0 | P2 ;\n MOV [x],1 ;\nexists (x=0)\n", "E-THREAD-ORDER", 3, 7,
                "thread 'P2' out of order: expected 'P1'");
    }

    @Test
    void constantOutOfRange() {
        assertError(intelTest("MOV [x],99999999999999999999"), "E-RANGE", 4, 10, "integer literal out of the 64-bit range");
        assertError(attTest("movl $9223372036854775808,(x)"), "E-RANGE", 4, 8, "integer literal out of the 64-bit range");
        assertError("X86 T\n{ x = -9223372036854775809 }\n P0 ;\n MOV [x],1 ;\nexists (x=0)\n", "E-RANGE", 2, 8,
                "integer literal out of the 64-bit range");
        assertError(TWO_THREADS + "exists (x=18446744073709551616)\n", "E-RANGE", 5, 11,
                "integer literal out of the 64-bit range");
    }

    @Test
    void duplicateInitialisations() {
        assertError("X86 T\n{ x=0; [x]=1 }\n P0 ;\n MOV [x],1 ;\nexists (x=0)\n", "E-DUP-LOC", 2, 9,
                "duplicate declaration of location 'x'");
        assertError("X86 T\n{ 0:EAX=1; P0:rax=2 }\n P0 ;\n MOV [x],1 ;\nexists (x=0)\n", "E-DUP-REG", 2, 12,
                "duplicate initialisation of register 0:rax");
    }
}
