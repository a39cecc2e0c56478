package remo.checker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.litmus.Diagnostic;
import remo.litmus.Flag;
import remo.litmus.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.StateItem;
import remo.models.CatModel;
import remo.models.CheckOutcome;
import remo.models.ModelCheck;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;
import remo.checker.explore.CandidateSink;
import remo.checker.explore.GraphExplorer;

/**
 * The axiomatic engine: enumerates the candidate executions of a program (models.md §4) and
 * keeps those the cat model accepts.
 *
 * <p>Enumeration order (architecture.md, "Performance approach"): {@code rf} for every read, then
 * the values (models.md §4.2), then {@code co} location by location by inserting each write at every
 * position of the order built so far, then {@code rao} class by class in the same way. After every
 * choice the model's checks are evaluated on lower/upper bounds of the partial candidate
 * ({@link ModelFrame#definitelyViolated}); a partial candidate that already violates a check is
 * abandoned with all its completions.
 */
public final class AxiomaticChecker {

    /**
     * A partial candidate is checked only when at least this many completions remain below it:
     * checking costs one evaluation of the model, which is not worth it for a handful of leaves.
     */
    private static final double PRUNE_THRESHOLD = 8;

    private AxiomaticChecker() {
    }

    /**
     * Checks a program under a model.
     *
     * @param program a validated program
     * @param model   the cat model
     * @param flags   the flag values of the run (defaults, then the test's flag line, then the command line)
     * @param options limits and collection choices
     * @return the result; {@link CheckResult#partial()} if a limit stopped the run
     * @throws LitmusException E-UNSUPPORTED if the model rejects an instruction of the program
     *                         (language.md §6.2 step 5)
     */
    public static CheckResult check(Program program, CatModel model, FlagValues flags, CheckOptions options)
            throws LitmusException {
        return check(program, model, flags, options, PLAIN_ENUMERATION);
    }

    /** {@link #check}, with the plain enumeration instead of {@link GraphExplorer} if {@code plain}. */
    static CheckResult check(Program program, CatModel model, FlagValues flags, CheckOptions options, boolean plain)
            throws LitmusException {
        long start = System.nanoTime();
        EventStructure structure = new EventStructure(program, flags);
        ModelSupport.requireSupported(structure, model, flags);
        List<Diagnostic> warnings = ModelSupport.warnings(structure);
        Run run = new Run(structure, model, flags, options, start);
        run.plain = plain;
        run.enumerate();
        double seconds = (System.nanoTime() - start) / 1e9;
        return new CheckResult(program, model.name(), "axiomatic", flags, program.printedItems(), run.states, run.fullStates,
                run.positive, run.negative, run.blocked, run.explored, run.raisedFlagsInModelOrder(), warnings,
                run.partialReason, seconds, run.collected, run.blockedAt,
                new ExplorationStatistics(run.completeCount, run.explored - run.completeCount, run.consistentCount,
                        run.blockedLimit));
    }

    /**
     * Receives the complete consistent executions that are not blocked, one at a time, during an
     * {@link #explore} run.
     */
    @FunctionalInterface
    public interface ExecutionVisitor {
        /**
         * @param execution a complete, consistent, non-blocked execution
         * @return {@code true} to continue, {@code false} to stop the enumeration
         */
        boolean visit(Execution execution);
    }

    /**
     * Enumerates the complete consistent executions of a program and hands each non-blocked one
     * to {@code visitor}, stopping as soon as it returns {@code false}. Used by robustness
     * analysis, which stops at the first execution that breaks robustness.
     *
     * @return how the enumeration ended
     * @throws LitmusException E-UNSUPPORTED if the model rejects an instruction of the program
     */
    public static ExploreStatus explore(Program program, CatModel model, FlagValues flags, CheckOptions options,
                                  ExecutionVisitor visitor) throws LitmusException {
        long start = System.nanoTime();
        EventStructure structure = new EventStructure(program, flags);
        ModelSupport.requireSupported(structure, model, flags);
        Run run = new Run(structure, model, flags, options, start);
        run.visitor = visitor;
        run.enumerate();
        if (run.stopped) {
            return ExploreStatus.STOPPED;
        }
        return run.partialReason == null ? ExploreStatus.COMPLETE : ExploreStatus.LIMIT_REACHED;
    }

    /** How an {@link #explore} run ended. */
    public enum ExploreStatus {
        /** Every execution was visited. */
        COMPLETE,
        /** The visitor returned {@code false}. */
        STOPPED,
        /** A limit of the options (executions, time) stopped the run first. */
        LIMIT_REACHED
    }

    /** Signals that a limit was reached. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    /**
     * Whether runs use the plain enumeration below instead of {@link GraphExplorer} (system property
     * {@code remo.enumeration=plain}; the differential tests compare both).
     */
    static final boolean PLAIN_ENUMERATION = "plain".equals(System.getProperty("remo.enumeration"));

    /** One enumeration. */
    private static final class Run implements CandidateSink {
        private final EventStructure s;
        private final Program program;
        private final CatModel model;
        private final FlagValues flags;
        private final CheckOptions options;
        private final long start;
        private final long deadline;
        private final boolean prune;
        private final int n;
        private final ValueSolver solver;
        /** The items of a full final state, in print order, and where each value comes from. */
        private final StateItem[] fullItems;
        private final int[] itemLocation;
        private final int[] itemThread;
        private final String[] itemRegister;
        /** The printed items and their indices in {@link #fullItems} (-1: not in the full state, reads 0). */
        private final StateItem[] printedItems;
        private final int[] printedIndex;
        private final boolean staticallyBlocked;

        // rf stage
        private final int[] reads;
        private final int[][] candidates;
        private final int[] rfSource;
        /** rfRemaining[i]: number of rf choices for reads i.. (product of candidate counts). */
        private final double[] rfRemaining;
        private final ModelFrame rfFrame;
        private final Relation coAllPotential;
        /** co pairs present in every completion during the rf stage: IW before each unconditional write. */
        private final Relation coInitial;
        private final Relation raoAll;
        private final Relation emptyRelation;

        // co and rao stage
        private final Map<EventSet, ModelFrame> frames = new HashMap<>();
        private ModelFrame frame;
        private ValueSolver.Values values;
        private int[][] coOrder;
        private int[] coLength;
        private int[][] coToInsert;
        private Relation coUpper;
        private Relation rfExact;
        private final int[][] raoClasses;
        private final int[][] raoOrder;
        private final int[] raoLength;

        // results
        final Map<FinalState, Long> states = new HashMap<>();
        final Set<FinalState> fullStates = new LinkedHashSet<>();
        final Set<String> raisedFlags = new LinkedHashSet<>();
        final List<Execution> collected = new ArrayList<>();
        final Map<String, Long> blockedAt = new HashMap<>();
        long positive;
        long negative;
        long blocked;
        long explored;
        long completeCount;
        long consistentCount;
        boolean plain = PLAIN_ENUMERATION;
        /** Whether the exploration is counting blocked candidates (every state is found). */
        boolean countingBlocked;
        /** Why the Blocked count stopped early, or null. */
        String blockedLimit;
        /**
         * How many candidates the complete candidate being judged stands for: the number of rao
         * orders when the model never reads rao (every order is then equally consistent and
         * gives the same state), else 1.
         */
        long weight = 1;
        String partialReason;
        ExecutionVisitor visitor;
        boolean stopped;

        Run(EventStructure s, CatModel model, FlagValues flags, CheckOptions options, long start) {
            this.s = s;
            this.program = s.program();
            this.model = model;
            this.flags = flags;
            this.options = options;
            this.start = start;
            this.deadline = options.deadline(start);
            CheckOptions.Collect c = options.collect();
            this.prune = options.prune() && c != CheckOptions.Collect.FORBIDDEN && c != CheckOptions.Collect.ALL;
            this.n = s.size();
            this.solver = new ValueSolver(s);
            java.util.TreeMap<StateItem, int[]> sources = new java.util.TreeMap<>();
            for (int l = 0; l < program.locations().size(); l++) {
                sources.put(new StateItem.LocationItem(program.locations().get(l).name()), new int[] {l, -1});
            }
            for (Map.Entry<Integer, java.util.SortedSet<String>> e : program.finalRegisters().entrySet()) {
                for (String r : e.getValue()) {
                    sources.put(new StateItem.RegisterItem(e.getKey(), r), new int[] {-1, e.getKey()});
                }
            }
            fullItems = sources.keySet().toArray(new StateItem[0]);
            itemLocation = new int[fullItems.length];
            itemThread = new int[fullItems.length];
            itemRegister = new String[fullItems.length];
            for (int k = 0; k < fullItems.length; k++) {
                int[] src = sources.get(fullItems[k]);
                itemLocation[k] = src[0];
                itemThread[k] = src[1];
                itemRegister[k] = fullItems[k] instanceof StateItem.RegisterItem ri ? ri.register() : null;
            }
            List<StateItem> printed = program.printedItems();
            printedItems = printed.toArray(new StateItem[0]);
            printedIndex = new int[printedItems.length];
            for (int k = 0; k < printedItems.length; k++) {
                printedIndex[k] = java.util.Arrays.binarySearch(fullItems, printedItems[k]);
                if (printedIndex[k] < 0) {
                    printedIndex[k] = -1;
                }
            }
            this.staticallyBlocked = !s.blockedPolls().isEmpty();
            this.emptyRelation = Relation.empty(n);

            List<Integer> readList = new ArrayList<>();
            for (Event e : s.events()) {
                if (e.kind().isRead()) {
                    readList.add(e.id());
                }
            }
            reads = readList.stream().mapToInt(Integer::intValue).toArray();
            candidates = new int[reads.length][];
            for (int i = 0; i < reads.length; i++) {
                Event r = s.event(reads[i]);
                List<Integer> c2 = new ArrayList<>();
                for (Event w : s.events()) {
                    if (w.kind().isWrite() && w.location() == r.location()
                            && !(w.thread() == r.thread() && w.instruction() == r.instruction())) {
                        c2.add(w.id());
                    }
                }
                candidates[i] = c2.stream().mapToInt(Integer::intValue).toArray();
            }
            rfSource = new int[n];
            java.util.Arrays.fill(rfSource, -1);
            rfRemaining = new double[reads.length + 1];
            rfRemaining[reads.length] = 1;
            for (int i = reads.length - 1; i >= 0; i--) {
                rfRemaining[i] = rfRemaining[i + 1] * Math.max(1, candidates[i].length);
            }

            Relation.Builder co = Relation.builder(n);
            for (Event a : s.events()) {
                for (Event b : s.events()) {
                    if (a.id() != b.id() && a.kind().isWrite() && b.kind().isWrite() && a.location() == b.location()
                            && b.kind() != EventKind.IW) {
                        co.add(a.id(), b.id());
                    }
                }
            }
            coAllPotential = co.build();
            // the initial write of a location is co-before each of its writes that surely exists
            Relation.Builder init = Relation.builder(n);
            for (Event w : s.events()) {
                if (w.kind().isWrite() && w.kind() != EventKind.IW && !w.conditional()) {
                    init.add(w.location(), w.id());
                }
            }
            coInitial = init.build();

            // rao classes: NAR events per target node, or per target location
            boolean perLocation = flags.is(Flag.RAO_SCOPE, "PER_LOCATION");
            Map<Integer, List<Integer>> classes = new LinkedHashMap<>();
            for (Event e : s.events()) {
                if (e.kind() == EventKind.NAR) {
                    classes.computeIfAbsent(perLocation ? e.location() : e.node(), k -> new ArrayList<>()).add(e.id());
                }
            }
            raoClasses = classes.values().stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray())
                    .toArray(int[][]::new);
            raoOrder = new int[raoClasses.length][];
            raoLength = new int[raoClasses.length];
            Relation.Builder rao = Relation.builder(n);
            for (int[] cls : raoClasses) {
                for (int a : cls) {
                    for (int b : cls) {
                        if (a != b) {
                            rao.add(a, b);
                        }
                    }
                }
            }
            raoAll = rao.build();
            rfFrame = prune ? model.frame(new MaskedUniverse(s, s.unconditionalEvents(), EventSet.all(n)), flags,
                    options.skippedChecks()) : null;
        }

        void enumerate() {
            try {
                if (rfFrame != null) {
                    rfFrame.setDeadline(deadline);
                }
                if (prune && !plain) {
                    explore();
                } else {
                    chooseRf(0);
                }
            } catch (Stop stop) {
                // partialReason is set
            } catch (remo.models.EvaluationTimeoutException e) {
                partialReason = options.timeLimitReached(System.nanoTime() - start);
            }
        }

        /** Stops the run if the time limit has passed (checked before every model evaluation). */
        private void checkTime() {
            if (deadline != Long.MAX_VALUE) {
                long now = System.nanoTime();
                if (now > deadline) {
                    partialReason = options.timeLimitReached(now - start);
                    throw new Stop();
                }
            }
        }

        private void count() {
            explored++;
            if (options.maxExecutions() > 0 && explored >= options.maxExecutions()) {
                partialReason = "execution limit reached: explored " + explored + (explored == 1 ? " candidate" : " candidates") + " (--max-executions "
                        + options.maxExecutions() + ")";
                throw new Stop();
            }
            checkTime();
            if ((explored & 127) == 0) {
                if (options.progress() != null) {
                    options.progress().progress(explored, consistentCount);
                }
            }
        }

        /** The raised flags in the model's order, whatever order the enumeration met them in. */
        List<String> raisedFlagsInModelOrder() {
            List<String> out = new ArrayList<>();
            for (ModelCheck f : model.flagChecks()) {
                if (raisedFlags.contains(f.name()) && !out.contains(f.name())) {
                    out.add(f.name());
                }
            }
            return out;
        }

        // ---------------------------------------------------------------- exploration

        private void explore() {
            Map<List<EventSet>, ModelFrame> bounded = new HashMap<>();
            GraphExplorer.Frames source = (lower, upper) -> {
                ModelFrame f = lower.equals(upper)
                        ? frames.computeIfAbsent(lower, m -> model.frame(MaskedUniverse.exact(s, m), flags, options.skippedChecks()))
                        : bounded.computeIfAbsent(List.of(lower, upper),
                                k -> model.frame(new MaskedUniverse(s, lower, upper), flags, options.skippedChecks()));
                f.setDeadline(deadline);
                return f;
            };
            // a model that never reads rao: one candidate per rf and co choice stands for every rao order
            long orders = raoOrderCount();
            boolean raoFree = !model.reads(remo.models.Builtin.RAO) && visitor == null && options.collect() == CheckOptions.Collect.NONE
                    && orders > 0;
            if (raoFree) {
                weight = orders;
            }
            GraphExplorer explorer = new GraphExplorer(s, model, source, reads, candidates,
                    raoFree ? new int[0][] : raoClasses, coAllPotential, raoAll, staticallyBlocked, this);
            if (!explorer.exploreUnblocked() || visitor != null) {
                return;
            }
            countingBlocked = true;
            try {
                explorer.exploreBlocked();
            } catch (Stop stop) {
                // every state is found: a limit now only cuts the Blocked count short
                blockedLimit = partialReason;
                partialReason = null;
            } catch (remo.models.EvaluationTimeoutException e) {
                blockedLimit = options.timeLimitReached(System.nanoTime() - start);
            }
        }

        @Override
        public void complete(int[] rf, ValueSolver.Values v, int[][] coOrders, int[][] raoOrders) {
            System.arraycopy(rf, 0, rfSource, 0, n);
            values = v;
            EventSet existingSet = EventSet.of(n, java.util.stream.IntStream.range(0, n).filter(e -> v.exists[e]).toArray());
            frame = frames.computeIfAbsent(existingSet,
                    m -> model.frame(MaskedUniverse.exact(s, m), flags, options.skippedChecks()));
            frame.setDeadline(deadline);
            rfExact = rfLower();
            coOrder = coOrders;
            coLength = new int[coOrders.length];
            coToInsert = new int[coOrders.length][];
            for (int l = 0; l < coOrders.length; l++) {
                coLength[l] = coOrders[l].length;
                coToInsert[l] = java.util.Arrays.copyOfRange(coOrders[l], 1, coOrders[l].length);
            }
            for (int c = 0; c < raoClasses.length; c++) {
                // without rao choices (weight > 1) the classes keep their members' order
                raoOrder[c] = c < raoOrders.length ? raoOrders[c] : raoClasses[c].clone();
                raoLength[c] = raoOrder[c].length;
            }
            leaf();
        }

        /** The number of rao orders (product of the classes' factorials), or 0 if it exceeds 10^15. */
        private long raoOrderCount() {
            long orders = 1;
            for (int[] cls : raoClasses) {
                for (int k = 2; k <= cls.length; k++) {
                    if (orders > 1_000_000_000_000_000L / k) {
                        return 0;
                    }
                    orders *= k;
                }
            }
            return orders;
        }

        @Override
        public void illFormed() {
            completeCount++;
            count();
        }

        @Override
        public void pruned() {
            count();
        }

        @Override
        public void checkLimits() {
            checkTime();
        }

        // ---------------------------------------------------------------- rf

        private Relation rfLower() {
            Relation.Builder b = Relation.builder(n);
            for (int r : reads) {
                if (rfSource[r] >= 0) {
                    b.add(rfSource[r], r);
                }
            }
            return b.build();
        }

        private Relation rfUpper(int from) {
            Relation.Builder b = Relation.builder(n);
            for (int i = 0; i < reads.length; i++) {
                int r = reads[i];
                if (i < from) {
                    b.add(rfSource[r], r);
                } else {
                    for (int w : candidates[i]) {
                        b.add(w, r);
                    }
                }
            }
            return b.build();
        }

        private void chooseRf(int i) {
            if (i == reads.length) {
                afterRf();
                return;
            }
            int r = reads[i];
            for (int w : candidates[i]) {
                rfSource[r] = w;
                if (prune && i + 1 < reads.length && rfRemaining[i + 1] >= PRUNE_THRESHOLD) {
                    checkTime();
                    ModelCheck violated = rfFrame.definitelyViolated(
                            new Witnesses(rfLower(), rfUpper(i + 1), coInitial, coAllPotential, emptyRelation, raoAll));
                    if (violated != null) {
                        count();
                        continue;
                    }
                }
                chooseRf(i + 1);
            }
            rfSource[r] = -1;
        }

        private void afterRf() {
            values = solver.solve(rfSource);
            if (values == null) {
                count(); // ill-formed: cyclic values or a read from a write that does not exist
                return;
            }
            boolean[] ex = values.exists;
            int[] existing = java.util.stream.IntStream.range(0, n).filter(e -> ex[e]).toArray();
            EventSet existingSet = EventSet.of(n, existing);
            frame = frames.computeIfAbsent(existingSet,
                    m -> model.frame(MaskedUniverse.exact(s, m), flags, options.skippedChecks()));
            frame.setDeadline(deadline);
            rfExact = rfLower();
            // co: per location, IW first, then the existing writes to insert
            int locs = s.locationCount();
            coOrder = new int[locs][];
            coLength = new int[locs];
            coToInsert = new int[locs][];
            List<List<Integer>> perLoc = new ArrayList<>();
            for (int l = 0; l < locs; l++) {
                perLoc.add(new ArrayList<>());
            }
            for (Event e : s.events()) {
                if (e.kind().isWrite() && e.kind() != EventKind.IW && ex[e.id()]) {
                    perLoc.get(e.location()).add(e.id());
                }
            }
            for (int l = 0; l < locs; l++) {
                coToInsert[l] = perLoc.get(l).stream().mapToInt(Integer::intValue).toArray();
                coOrder[l] = new int[coToInsert[l].length + 1];
                coOrder[l][0] = l; // IW of location l has index l
                coLength[l] = 1;
            }
            coUpper = coAllPotential.restrict(existingSet, existingSet);
            chooseCo(0, 0);
        }

        // ---------------------------------------------------------------- co

        /** Number of completions below the state after inserting write k of location loc. */
        private boolean worthCheckingAfterCo(int loc, int k) {
            double remaining = 1;
            for (int j = k + 2; j <= coToInsert[loc].length; j++) {
                remaining *= j;
            }
            for (int l = loc + 1; l < coToInsert.length; l++) {
                for (int j = 2; j <= coToInsert[l].length; j++) {
                    remaining *= j;
                }
            }
            for (int[] cls : raoClasses) {
                for (int j = 2; j <= cls.length; j++) {
                    remaining *= j;
                }
            }
            return remaining >= PRUNE_THRESHOLD;
        }

        /**
         * co as fixed so far: the order of the writes inserted at each location, and the initial
         * write of every location before all its writes (inserted or not: co starts with IW in
         * every completion, models.md §4.1). For a complete candidate this is exactly co.
         */
        private Relation coRelation() {
            Relation.Builder b = Relation.builder(n);
            for (int l = 0; l < coOrder.length; l++) {
                int[] o = coOrder[l];
                for (int i = 0; i < coLength[l]; i++) {
                    for (int j = i + 1; j < coLength[l]; j++) {
                        b.add(o[i], o[j]);
                    }
                }
                for (int w : coToInsert[l]) {
                    b.add(l, w);
                }
            }
            return b.build();
        }

        private void chooseCo(int loc, int k) {
            if (loc == coOrder.length) {
                chooseRao(0, 0);
                return;
            }
            if (k == coToInsert[loc].length) {
                chooseCo(loc + 1, 0);
                return;
            }
            int w = coToInsert[loc][k];
            int[] o = coOrder[loc];
            int len = coLength[loc];
            // with a single write there is one position; otherwise try every position after IW
            for (int pos = 1; pos <= len; pos++) {
                System.arraycopy(o, pos, o, pos + 1, len - pos);
                o[pos] = w;
                coLength[loc] = len + 1;
                boolean abandoned = false;
                if (prune && worthCheckingAfterCo(loc, k)) {
                    checkTime();
                    ModelCheck violated = frame.definitelyViolated(
                            new Witnesses(rfExact, rfExact, coRelation(), coUpper, emptyRelation, raoAll));
                    if (violated != null) {
                        count();
                        abandoned = true;
                    }
                }
                if (!abandoned) {
                    chooseCo(loc, k + 1);
                }
                System.arraycopy(o, pos + 1, o, pos, len - pos);
                coLength[loc] = len;
            }
        }

        // ---------------------------------------------------------------- rao

        private Relation raoRelation() {
            Relation.Builder b = Relation.builder(n);
            for (int c = 0; c < raoClasses.length; c++) {
                int[] o = raoOrder[c];
                if (o == null) {
                    continue;
                }
                for (int i = 0; i < raoLength[c]; i++) {
                    for (int j = i + 1; j < raoLength[c]; j++) {
                        b.add(o[i], o[j]);
                    }
                }
            }
            return b.build();
        }

        private void chooseRao(int cls, int k) {
            if (cls == raoClasses.length) {
                leaf();
                return;
            }
            if (raoOrder[cls] == null) {
                raoOrder[cls] = new int[raoClasses[cls].length];
            }
            if (k == raoClasses[cls].length) {
                chooseRao(cls + 1, 0);
                return;
            }
            int a = raoClasses[cls][k];
            int[] o = raoOrder[cls];
            int len = raoLength[cls];
            for (int pos = 0; pos <= len; pos++) {
                System.arraycopy(o, pos, o, pos + 1, len - pos);
                o[pos] = a;
                raoLength[cls] = len + 1;
                boolean abandoned = false;
                if (prune && len > 0 && moreRaoChoices(cls, k)) {
                    Relation co = coRelation();
                    ModelCheck violated = frame.definitelyViolated(
                            new Witnesses(rfExact, rfExact, co, co, raoRelation(), raoAll));
                    if (violated != null) {
                        count();
                        abandoned = true;
                    }
                }
                if (!abandoned) {
                    chooseRao(cls, k + 1);
                }
                System.arraycopy(o, pos + 1, o, pos, len - pos);
                raoLength[cls] = len;
            }
        }

        private boolean moreRaoChoices(int cls, int k) {
            double remaining = 1;
            for (int j = k + 2; j <= raoClasses[cls].length; j++) {
                remaining *= j;
            }
            for (int c = cls + 1; c < raoClasses.length; c++) {
                for (int j = 2; j <= raoClasses[c].length; j++) {
                    remaining *= j;
                }
            }
            return remaining >= PRUNE_THRESHOLD;
        }

        // ---------------------------------------------------------------- leaf

        private void leaf() {
            completeCount++;
            count();
            Relation co = coRelation();
            Relation rao = raoRelation();
            CheckOutcome outcome = frame.check(Witnesses.exact(rfExact, co, rao));
            boolean isBlocked = values.blocked || staticallyBlocked;
            CheckOptions.Collect collect = options.collect();
            FinalState full = null;
            if (outcome.consistent()) {
                consistentCount += weight;
                if (isBlocked) {
                    blocked += weight;
                    blockedAt.merge(blockingPoints(), weight, Long::sum);
                    if (countingBlocked && options.maxBlocked() > 0 && blocked >= options.maxBlocked()) {
                        partialReason = "blocked count limit reached: counted " + blocked
                                + " blocked candidates (--max-blocked " + options.maxBlocked() + ")";
                        throw new Stop();
                    }
                } else {
                    full = finalState();
                    fullStates.add(full);
                    if (visitor != null && !visitor.visit(execution(co, rao, full, outcome, false))) {
                        stopped = true;
                        throw new Stop();
                    }
                    for (ModelCheck f : outcome.raisedFlags()) {
                        raisedFlags.add(f.name());
                    }
                    boolean inX = program.filter() == null || program.filter().eval(full::get);
                    if (inX) {
                        boolean p = program.condition().eval(full::get);
                        if (p) {
                            positive += weight;
                        } else {
                            negative += weight;
                        }
                        states.merge(full.project(printedItems, printedIndex), weight, Long::sum);
                        if (collect == CheckOptions.Collect.WITNESS && p) {
                            keep(co, rao, full, outcome, false);
                        }
                    }
                    if (collect == CheckOptions.Collect.ALLOWED || collect == CheckOptions.Collect.ALL) {
                        keep(co, rao, full, outcome, false);
                    }
                }
            } else if (collect == CheckOptions.Collect.FORBIDDEN || collect == CheckOptions.Collect.ALL) {
                keep(co, rao, finalState(), outcome, isBlocked);
            }
        }

        private void keep(Relation co, Relation rao, FinalState full, CheckOutcome outcome, boolean isBlocked) {
            if (collected.size() >= options.maxCollected()) {
                return;
            }
            collected.add(execution(co, rao, full, outcome, isBlocked));
        }

        private Execution execution(Relation co, Relation rao, FinalState full, CheckOutcome outcome, boolean isBlocked) {
            return new Execution(s, values.value.clone(), values.exists.clone(), rfExact, co, rao, full,
                    outcome.consistent(), outcome.failedCheck() == null ? null : outcome.failedCheck().name(),
                    isBlocked || values.blocked, outcome.raisedFlags().stream().map(ModelCheck::name).toList());
        }

        private String blockingPoints() {
            List<String> points = new ArrayList<>();
            for (int[] b : s.blockedPolls()) {
                points.add("P" + b[0] + ":" + (b[1] + 1) + " " + program.thread(b[0]).sourceTexts().get(b[1]) + " (no operation to match)");
            }
            for (int t = 0; t < values.blockedAt.length; t++) {
                int i = values.blockedAt[t];
                if (i >= 0) {
                    points.add("P" + t + ":" + (i + 1) + " " + program.thread(t).sourceTexts().get(i));
                }
            }
            return String.join(", ", points);
        }

        private FinalState finalState() {
            long[] v = new long[fullItems.length];
            for (int k = 0; k < fullItems.length; k++) {
                int l = itemLocation[k];
                if (l >= 0) {
                    v[k] = values.value[coOrder[l][coLength[l] - 1]];
                } else {
                    Long r = values.registers.get(itemThread[k]).get(itemRegister[k]);
                    v[k] = r == null ? 0 : r;
                }
            }
            return FinalState.ofSorted(fullItems, v);
        }
    }
}
