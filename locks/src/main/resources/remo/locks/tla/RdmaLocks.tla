------------------------------ MODULE RdmaLocks ------------------------------
(***************************************************************************)
(* Liveness model of the remote locks on the RDMA^WAIT_RMW layer           *)
(* (docs/reference/locks.md §8). It restates the operational model,        *)
(* restricted to what the locks use: CPU loads, stores, awaits, register   *)
(* steps and (NAIVE_MIXCAS only) a locked CAS; FIFO store buffers; one     *)
(* queue per queue pair (thread, target node) holding puts, RFAAs and      *)
(* RCASs; the per-node remote-RMW unit (RAO_SCOPE = PER_NODE); waitFor     *)
(* and gf.  No gets, rfences or polls (section 8.2).                       *)
(*                                                                         *)
(* Two bounded counters keep the state space finite where section 8.4      *)
(* would let them grow without changing any verdict:                       *)
(*  - nacq only counts when MaxAcq # 0 (it is read only to stop there);    *)
(*  - byp saturates at Cardinality(Threads): BoundedBypass asks            *)
(*    byp <= Cardinality(Threads) - 1, so it is violated exactly when the  *)
(*    unbounded counter would violate it.                                  *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Nodes,            \* node ids, a set of integers
          Threads,          \* thread names, a set of strings
          NodeOf,           \* [Threads -> Nodes]
          Home,             \* the lock's home node
          MaxAcq,           \* acquisitions per thread; 0 = unbounded
          Variant,          \* "WTL","STL","CAS_PUT","CAS_RFAA","NAIVE_SERVING","NAIVE_MIXCAS","NAIVE_NOGF"
          FailedRcasWrites  \* BOOLEAN: a failed RCAS writes the old value back (section 5.7)

ASSUME Variant \in {"WTL", "STL", "CAS_PUT", "CAS_RFAA", "NAIVE_SERVING", "NAIVE_MIXCAS", "NAIVE_NOGF"}
ASSUME Home \in Nodes /\ MaxAcq \in Nat /\ FailedRcasWrites \in BOOLEAN
ASSUME NodeOf \in [Threads -> Nodes]

ClientNodes == { NodeOf[t] : t \in Threads }
TicketLock  == Variant \in {"WTL", "STL", "NAIVE_SERVING"}

(* Thread placements of section 8.5, t_i on node i+1: a .cfg file cannot   *)
(* write a function, so it names one of these with "NodeOf <- ...".        *)
TwoNodes   == ("t0" :> 1) @@ ("t1" :> 2)
ThreeNodes == ("t0" :> 1) @@ ("t1" :> 2) @@ ("t2" :> 3)

-----------------------------------------------------------------------------
(* Addresses: [k |-> kind, n |-> home node, j |-> thread or "-"].          *)
NextTicket == [k |-> "next", n |-> Home, j |-> "-"]     \* ticket dispenser at Home
Row(j, n)  == [k |-> "row", n |-> n, j |-> j]           \* node n's replica of slot j's row
Srv(n)     == [k |-> "srv", n |-> n, j |-> "-"]         \* NAIVE_SERVING's shared word on node n
Tk(t)      == [k |-> "tk", n |-> NodeOf[t], j |-> t]    \* result word of t's ticket RFAA
LockWord   == [k |-> "L", n |-> Home, j |-> "-"]        \* CAS lock word at Home
GWord(t)   == [k |-> "g", n |-> NodeOf[t], j |-> t]     \* result word of t's RCAS
JWord(t)   == [k |-> "j", n |-> NodeOf[t], j |-> t]     \* result word of t's release RFAA
ZeroWord(t) == [k |-> "zero", n |-> NodeOf[t], j |-> t] \* constant 0, source of the release put
NoAddr     == [k |-> "-", n |-> 0, j |-> "-"]

Addr == IF TicketLock
        THEN {NextTicket} \cup {Tk(t) : t \in Threads}
             \cup (IF Variant = "NAIVE_SERVING" THEN {Srv(n) : n \in ClientNodes}
                   ELSE {Row(j, n) : j \in Threads, n \in ClientNodes})
        ELSE {LockWord} \cup {GWord(t) : t \in Threads} \cup {JWord(t) : t \in Threads}
             \cup {ZeroWord(t) : t \in Threads}

(* A work request; st and val follow the Wr states of section 8.2.         *)
Wr(op, src, dst, res, exp, new, add, wid) ==
    [op |-> op, src |-> src, dst |-> dst, res |-> res, exp |-> exp, new |-> new,
     add |-> add, wid |-> wid, st |-> "Q", val |-> 0]
PutWr(src, dst, wid)            == Wr("PUT", src, dst, NoAddr, 0, 0, 0, wid)
RfaaWr(dst, res, add, wid)      == Wr("RFAA", NoAddr, dst, res, 0, 0, add, wid)
RcasWr(dst, res, exp, new, wid) == Wr("RCAS", NoAddr, dst, res, exp, new, 0, wid)
NoWr == Wr("-", NoAddr, NoAddr, NoAddr, 0, 0, 0, "-")

(* Store-buffer entries: a CPU store, or the doorbell of a posted op.      *)
St(a, v) == [k |-> "ST", a |-> a, v |-> v, w |-> NoWr]
Post(w)  == [k |-> "POST", a |-> NoAddr, v |-> 0, w |-> w]

VARIABLES mem,   \* [Addr -> Int]
          sb,    \* [Threads -> Seq(store-buffer entry)]
          qp,    \* [Threads \X Nodes -> Seq(Wr)]
          busy,  \* [Nodes -> BOOLEAN]: the node's remote-RMW unit is between a read and a write
          pc, my, g, nacq, byp
vars == <<mem, sb, qp, busy, pc, my, g, nacq, byp>>
nic  == <<mem, qp, busy>>
regs == <<my, g, nacq, byp>>

Max(S) == CHOOSE x \in S : \A y \in S : y <= x
Min(S) == CHOOSE x \in S : \A y \in S : x <= y
RECURSIVE Ascending(_)
Ascending(S) == IF S = {} THEN <<>> ELSE <<Min(S)>> \o Ascending(S \ {Min(S)})

(* A CPU load: the newest own buffered store to a, else memory.            *)
Load(t, a) == IF \E i \in DOMAIN sb[t] : sb[t][i].k = "ST" /\ sb[t][i].a = a
              THEN sb[t][Max({i \in DOMAIN sb[t] : sb[t][i].k = "ST" /\ sb[t][i].a = a})].v
              ELSE mem[a]

IsPut(w)   == w.op = "PUT"
IsRmw(w)   == w.op \in {"RFAA", "RCAS"}
Pending(w) == IsRmw(w) /\ w.st \in {"Q", "A"}   \* an RMW whose remote steps are not done
Without(s, i) == [x \in 1..(Len(s) - 1) |-> IF x < i THEN s[x] ELSE s[x + 1]]

WaitDone(t, d) == /\ \A i \in DOMAIN sb[t] : ~(sb[t][i].k = "POST" /\ sb[t][i].w.wid = d)
                  /\ \A n \in Nodes : \A i \in DOMAIN qp[t, n] : qp[t, n][i].wid # d
GfDone(t) == /\ \A i \in DOMAIN sb[t] : sb[t][i].k # "POST"
             /\ \A n \in Nodes : qp[t, n] = <<>>

Init == /\ mem = [a \in Addr |-> 0]
        /\ sb = [t \in Threads |-> <<>>]
        /\ qp = [p \in Threads \X Nodes |-> <<>>]
        /\ busy = [n \in Nodes |-> FALSE]
        /\ pc = [t \in Threads |-> "ncs"]
        /\ my = [t \in Threads |-> 0]
        /\ g = [t \in Threads |-> 0]
        /\ nacq = [t \in Threads |-> 0]
        /\ byp = [t \in Threads |-> 0]

-----------------------------------------------------------------------------
(* Store buffer and NIC (section 8.2, Actions).  The guards are the        *)
(* same-QP rules of G5 restricted to puts and RMWs.                        *)
Drain(t) ==
    /\ sb[t] # <<>>
    /\ LET e == Head(sb[t]) IN
         IF e.k = "ST"
         THEN mem' = [mem EXCEPT ![e.a] = e.v] /\ UNCHANGED qp
         ELSE qp' = [qp EXCEPT ![t, e.w.dst.n] = Append(@, e.w)] /\ UNCHANGED mem
    /\ sb' = [sb EXCEPT ![t] = Tail(@)]
    /\ UNCHANGED <<busy, pc>> /\ UNCHANGED regs

PutRead(t, n) == LET q == qp[t, n] IN
    \E i \in DOMAIN q :
       /\ IsPut(q[i]) /\ q[i].st = "Q"
       /\ \A x \in 1..(i - 1) : ~(IsPut(q[x]) /\ q[x].st = "Q")
       /\ qp' = [qp EXCEPT ![t, n][i].st = "L", ![t, n][i].val = mem[q[i].src]]
       /\ UNCHANGED <<mem, sb, busy, pc>> /\ UNCHANGED regs

PutWrite(t, n) == LET q == qp[t, n] IN
    \E i \in DOMAIN q :
       /\ IsPut(q[i]) /\ q[i].st = "L"
       /\ \A x \in 1..(i - 1) : ~IsPut(q[x]) /\ ~Pending(q[x])
       /\ mem' = [mem EXCEPT ![q[i].dst] = q[i].val]
       /\ qp' = [qp EXCEPT ![t, n] = Without(@, i)]
       /\ UNCHANGED <<sb, busy, pc>> /\ UNCHANGED regs

RmwRead(t, n) == LET q == qp[t, n] IN
    \E i \in DOMAIN q :
       /\ IsRmw(q[i]) /\ q[i].st = "Q"
       /\ \A x \in 1..(i - 1) : ~IsPut(q[x]) /\ ~Pending(q[x])
       /\ ~busy[n]
       /\ qp' = [qp EXCEPT ![t, n][i].st = "A", ![t, n][i].val = mem[q[i].dst]]
       /\ busy' = [busy EXCEPT ![n] = TRUE]
       /\ UNCHANGED <<mem, sb, pc>> /\ UNCHANGED regs

RmwWrite(t, n) == LET q == qp[t, n] IN
    \E i \in DOMAIN q :
       /\ IsRmw(q[i]) /\ q[i].st = "A"
       /\ LET w == q[i] IN
            mem' = IF w.op = "RFAA" THEN [mem EXCEPT ![w.dst] = w.val + w.add]
                   ELSE IF w.val = w.exp THEN [mem EXCEPT ![w.dst] = w.new]
                   ELSE IF FailedRcasWrites THEN [mem EXCEPT ![w.dst] = w.val]
                   ELSE mem
       /\ qp' = [qp EXCEPT ![t, n][i].st = "W"]
       /\ busy' = [busy EXCEPT ![n] = FALSE]
       /\ UNCHANGED <<sb, pc>> /\ UNCHANGED regs

RmwLocal(t, n) == LET q == qp[t, n] IN
    \E i \in DOMAIN q :
       /\ IsRmw(q[i]) /\ q[i].st = "W"
       /\ \A x \in 1..(i - 1) : ~IsRmw(q[x])
       /\ mem' = [mem EXCEPT ![q[i].res] = q[i].val]
       /\ qp' = [qp EXCEPT ![t, n] = Without(@, i)]
       /\ UNCHANGED <<sb, busy, pc>> /\ UNCHANGED regs

-----------------------------------------------------------------------------
(* Thread programs (section 8.4).  Each CPU step is one atomic step.       *)
Goto(t, l)     == pc' = [pc EXCEPT ![t] = l]
Buffer(t, es)  == sb' = [sb EXCEPT ![t] = @ \o es]
Bump(x)        == IF x < Cardinality(Threads) THEN x + 1 ELSE x
Counted(t)     == IF MaxAcq = 0 THEN nacq ELSE [nacq EXCEPT ![t] = @ + 1]
Trying(t)      == pc[t] \in {"door", "dwait", "ldtk", "spin", "try", "twait", "tld", "chk"}
InCS(t)        == pc[t] = "cs"

Ncs(t) ==
    /\ pc[t] = "ncs"
    /\ IF MaxAcq # 0 /\ nacq[t] = MaxAcq
       THEN Goto(t, "done") /\ UNCHANGED byp
       ELSE IF TicketLock THEN Goto(t, "door") /\ UNCHANGED byp
            ELSE Goto(t, "try") /\ byp' = [byp EXCEPT ![t] = 0]
    /\ UNCHANGED <<sb, my, g, nacq>> /\ UNCHANGED nic

(* Ticket variants: WTL, STL, NAIVE_SERVING. *)
Door(t) ==
    /\ pc[t] = "door"
    /\ Buffer(t, <<Post(RfaaWr(NextTicket, Tk(t), 1, "wa"))>>)
    /\ Goto(t, "dwait") /\ UNCHANGED nic /\ UNCHANGED regs

DWait(t) ==
    /\ pc[t] = "dwait" /\ WaitDone(t, "wa")
    /\ Goto(t, "ldtk") /\ UNCHANGED <<sb>> /\ UNCHANGED nic /\ UNCHANGED regs

LdTk(t) ==
    /\ pc[t] = "ldtk"
    /\ my' = [my EXCEPT ![t] = Load(t, Tk(t))]
    /\ byp' = [byp EXCEPT ![t] = 0]
    /\ Goto(t, "spin") /\ UNCHANGED <<sb, g, nacq>> /\ UNCHANGED nic

(* await: enabled only while the condition holds (section 8.3). *)
Spin(t) == LET m == NodeOf[t] IN
    /\ pc[t] = "spin"
    /\ IF Variant = "NAIVE_SERVING" THEN Load(t, Srv(m)) >= my[t]
       ELSE \E j \in Threads : Load(t, Row(j, m)) >= my[t]
    /\ byp' = [u \in Threads |-> IF u # t /\ pc[u] = "spin" THEN Bump(byp[u]) ELSE byp[u]]
    /\ Goto(t, "cs") /\ UNCHANGED <<sb, my, g, nacq>> /\ UNCHANGED nic

Cs(t) ==
    /\ pc[t] = "cs"
    /\ Goto(t, "rel") /\ UNCHANGED sb /\ UNCHANGED nic /\ UNCHANGED regs

TicketRel(t) ==
    /\ pc[t] = "rel" /\ (Variant = "STL" => GfDone(t))
    /\ Goto(t, "rst") /\ UNCHANGED sb /\ UNCHANGED nic /\ UNCHANGED regs

Rst(t) == LET m == NodeOf[t] IN
    /\ pc[t] = "rst"
    /\ Buffer(t, <<St(IF Variant = "NAIVE_SERVING" THEN Srv(m) ELSE Row(t, m), my[t] + 1)>>)
    /\ Goto(t, "rbc") /\ UNCHANGED nic /\ UNCHANGED regs

Rbc(t) == LET m       == NodeOf[t]
              targets == Ascending(ClientNodes \ {m})
              put(k)  == IF Variant = "NAIVE_SERVING" THEN PutWr(Srv(m), Srv(k), "wb")
                         ELSE PutWr(Row(t, m), Row(t, k), "wb") IN
    /\ pc[t] = "rbc"
    /\ Buffer(t, [i \in DOMAIN targets |-> Post(put(targets[i]))])
    /\ nacq' = Counted(t)
    /\ Goto(t, "ncs") /\ UNCHANGED <<my, g, byp>> /\ UNCHANGED nic

(* CAS variants: CAS_PUT, CAS_RFAA, NAIVE_NOGF, NAIVE_MIXCAS. *)
Try(t) ==
    /\ pc[t] = "try"
    /\ IF Variant = "NAIVE_MIXCAS" /\ NodeOf[t] = Home
       THEN \* a locked CPU cas on the lock word: needs an empty store buffer
            /\ sb[t] = <<>>
            /\ g' = [g EXCEPT ![t] = mem[LockWord]]
            /\ mem' = IF mem[LockWord] = 0 THEN [mem EXCEPT ![LockWord] = 1] ELSE mem
            /\ Goto(t, "chk") /\ UNCHANGED <<sb, qp, busy>>
       ELSE /\ Buffer(t, <<Post(RcasWr(LockWord, GWord(t), 0, 1, "wa"))>>)
            /\ Goto(t, "twait") /\ UNCHANGED <<g>> /\ UNCHANGED nic
    /\ UNCHANGED <<my, nacq, byp>>

TWait(t) ==
    /\ pc[t] = "twait" /\ WaitDone(t, "wa")
    /\ Goto(t, "tld") /\ UNCHANGED sb /\ UNCHANGED nic /\ UNCHANGED regs

TLd(t) ==
    /\ pc[t] = "tld"
    /\ g' = [g EXCEPT ![t] = Load(t, GWord(t))]
    /\ Goto(t, "chk") /\ UNCHANGED <<sb, my, nacq, byp>> /\ UNCHANGED nic

Chk(t) ==
    /\ pc[t] = "chk"
    /\ IF g[t] = 0
       THEN /\ byp' = [u \in Threads |-> IF u # t /\ Trying(u) THEN Bump(byp[u]) ELSE byp[u]]
            /\ Goto(t, "cs")
       ELSE Goto(t, "try") /\ UNCHANGED byp
    /\ UNCHANGED <<sb, my, g, nacq>> /\ UNCHANGED nic

CasRel(t) ==
    /\ pc[t] = "rel" /\ (Variant # "NAIVE_NOGF" => GfDone(t))
    /\ Goto(t, "rput") /\ UNCHANGED sb /\ UNCHANGED nic /\ UNCHANGED regs

RPut(t) ==
    /\ pc[t] = "rput"
    /\ Buffer(t, IF Variant = "CAS_RFAA" THEN <<Post(RfaaWr(LockWord, JWord(t), -1, "wr"))>>
                 ELSE IF Variant = "NAIVE_MIXCAS" /\ NodeOf[t] = Home THEN <<St(LockWord, 0)>>
                 ELSE <<Post(PutWr(ZeroWord(t), LockWord, "wr"))>>)
    /\ nacq' = Counted(t)
    /\ Goto(t, "ncs") /\ UNCHANGED <<my, g, byp>> /\ UNCHANGED nic

Cpu(t) == IF TicketLock
          THEN Ncs(t) \/ Door(t) \/ DWait(t) \/ LdTk(t) \/ Spin(t) \/ Cs(t)
               \/ TicketRel(t) \/ Rst(t) \/ Rbc(t)
          ELSE Ncs(t) \/ Try(t) \/ TWait(t) \/ TLd(t) \/ Chk(t) \/ Cs(t) \/ CasRel(t) \/ RPut(t)

(* Termination is not a deadlock. *)
Done == /\ \A t \in Threads : pc[t] = "done" /\ sb[t] = <<>>
        /\ \A p \in Threads \X Nodes : qp[p] = <<>>
        /\ UNCHANGED vars

Next == \/ Done
        \/ \E t \in Threads : Cpu(t) \/ Drain(t)
        \/ \E t \in Threads, n \in Nodes :
              PutRead(t, n) \/ PutWrite(t, n) \/ RmwRead(t, n) \/ RmwWrite(t, n) \/ RmwLocal(t, n)

(* Fairness (section 8.3): strong fairness for the remote-RMW unit.        *)
(* Section 8.3 states the NIC conditions for every pair (t, n).  A put of  *)
(* t only targets PutTargets(t) and an RMW only targets Home, so on every  *)
(* other pair the action is never enabled and its fairness condition is   *)
(* TRUE; leaving those out spares TLC evaluating them on every transition. *)
PutTargets(t) == IF TicketLock THEN ClientNodes \ {NodeOf[t]} ELSE {Home}
Spec == /\ Init /\ [][Next]_vars
        /\ \A t \in Threads : WF_vars(Cpu(t)) /\ WF_vars(Drain(t))
        /\ \A t \in Threads : \A n \in PutTargets(t) :
              WF_vars(PutRead(t, n)) /\ WF_vars(PutWrite(t, n))
        /\ \A t \in Threads :
              /\ SF_vars(RmwRead(t, Home))
              /\ WF_vars(RmwWrite(t, Home)) /\ WF_vars(RmwLocal(t, Home))

-----------------------------------------------------------------------------
(* Properties (section 8.4). *)
MutualExclusion   == \A t, u \in Threads : t # u => ~(InCS(t) /\ InCS(u))
BoundedBypass     == \A t \in Threads : byp[t] <= Cardinality(Threads) - 1
DeadlockFreedom   == (\E t \in Threads : Trying(t)) ~> (\E t \in Threads : InCS(t))
StarvationFreedom == \A t \in Threads : Trying(t) ~> InCS(t)
Termination       == <>(\A t \in Threads : pc[t] = "done")
=============================================================================
