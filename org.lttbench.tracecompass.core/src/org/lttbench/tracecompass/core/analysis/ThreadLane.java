package org.lttbench.tracecompass.core.analysis;

import org.lttbench.core.kernel.ThreadRecord;

/**
 * A thread of the state system: its lane ({@code Threads/<lane>}, {@code IoDevices/<lane>}) and the time from which
 * the lane is its own (its first change; the lane's next thread, if any, takes it later).
 */
record ThreadLane(ThreadRecord thread, int lane, long since) {
}
