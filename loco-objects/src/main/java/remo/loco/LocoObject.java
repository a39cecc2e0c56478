package remo.loco;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.regex.Pattern;
import remo.nic.Access;
import remo.nic.Capability;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.RdmaFailureException;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.SimCluster;
import remo.nic.error.WrongNodeException;

/**
 * The base of every LOCO object (loco.md §3): one local instance per participant node,
 * constructed collectively by name.
 *
 * <ul>
 *   <li><b>Construction</b> registers the descriptor {@code (kind, name, P, params)} and the local
 *       regions; it does not communicate (loco.md §3.2).</li>
 *   <li><b>Linking</b> happens at the first method call or through {@link #link()}: it waits for every
 *       participant's descriptor (deterministic mode: a scheduler-visible block; concurrent mode: up
 *       to {@code NicConfig.linkTimeout}), compares them ({@link LinkMismatchException} naming the
 *       differing field) and lets the subclass resolve its peer regions ({@link #onLink()}).</li>
 *   <li><b>Encapsulation</b>: regions registered with {@link #registerInternal} are guarded by a
 *       capability only the object's instances hold; {@code Node.lookup} from outside throws
 *       {@code AccessDeniedException} (loco.md §3.4).</li>
 *   <li><b>Failures</b>: a NIC failure inside a method makes the instance {@link ObjectState#BROKEN}
 *       and the method throws {@link ObjectBrokenException}; so does every later call.
 *       {@link #close()} makes it {@link ObjectState#CLOSED} (loco.md §3.6).</li>
 * </ul>
 *
 * <p><b>Handles</b>: each object class has a static {@code create(cluster, name, …)} that constructs
 * the instances of every participant at once and returns one of them as the object's handle, on
 * which any simulated thread calls the methods: a method taking an {@link Endpoint} runs on the
 * instance of the endpoint's node ({@link #at(Endpoint)}). An instance constructed alone by its
 * constructor is bound to its node as before ({@code WrongNodeException} for another node's endpoint).
 *
 * <p>Subclass methods start with {@link #enter(Endpoint, String)} and turn NIC failures into the
 * broken state with {@link #broken(String, RuntimeException)}. No Java lock is held across a NIC
 * call: in deterministic mode a thread blocked in the scheduler while holding a monitor would
 * stop every other thread.
 */
public abstract class LocoObject implements AutoCloseable {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");
    private static final Pattern PART = Pattern.compile("[A-Za-z0-9_.-]+");
    /** The part name of the one-word internal region whose registration announces the descriptor. */
    private static final String DESCRIPTOR_PART = "descriptor";

    private final LocoNode here;
    private final String name;
    private final String kind;
    private final NodeSet participants;
    private final Descriptor descriptor;
    private final Capability capability;
    private final AtomicReference<ObjectState> state = new AtomicReference<>(ObjectState.LINKING);
    private final List<LocoObject> children = new CopyOnWriteArrayList<>();
    private volatile Throwable brokenBy;
    /** For an instance made by {@link #createAll}: every participant's instance by node; else {@code null}. */
    private volatile Map<Integer, LocoObject> instances;

    /**
     * Constructs the local instance on {@code here} and registers its descriptor (loco.md §3.2).
     *
     * @param here         the node this instance lives on
     * @param name         the instance name: {@code [A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*}, at most 200 characters
     * @param kind         the object class, compared at link time
     * @param participants the participant set {@code P}, identical on every participant
     * @param params       the construction parameters, compared at link time
     * @throws IllegalArgumentException  for a malformed name or an empty participant set
     * @throws NotAParticipantException  if {@code here} is not in {@code participants}
     * @throws remo.nic.error.DuplicateNameException if an object of that name exists on the node
     */
    protected LocoObject(LocoNode here, String name, String kind, NodeSet participants, Map<String, Object> params) {
        this.here = Objects.requireNonNull(here, "here");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.participants = Objects.requireNonNull(participants, "participants");
        if (name == null || name.length() > 200 || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("malformed object name '" + name
                    + "' (expected [A-Za-z0-9_.-]+ segments separated by '/', at most 200 characters)");
        }
        this.name = name;
        if (participants.size() == 0) {
            throw new IllegalArgumentException(kind + " '" + name + "': the participant set is empty");
        }
        if (!participants.contains(here.id())) {
            throw new NotAParticipantException(kind + " '" + name + "' constructed on node " + here.id()
                    + ", which is not a participant " + participants);
        }
        this.descriptor = new Descriptor(kind, name, participants, params);
        here.directory().register(here.id(), descriptor);
        this.capability = here.directory().capability(name);
        // announces the descriptor: peers linking wait for this region (a scheduler-visible wait)
        here.node().registerInternal(name + "/" + DESCRIPTOR_PART, 1, Set.of(), null, capability);
    }

    /** The instance name. */
    public final String name() {
        return name;
    }

    /** The participant set {@code P}. */
    public final NodeSet participants() {
        return participants;
    }

    /** The node of this local instance. */
    public final LocoNode here() {
        return here;
    }

    /** The lifecycle state of this local instance. */
    public final ObjectState state() {
        return state.get();
    }

    /**
     * The descriptor this instance registered; its {@link Descriptor#kind()} is the object class,
     * e.g. {@code KvStore} (a lock's is its {@code LockKind} name; the lock API's own {@code kind()}
     * returns the enum, locks.md §2.1, which is why the class name is read here and not through a
     * {@code kind()} of this class).
     */
    public final Descriptor descriptor() {
        return descriptor;
    }

    /**
     * Links now instead of at the first call (loco.md §3.2); idempotent. Blocks until every participant
     * has constructed its instance: inside a simulated thread as a scheduler-visible wait (concurrent
     * mode: at most {@code NicConfig.linkTimeout}); outside one a missing participant is an error.
     *
     * @throws LinkMismatchException    if a participant's kind, participant set or parameters differ
     * @throws ObjectClosedException    after {@link #close()}
     * @throws ObjectBrokenException    after a failure
     * @throws remo.nic.error.LinkTimeoutException   concurrent mode, when a participant stays missing
     * @throws remo.nic.error.RegionNotFoundException outside a simulated thread, when a participant is missing
     */
    public final void link() {
        if (state.get() == ObjectState.READY) {
            return;
        }
        checkUsable("link");
        for (int k : participants) {
            if (k == here.id()) {
                continue;
            }
            here.node().lookupInternal(k, name + "/" + DESCRIPTOR_PART, capability);
            Descriptor theirs = here.directory().descriptor(k, name);
            String field = descriptor.firstDifference(theirs);
            if (field != null) {
                throw new LinkMismatchException(field, kind + " '" + name + "': " + field + " differs between node "
                        + here.id() + " (" + descriptor.value(field) + ") and node " + k + " (" + theirs.value(field) + ")");
            }
        }
        onLink();
        state.compareAndSet(ObjectState.LINKING, ObjectState.READY);
    }

    /**
     * Marks this local instance and its sub-objects CLOSED (local only, loco.md §3.6). Later calls throw
     * {@link ObjectClosedException}. Regions stay registered until the cluster closes.
     */
    @Override
    public void close() {
        state.set(ObjectState.CLOSED);
        for (LocoObject c : children) {
            c.close();
        }
    }

    // ------------------------------------------------------------------ for subclasses

    /**
     * Constructs the instance of every node of {@code participants} on {@code cluster} with
     * {@code ctor} and ties them together: a method called on any of them with an endpoint runs on
     * the instance of the endpoint's node. The subclasses' {@code create} methods call it.
     *
     * @param cluster      the cluster whose nodes the participants are
     * @param kind         the object class, for messages
     * @param name         the object name, for messages (the constructor checks its syntax)
     * @param participants the nodes that get an instance ({@code P}, for a lock {@code C ∪ {H}})
     * @param ctor         constructs one node's instance
     * @return the instance of the lowest participant, the object's handle
     * @throws NoSuchNodeException      if a participant is not a node of the cluster (the node and the cluster's nodes are named)
     * @throws IllegalArgumentException for an empty participant set, or as the constructor
     */
    protected static <T extends LocoObject> T createAll(Cluster cluster, String kind, String name, NodeSet participants,
                                                        Function<LocoNode, T> ctor) {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(participants, "participants");
        if (participants.size() == 0) {
            throw new IllegalArgumentException(kind + " '" + name + "': the participant set is empty");
        }
        for (int n : participants) {
            if (n < 1 || n > cluster.size()) {
                throw new NoSuchNodeException(kind + " '" + name + "': participant node " + n
                        + " does not exist; the cluster's nodes are 1.." + cluster.size());
            }
        }
        Map<Integer, LocoObject> all = new HashMap<>();
        T first = null;
        for (int n : participants) {
            T o = ctor.apply(LocoNode.of(cluster.node(n)));
            all.put(n, o);
            first = first == null ? o : first;
        }
        Map<Integer, LocoObject> shared = Map.copyOf(all);
        for (LocoObject o : shared.values()) {
            o.instances = shared;
        }
        return first;
    }

    /**
     * The instance a method called with {@code ep} runs on: this one, or for an instance made by
     * {@link #createAll} the instance of {@code ep}'s node (this one if that node has none, so that
     * {@link #enter} reports the non-participant). Every public method taking an endpoint starts with
     * {@code T at = at(ep); if (at != this) return at.method(ep, …);}.
     */
    @SuppressWarnings("unchecked")
    protected final <T extends LocoObject> T at(Endpoint ep) {
        Map<Integer, LocoObject> all = instances;
        if (all == null || ep == null || ep.node() == here.id()) {
            return (T) this;
        }
        LocoObject o = all.get(ep.node());
        return (T) (o == null ? this : o);
    }

    /** Every instance tied to this one by {@link #createAll} (this one's included), or just this one. */
    @SuppressWarnings("unchecked")
    protected final <T extends LocoObject> List<T> instances() {
        Map<Integer, LocoObject> all = instances;
        return (List<T>) (all == null ? List.of(this) : List.copyOf(all.values()));
    }

    /**
     * Whether a method checks its caller's client obligations at run time: on the deterministic
     * simulator unless the cluster was built with {@code checkClientObligations(false)}
     * ({@code SimCluster.checksClientObligations()}).
     */
    protected final boolean checksClientObligations() {
        return here.node().cluster() instanceof SimCluster c && c.deterministic() && c.checksClientObligations();
    }

    /**
     * Resolves the peer regions the instance needs (called once per linking thread, after the
     * descriptors matched; may run concurrently on several endpoints of a node, so it must only
     * assign values that are equal whoever computes them, to volatile fields).
     */
    protected void onLink() {
    }

    /**
     * Registers an internal region {@code name + "/" + part} on this node (loco.md §3.3, §3.4).
     *
     * @param part   one name segment (no {@code /})
     * @param words  size in words
     * @param rights NIC access rights
     * @param init   initial values ({@code words} of them), or {@code null} for zeros
     * @throws IllegalArgumentException for a malformed part or a bad size
     */
    protected final Region registerInternal(String part, int words, Set<Access> rights, long[] init) {
        if (part == null || !PART.matcher(part).matches()) {
            throw new IllegalArgumentException(kind + " '" + name + "': malformed region part '" + part + "'");
        }
        return here.node().registerInternal(name + "/" + part, words, rights, init, capability);
    }

    /**
     * Registers the per-endpoint scratch region {@code name + "/" + part + "." + endpointId} on this
     * node (loco.md §3.3), where the endpoint id is the simulated thread's name (characters outside
     * {@code [A-Za-z0-9_.-]} replaced by {@code _}). Called at the endpoint's first call.
     */
    protected final Region registerScratch(Endpoint ep, String part, int words, Set<Access> rights, long[] init) {
        return registerInternal(part + "." + ep.name().replaceAll("[^A-Za-z0-9_.-]", "_"), words, rights, init);
    }

    /**
     * The internal region {@code name + "/" + part} of participant {@code node}; blocks until it is
     * registered (as {@link #link()} does).
     *
     * @throws NotAParticipantException if {@code node} is not a participant
     */
    protected final Region peer(int node, String part) {
        if (!participants.contains(node)) {
            throw new NotAParticipantException(kind + " '" + name + "': node " + node + " is not a participant "
                    + participants);
        }
        return here.node().lookupInternal(node, name + "/" + part, capability);
    }

    /**
     * The internal regions {@code name + "/" + part} of the nodes {@code nodes}, this one's included,
     * as one group: the target of a {@code bcast} to their replicas ({@code Node.lookupGroup} resolves
     * public regions only). Blocks as {@link #peer} does.
     *
     * @throws NotAParticipantException if a node of {@code nodes} is not a participant
     */
    protected final RegionGroup peerGroup(String part, NodeSet nodes) {
        return InternalGroup.of(name, part, nodes, k -> peer(k, part));
    }

    /**
     * Constructs the sub-object {@code name + "/" + childName} (loco.md §3.2); it is internal to this object
     * and closed with it.
     *
     * @param ctor builds the child's local instance from its full name
     * @throws IllegalArgumentException if the child's participants are not a subset of this object's
     */
    protected final <T extends LocoObject> T child(String childName, Function<String, T> ctor) {
        T c = ctor.apply(name + "/" + childName);
        for (int k : c.participants()) {
            if (!participants.contains(k)) {
                throw new IllegalArgumentException(kind + " '" + name + "': sub-object '" + c.name()
                        + "' has participant " + k + " outside " + participants);
            }
        }
        children.add(c);
        return c;
    }

    /**
     * The checks every method call starts with, in this order: the instance is neither CLOSED
     * ({@link ObjectClosedException}) nor BROKEN ({@link ObjectBrokenException}); the endpoint's
     * node is a participant ({@link NotAParticipantException}) and is this instance's node
     * ({@link WrongNodeException}); then the instance is linked if it is not yet.
     */
    protected final void enter(Endpoint ep, String method) {
        enter(ep, method, participants, "a participant");
    }

    /**
     * {@link #enter(Endpoint, String)} for a method that only the nodes {@code callers} (a subset of
     * the participants) may call, such as a lock's {@code acquire}, which its home node alone may not
     * call (locks.md §2.1): an endpoint on another node gets {@link NotAParticipantException}, whose
     * message says that its node is not {@code callersAre} (e.g. {@code "a client node of the lock"}).
     */
    protected final void enter(Endpoint ep, String method, NodeSet callers, String callersAre) {
        Objects.requireNonNull(ep, "endpoint");
        checkUsable(method);
        if (!callers.contains(ep.node())) {
            throw new NotAParticipantException(kind + " '" + name + "'." + method + " by " + ep.name() + "@" + ep.node()
                    + ": node " + ep.node() + " is not " + callersAre + " " + callers);
        }
        if (ep.node() != here.id()) {
            throw new WrongNodeException(kind + " '" + name + "'." + method + ": endpoint " + ep.name() + " runs on node "
                    + ep.node() + ", but this local instance lives on node " + here.id());
        }
        if (state.get() == ObjectState.LINKING) {
            link();
        }
    }

    /**
     * Marks this instance BROKEN because of {@code failure} (a NIC failure, or the
     * {@link ObjectBrokenException} of a sub-object) and returns the exception the method throws.
     */
    protected final ObjectBrokenException broken(String method, RuntimeException failure) {
        Throwable cause = failure instanceof ObjectBrokenException && failure.getCause() != null ? failure.getCause()
                : failure;
        markBroken(cause);
        return new ObjectBrokenException(kind + " '" + name + "' on node " + here.id() + " is broken: " + method
                + " failed: " + cause.getMessage(), cause);
    }

    /**
     * Marks this instance BROKEN (unless it is CLOSED), remembering the first cause; for
     * subclasses that throw their own failure exception first (the locks' {@code LockFailedException}).
     */
    protected final void markBroken(Throwable cause) {
        if (brokenBy == null) {
            brokenBy = cause;
        }
        state.getAndUpdate(s -> s == ObjectState.CLOSED ? s : ObjectState.BROKEN);
    }

    /**
     * Whether the cluster runs in deterministic mode (nic.md §5.1), where Java code between API calls
     * does not advance the simulation, so that backoff and yields are pointless there.
     */
    protected final boolean deterministic() {
        return here.node().cluster() instanceof SimCluster c && c.deterministic();
    }

    /** Whether {@code e} is a failure that breaks an object: a NIC failure or a broken sub-object. */
    protected static boolean isFailure(RuntimeException e) {
        return e instanceof RdmaFailureException || e instanceof ObjectBrokenException;
    }

    private void checkUsable(String method) {
        ObjectState s = state.get();
        if (s == ObjectState.CLOSED) {
            throw new ObjectClosedException(kind + " '" + name + "' on node " + here.id() + " is closed: " + method);
        }
        if (s == ObjectState.BROKEN) {
            throw new ObjectBrokenException(kind + " '" + name + "' on node " + here.id() + " is broken (" + method
                    + "): " + (brokenBy == null ? "" : brokenBy.getMessage()), brokenBy);
        }
    }

    @Override
    public String toString() {
        return kind + "('" + name + "' on node " + here.id() + ", " + state.get() + ")";
    }
}
