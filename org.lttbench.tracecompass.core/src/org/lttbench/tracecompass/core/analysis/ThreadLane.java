package org.lttbench.tracecompass.core.analysis;

import org.lttbench.core.kernel.ThreadRecord;

/**
 * A thread of the state system: its lane ({@code Threads/<lane>}, {@code IoDevices/<lane>}), the time from which
 * the lane is its own (its first change; the lane's next thread, if any, takes it later), and when it ended (its
 * NOT_ALIVE, always its last change; {@code Long.MIN_VALUE} while it is alive).
 */
record ThreadLane(ThreadRecord thread, int lane, long since, long died) {
}
