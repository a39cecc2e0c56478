package remo.nic;

import java.time.Duration;
import java.util.Objects;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.PollScope;
import remo.core.PutCompletion;
import remo.core.RaoScope;
import remo.core.RfenceScope;
import remo.nic.error.UnsupportedConfigurationException;

/**
 * The configuration of a simulated cluster (nic.md §3): the model flags of models.md §8, held as
 * the {@link FlagValues} every engine reads (they act exactly where operational.md §4.1 says), and
 * the simulator's own settings. {@link #with(String, String)} takes the flag names verbatim, so a
 * litmus file's flag line maps onto a config.
 *
 * @param flags             the eight model flags of models.md §8
 * @param arRemoteOrder     a remote RMW's atomic read precedes later remote steps of its QP; the
 *                          simulator always behaves as {@code true} (nic.md §4.4, models.md §8)
 * @param completionMode    WAIT ({@code waitFor}/{@code gf}) or POLL ({@code poll})
 * @param qpCapacity        incomplete WRs per QP (BUFFERED included) before a post blocks, at least 1
 * @param maxRequestWords   largest {@code words} of one put/get
 * @param intraRequestOrder order of the word operations of one WR (nic.md §4.6)
 * @param maxWordsPerNode   registration capacity per node, in words
 * @param maxRegionWords    largest region, in words
 * @param linkTimeout       concurrent mode: how long a lookup waits for a registration
 */
public record NicConfig(
        FlagValues flags,
        boolean arRemoteOrder,
        CompletionMode completionMode,
        int qpCapacity,
        int maxRequestWords,
        IntraRequestOrder intraRequestOrder,
        int maxWordsPerNode,
        int maxRegionWords,
        Duration linkTimeout) {

    private static final NicConfig DEFAULTS = new NicConfig(FlagValues.defaults(), true, CompletionMode.WAIT, 256, 4096,
            IntraRequestOrder.ASCENDING, 1 << 24, 1 << 22, Duration.ofSeconds(10));

    /** How completions are observed (nic.md §2.4). */
    public enum CompletionMode { WAIT, POLL }

    /** Order of the word operations of a multi-word WR (nic.md §4.6). */
    public enum IntraRequestOrder { ASCENDING, RANDOM }

    /**
     * @throws IllegalArgumentException for non-positive sizes or a null field
     */
    public NicConfig {
        if (flags == null || completionMode == null || intraRequestOrder == null || linkTimeout == null) {
            throw new IllegalArgumentException("NicConfig fields must not be null");
        }
        if (qpCapacity < 1 || maxRequestWords < 1 || maxWordsPerNode < 1 || maxRegionWords < 1) {
            throw new IllegalArgumentException("qpCapacity, maxRequestWords, maxWordsPerNode and maxRegionWords must be >= 1");
        }
    }

    /** The defaults of nic.md §3 and models.md §8. */
    public static NicConfig defaults() {
        return DEFAULTS;
    }

    /** {@code POLL_SCOPE} (models.md §3.1). */
    public PollScope pollScope() {
        return flags.pollScope();
    }

    /** {@code PUT_COMPLETION} (models.md §2.3). */
    public PutCompletion putCompletion() {
        return flags.putCompletion();
    }

    /** {@code GG_REMOTE_ORDER=ON}. */
    public boolean ggRemoteOrder() {
        return flags.ggRemoteOrder();
    }

    /** {@code GG_LOCAL_ORDER=ON}. */
    public boolean ggLocalOrder() {
        return flags.ggLocalOrder();
    }

    /** {@code GP_RESPONDER_REORDER=ON}. */
    public boolean gpResponderReorder() {
        return flags.gpResponderReorder();
    }

    /** {@code RFENCE_SCOPE}. */
    public RfenceScope rfenceScope() {
        return flags.rfenceScope();
    }

    /** {@code RAO_SCOPE} (models.md §4.1). */
    public RaoScope raoScope() {
        return flags.raoScope();
    }

    /** {@code FAILED_RCAS_WRITES=YES} (models.md §2.2). */
    public boolean failedRcasWrites() {
        return flags.failedRcasWrites();
    }

    /**
     * A copy with model flag {@code flagName} (models.md §8, verbatim) set to {@code value}.
     *
     * @throws UnsupportedConfigurationException for an unknown flag or value
     */
    public NicConfig with(String flagName, String value) {
        Flag flag = Flag.byName(flagName)
                .orElseThrow(() -> new UnsupportedConfigurationException("unknown flag '" + flagName + "'"));
        if (!flag.allowedValues().contains(value)) {
            throw new UnsupportedConfigurationException(flag.unknownValueMessage(value));
        }
        return withFlags(flags.with(flag, value));
    }

    /** A copy whose model flags are {@code flags}. */
    public NicConfig withFlags(FlagValues flags) {
        return new NicConfig(Objects.requireNonNull(flags, "flags"), arRemoteOrder, completionMode, qpCapacity,
                maxRequestWords, intraRequestOrder, maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /** The model flags of this configuration; the same as {@link #flags()}. */
    public FlagValues flagValues() {
        return flags;
    }

    /** A copy with another completion mode. */
    public NicConfig withCompletionMode(CompletionMode mode) {
        return new NicConfig(flags, arRemoteOrder, mode, qpCapacity, maxRequestWords, intraRequestOrder, maxWordsPerNode,
                maxRegionWords, linkTimeout);
    }

    /**
     * A copy with another order of the word operations of multi-word WRs (nic.md §4.6). With
     * {@code RANDOM} the words of one WR are guard-free among themselves (deterministic mode: the
     * scheduler picks their order; concurrent mode: a random permutation per WR), and recorded
     * graphs are not checkable for conformance.
     */
    public NicConfig withIntraRequestOrder(IntraRequestOrder order) {
        return new NicConfig(flags, arRemoteOrder, completionMode, qpCapacity, maxRequestWords, order, maxWordsPerNode,
                maxRegionWords, linkTimeout);
    }

    /** A copy with another QP capacity. */
    public NicConfig withQpCapacity(int capacity) {
        return new NicConfig(flags, arRemoteOrder, completionMode, capacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /** A copy with other registration limits. */
    public NicConfig withLimits(int maxRequestWords, int maxWordsPerNode, int maxRegionWords) {
        return new NicConfig(flags, arRemoteOrder, completionMode, qpCapacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /** A copy with another link timeout. */
    public NicConfig withLinkTimeout(Duration timeout) {
        return new NicConfig(flags, arRemoteOrder, completionMode, qpCapacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, timeout);
    }
}
