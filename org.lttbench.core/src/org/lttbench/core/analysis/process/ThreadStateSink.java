package org.lttbench.core.analysis.process;

import org.lttbench.core.trace.Trace;

/**
 * Receives what the {@link ThreadStateMachine} says: "thread T enters state S at time t". Sinks decide what to keep
 * (the {@link ThreadLedger} keeps totals; a Trace Compass sink would call {@code modifyAttribute}).
 *
 * <p>Order: the calls for one thread come in non-decreasing time order, and each thread's first call is its birth
 * (the trace's start for threads alive before it; for a forked thread its {@code sched_wakeup_new}, or its fork in a
 * trace without that event). Across threads, a call may be later than calls already made for others: a blocked wait
 * is classified (I/O or not) only at its wakeup, so "T enters WAIT_IO at t0" arrives when T is woken at t1,
 * immediately followed by "T enters WAIT_CPU at t1". Likewise, what a CPU ran before its first {@code sched_switch} is
 * told once that switch names the thread. Nothing is told after {@link #end(Trace, long)} but the end.
 */
public interface ThreadStateSink {

    /**
     * @param cpu the CPU the thread runs on (running states) or waits for ({@link ThreadState#WAIT_CPU}, when
     *            known); -1 otherwise
     */
    void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu);

    /**
     * The same, with why a wait ({@link ThreadState#WAIT_BLOCKED}, {@link ThreadState#WAIT_IO}) was: its cause (a
     * {@link WaitCauses} code) in the high 32 bits, what ended it (a {@link Waker}) in the low 32; 0 for other states.
     * The machine calls this one; a sink that needs no reason implements the other.
     */
    default void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        stateChange(thread, state, time, cpu);
    }

    /** A wait's reason as {@link #stateChange(ThreadRecord, ThreadState, long, int, long)} gives it. */
    static long why(int cause, int waker) {
        return (long) cause << 32 | (waker & 0xFFFFFFFFL);
    }

    static int cause(long why) {
        return (int) (why >>> 32);
    }

    static int waker(long why) {
        return (int) why;
    }

    /**
     * The thread waited on block-device I/O from {@code from} to {@code to} (told at the wakeup, beside the
     * {@link ThreadState#WAIT_IO} change), for a request of that device (a kernel {@code dev_t}: {@link BlockDevice};
     * {@link BlockDevice#UNKNOWN} when the completion named none).
     */
    default void ioWait(ThreadRecord thread, long device, long from, long to) {
    }

    /** The thread's name, PID or kind changed (exec, statedump, rename). */
    default void threadUpdated(ThreadRecord thread, long time) {
    }

    /**
     * The kernel trace ends at {@code time}: each of its threads still alive stays in its last state until then.
     * (Several kernel traces, several machines, each end on their own.)
     */
    default void end(Trace trace, long time) {
    }
}
