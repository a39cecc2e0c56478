package remo.loco.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.NicConfig;
import remo.nic.PostOptions;
import remo.nic.Region;
import remo.nic.SimCluster;

/**
 * {@link CountingEndpoint} passes a put's options on (nic.md §4.2) instead of falling back to
 * {@code Endpoint}'s default, which refuses them, and counts the put as one call, in both modes.
 */
class CountingEndpointOptionsTest {
    @Test
    void aPutWithOptionsIsPassedOnAndCountedOnce() {
        NicConfig poll = NicConfig.defaults().withCompletionMode(NicConfig.CompletionMode.POLL);
        for (SimCluster.Builder b : new SimCluster.Builder[] {SimCluster.builder().deterministic(1), SimCluster.builder().concurrent()}) {
            try (SimCluster c = b.nodes(2).config(poll).build()) {
                Region x = c.node(1).register("X", 1, EnumSet.allOf(Access.class));
                Region z = c.node(2).register("Z", 2, EnumSet.allOf(Access.class));
                long[] calls = new long[1];
                c.spawn(1, "P0", raw -> {
                    CountingEndpoint ep = CountingEndpoint.wrap(raw);
                    ep.store(x, 0, 5);
                    ep.put(null, z, 0, x, 0, 1, PostOptions.inline().andUnsignaled());
                    ep.store(x, 0, 6);
                    ep.put(null, z, 1, x, 0, 1);
                    ep.poll(2);
                    calls[0] = ep.calls();
                });
                c.run();
                assertEquals(5, c.peek(2, "Z", 0), "the inline put sends the value at posting");
                assertEquals(6, c.peek(2, "Z", 1));
                assertEquals(5, calls[0], "store, put, store, put, poll");
            }
        }
    }
}
