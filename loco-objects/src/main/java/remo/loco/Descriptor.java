package remo.loco;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import remo.nic.NodeSet;

/**
 * What a local instance registers in the cluster directory at construction (loco.md §3.2):
 * {@code (kind, name, P, params)}. Linking compares the descriptors of all participants field by
 * field. Immutable; {@code params} is copied into a sorted map so that the first differing
 * parameter is found in a fixed order.
 *
 * @param kind         the object class, e.g. {@code KvStore}
 * @param name         the instance name (loco.md §3.2 syntax)
 * @param participants the participant set {@code P}
 * @param params       the construction parameters (numbers, node ids, node sets, enums), by name
 */
public record Descriptor(String kind, String name, NodeSet participants, Map<String, Object> params) {
    public Descriptor {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(participants, "participants");
        params = Collections.unmodifiableMap(new TreeMap<>(params == null ? Map.of() : params));
    }

    /**
     * The first field in which {@code other} differs from this descriptor, in the order
     * {@code kind}, {@code participants}, {@code params.NAME} (names ascending); {@code null} if
     * both are equal.
     */
    public String firstDifference(Descriptor other) {
        if (!kind.equals(other.kind)) {
            return "kind";
        }
        if (!participants.equals(other.participants)) {
            return "participants";
        }
        TreeMap<String, Object> all = new TreeMap<>(params);
        all.putAll(other.params);
        for (String k : all.keySet()) {
            if (!Objects.equals(params.get(k), other.params.get(k))) {
                return "params." + k;
            }
        }
        return null;
    }

    /** The value of {@code field} (as named by {@link #firstDifference}) in this descriptor, for messages. */
    public Object value(String field) {
        switch (field) {
            case "kind":
                return kind;
            case "participants":
                return participants;
            default:
                return field.startsWith("params.") ? params.get(field.substring(7)) : null;
        }
    }
}
