package remo.loco.spec;

/**
 * A subevent {@code (e, s)} of an abstract event (loco.md §2.3).
 *
 * @param call  the call {@code e}
 * @param stamp the stamp {@code s}
 */
public record SubEvent(ObjectCall call, Stamp stamp) {
    @Override
    public String toString() {
        return "(" + call.thread() + ":" + call.method() + "#" + call.firstPo() + ", " + stamp + ")";
    }
}
