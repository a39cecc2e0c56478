package remo.nic;

import java.time.Duration;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.PollScope;
import remo.core.PutCompletion;
import remo.core.RaoScope;
import remo.core.RfenceScope;
import remo.nic.error.UnsupportedConfigurationException;

/**
 * The configuration of a simulated cluster (nic.md §3). The first eight fields are the model flags
 * of models.md §8 (typed as {@link FlagValues} types them) and act exactly where operational.md §4.1 says; {@link #with(String, String)}
 * takes the flag names verbatim, so a litmus file's flag line maps onto a config.
 *
 * @param pollScope          {@code POLL_SCOPE}
 * @param putCompletion      {@code PUT_COMPLETION}
 * @param ggRemoteOrder      {@code GG_REMOTE_ORDER=ON}
 * @param ggLocalOrder       {@code GG_LOCAL_ORDER=ON}
 * @param gpResponderReorder {@code GP_RESPONDER_REORDER=ON}
 * @param rfenceScope        {@code RFENCE_SCOPE}
 * @param raoScope           {@code RAO_SCOPE}
 * @param failedRcasWrites   {@code FAILED_RCAS_WRITES=YES}
 * @param arRemoteOrder      a remote RMW's atomic read precedes later remote steps of its QP; the
 *                           simulator always behaves as {@code true} (nic.md §4.4, models.md §8)
 * @param completionMode     WAIT ({@code waitFor}/{@code gf}) or POLL ({@code poll})
 * @param qpCapacity         incomplete WRs per QP (BUFFERED included) before a post blocks, at least 1
 * @param maxRequestWords    largest {@code words} of one put/get
 * @param intraRequestOrder  order of the word operations of one WR (nic.md §4.6)
 * @param maxWordsPerNode    registration capacity per node, in words
 * @param maxRegionWords     largest region, in words
 * @param linkTimeout        concurrent mode: how long a lookup waits for a registration
 */
public record NicConfig(
        PollScope pollScope,
        PutCompletion putCompletion,
        boolean ggRemoteOrder,
        boolean ggLocalOrder,
        boolean gpResponderReorder,
        RfenceScope rfenceScope,
        RaoScope raoScope,
        boolean failedRcasWrites,
        boolean arRemoteOrder,
        CompletionMode completionMode,
        int qpCapacity,
        int maxRequestWords,
        IntraRequestOrder intraRequestOrder,
        int maxWordsPerNode,
        int maxRegionWords,
        Duration linkTimeout) {

    /** How completions are observed (nic.md §2.4). */
    public enum CompletionMode { WAIT, POLL }

    /** Order of the word operations of a multi-word WR (nic.md §4.6). */
    public enum IntraRequestOrder { ASCENDING, RANDOM }

    /**
     * @throws IllegalArgumentException for non-positive sizes or a null field
     */
    public NicConfig {
        if (pollScope == null || putCompletion == null || rfenceScope == null || raoScope == null || completionMode == null
                || intraRequestOrder == null || linkTimeout == null) {
            throw new IllegalArgumentException("NicConfig fields must not be null");
        }
        if (qpCapacity < 1 || maxRequestWords < 1 || maxWordsPerNode < 1 || maxRegionWords < 1) {
            throw new IllegalArgumentException("qpCapacity, maxRequestWords, maxWordsPerNode and maxRegionWords must be >= 1");
        }
    }

    /** The defaults of nic.md §3 and models.md §8. */
    public static NicConfig defaults() {
        return new NicConfig(PollScope.PER_QP, PutCompletion.REMOTE_WRITE_DONE, true, true, true,
                RfenceScope.GETS_AND_ATOMICS, RaoScope.PER_NODE, false, true, CompletionMode.WAIT, 256, 4096,
                IntraRequestOrder.ASCENDING, 1 << 24, 1 << 22, Duration.ofSeconds(10));
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
        boolean on = "ON".equals(value);
        switch (flag) {
            case POLL_SCOPE:
                return copy(PollScope.valueOf(value), putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder,
                        rfenceScope, raoScope, failedRcasWrites);
            case PUT_COMPLETION:
                return copy(pollScope, PutCompletion.valueOf(value), ggRemoteOrder, ggLocalOrder, gpResponderReorder,
                        rfenceScope, raoScope, failedRcasWrites);
            case GG_REMOTE_ORDER:
                return copy(pollScope, putCompletion, on, ggLocalOrder, gpResponderReorder, rfenceScope, raoScope,
                        failedRcasWrites);
            case GG_LOCAL_ORDER:
                return copy(pollScope, putCompletion, ggRemoteOrder, on, gpResponderReorder, rfenceScope, raoScope,
                        failedRcasWrites);
            case GP_RESPONDER_REORDER:
                return copy(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, on, rfenceScope, raoScope,
                        failedRcasWrites);
            case RFENCE_SCOPE:
                return copy(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder,
                        RfenceScope.valueOf(value), raoScope, failedRcasWrites);
            case RAO_SCOPE:
                return copy(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                        RaoScope.valueOf(value), failedRcasWrites);
            case FAILED_RCAS_WRITES:
                return copy(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                        raoScope, "YES".equals(value));
            default:
                throw new AssertionError(flag);
        }
    }

    /** A copy with every flag of {@code flags} applied. */
    public NicConfig withFlags(FlagValues flags) {
        NicConfig c = this;
        for (Flag f : Flag.values()) {
            c = c.with(f.name(), flags.get(f));
        }
        return c;
    }

    /** The model flags of this configuration (for checking recorded traces). */
    public FlagValues flagValues() {
        return FlagValues.defaults()
                .with(Flag.POLL_SCOPE, pollScope.name())
                .with(Flag.PUT_COMPLETION, putCompletion.name())
                .with(Flag.GG_REMOTE_ORDER, ggRemoteOrder ? "ON" : "OFF")
                .with(Flag.GG_LOCAL_ORDER, ggLocalOrder ? "ON" : "OFF")
                .with(Flag.GP_RESPONDER_REORDER, gpResponderReorder ? "ON" : "OFF")
                .with(Flag.RFENCE_SCOPE, rfenceScope.name())
                .with(Flag.RAO_SCOPE, raoScope.name())
                .with(Flag.FAILED_RCAS_WRITES, failedRcasWrites ? "YES" : "NO");
    }

    /** A copy with another completion mode. */
    public NicConfig withCompletionMode(CompletionMode mode) {
        return new NicConfig(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                raoScope, failedRcasWrites, arRemoteOrder, mode, qpCapacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /**
     * A copy with another order of the word operations of multi-word WRs (nic.md §4.6). With
     * {@code RANDOM} the words of one WR are guard-free among themselves (deterministic mode: the
     * scheduler picks their order; concurrent mode: a random permutation per WR), and recorded
     * graphs are not checkable for conformance.
     */
    public NicConfig withIntraRequestOrder(IntraRequestOrder order) {
        return new NicConfig(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                raoScope, failedRcasWrites, arRemoteOrder, completionMode, qpCapacity, maxRequestWords, order,
                maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /** A copy with another QP capacity. */
    public NicConfig withQpCapacity(int capacity) {
        return new NicConfig(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                raoScope, failedRcasWrites, arRemoteOrder, completionMode, capacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /** A copy with other registration limits. */
    public NicConfig withLimits(int maxRequestWords, int maxWordsPerNode, int maxRegionWords) {
        return new NicConfig(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                raoScope, failedRcasWrites, arRemoteOrder, completionMode, qpCapacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, linkTimeout);
    }

    /** A copy with another link timeout. */
    public NicConfig withLinkTimeout(Duration timeout) {
        return new NicConfig(pollScope, putCompletion, ggRemoteOrder, ggLocalOrder, gpResponderReorder, rfenceScope,
                raoScope, failedRcasWrites, arRemoteOrder, completionMode, qpCapacity, maxRequestWords, intraRequestOrder,
                maxWordsPerNode, maxRegionWords, timeout);
    }

    private NicConfig copy(PollScope ps, PutCompletion pc, boolean ggr, boolean ggl, boolean gpr, RfenceScope rs,
                           RaoScope ra, boolean frw) {
        return new NicConfig(ps, pc, ggr, ggl, gpr, rs, ra, frw, arRemoteOrder, completionMode, qpCapacity,
                maxRequestWords, intraRequestOrder, maxWordsPerNode, maxRegionWords, linkTimeout);
    }
}
