package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/**
 * Receives what the {@link ThreadStateMachine} says: "thread T enters state S at time t". Sinks decide what to keep
 * (the process analysis's {@code ThreadLedger} keeps totals; a Trace Compass sink would call {@code modifyAttribute}).
 * It is every tracker's narrow sink at once: the states ({@link StateSink}), the threads ({@link ThreadSink}), the
 * waits for a CPU ({@link WakeupSink}), the system calls ({@link SyscallSink}), the interrupts ({@link InterruptSink})
 * and the block requests ({@link BlockSink}), and each trace's end.
 *
 * <p>Order: the calls for one thread come in non-decreasing time order, and each thread's first call is its birth
 * (the trace's start for threads alive before it; for a forked thread its {@code sched_wakeup_new}, or its fork in a
 * trace without that event). Across threads, a call may be later than calls already made for others: a blocked wait
 * is classified (I/O or not) only at its wakeup, so "T enters WAIT_IO at t0" arrives when T is woken at t1,
 * immediately followed by "T enters WAIT_CPU at t1". Likewise, what a CPU ran before its first {@code sched_switch} is
 * told once that switch names the thread. Nothing is told after {@link #end(Trace, long)} but the end.
 */
public interface ThreadStateSink extends StateSink, ThreadSink, WakeupSink, SyscallSink, InterruptSink, BlockSink {

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
     * The kernel trace ends at {@code time}: each of its threads still alive stays in its last state until then.
     * (Several kernel traces, several machines, each end on their own.)
     */
    default void end(Trace trace, long time) {
    }

    /**
     * Whether this sink may be told its calls later, on another thread (a staged pass): during a call it reads only the
     * call's arguments and what never changes of a thread ({@link ThreadRecord#index()}, TID, trace), never the machine
     * nor another analysis's figures, and what it keeps is read once the pass is over. False unless a sink says so.
     */
    default boolean mayBeToldLater() {
        return false;
    }

    /**
     * A sink of the machine's other calls only (latencies, priorities, files): it does not follow the state changes
     * ({@link #followsStates()} false), so it is never called for them, the machine's most frequent call.
     */
    interface WithoutStates extends ThreadStateSink {
        @Override
        default void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
            // never called: followsStates is false
        }

        @Override
        default boolean followsStates() {
            return false;
        }
    }
}
