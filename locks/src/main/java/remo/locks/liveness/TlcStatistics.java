package remo.locks.liveness;

/**
 * The numbers one TLC run printed, and its wall-clock time.
 *
 * @param generated states generated (TLC's count, successors included), or -1 if TLC printed none
 * @param distinct  distinct states found, or -1
 * @param depth     depth of the state graph search (TLC's), or -1
 * @param millis    wall-clock time of the child JVM from start to exit (ms), as measured by remo
 * @param complete  whether TLC explored the whole reachable state space (no error stopped it early)
 */
public record TlcStatistics(long generated, long distinct, long depth, long millis, boolean complete) {
}
