package org.lttbench.core.kernel;

/**
 * Hears the thread states: "thread T enters state S at time t", told once each change is resolved
 * ({@link DeferredChanges}). The ordering contract is {@link ThreadStateSink}'s.
 */
public interface StateSink {

    /**
     * @param cpu the CPU the thread runs on (running states) or waits for ({@link ThreadState#WAIT_CPU}, when
     *            known); -1 otherwise
     */
    void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu);

    /**
     * The same, with why a wait ({@link ThreadState#WAIT_BLOCKED}, {@link ThreadState#WAIT_IO}) was: its cause (a
     * {@link WaitCauses} code) in the high 32 bits, what ended it (a {@link Waker}) in the low 32; 0 for other states
     * ({@link ThreadStateSink#why}). The trackers call this one; a sink that needs no reason implements the other.
     */
    default void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        stateChange(thread, state, time, cpu);
    }

    /**
     * Whether this sink follows the state changes and I/O waits ({@link #stateChange}, {@link BlockSink#ioWait}); one
     * that hears only the other calls (the latencies) says no, and is not called for the machine's most frequent call.
     */
    default boolean followsStates() {
        return true;
    }
}
