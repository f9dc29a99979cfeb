package org.lttbench.core.kernel;

import java.util.Arrays;

/**
 * One CPU of a machine as the trackers follow it: the thread it runs ({@link CpuTracker}'s) and the interrupt
 * handlers and timer callbacks running on it ({@link InterruptTracker}'s).
 */
final class Cpu {
    /** Interrupt nesting levels: 0 is process context. */
    static final int MAX_NESTING = 16;
    /** Softirq vectors followed from their raise (Linux has 10; a higher one is not followed). */
    static final int SOFTIRQ_VECTORS = 32;
    static final long NOT_RAISED = Long.MIN_VALUE;

    final int id;
    ThreadRecord current;
    /** The current thread is a stand-in whose TID is not known yet (its changes are all deferred). */
    boolean anonymous;
    ThreadRecord idle;
    /** When it last switched threads, and how many switches it made. */
    long switchedAt = Long.MIN_VALUE;
    long switches;

    /** The interrupt nesting level: 0 in process context. */
    int depth;
    /** The handler at each interrupt nesting level, as a {@link Waker} of what it wakes. */
    final int[] interrupts = new int[MAX_NESTING + 1];
    /** Timer callbacks running at each interrupt nesting level (0: in whatever the trace shows as process context). */
    final int[] timers = new int[MAX_NESTING + 1];
    /** At each level: which handler it is ({@link InterruptSink#interrupt}), since when, raised when. */
    final int[] handlers = new int[MAX_NESTING + 1];
    final long[] entered = new long[MAX_NESTING + 1];
    final long[] raisedAt = new long[MAX_NESTING + 1];
    /** Per softirq vector: when it was first raised on this CPU since its last run, or NOT_RAISED. */
    final long[] raised = new long[SOFTIRQ_VECTORS];

    {
        Arrays.fill(raised, NOT_RAISED);
    }

    Cpu(int id) {
        this.id = id;
    }

    /** The state a thread running here is in now: IRQ inside a handler, else its mode's. */
    int runningState(ThreadRecord r) {
        if (depth > 0) {
            return ThreadState.IRQ.ordinal();
        }
        return DeferredChanges.modeState(r.mode);
    }
}
