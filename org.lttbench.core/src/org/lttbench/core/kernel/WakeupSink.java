package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/** Hears the waits for a CPU, each told when it ends, and the threads' moves between CPUs. */
public interface WakeupSink {

    /** Why a thread waited for a CPU, as {@link #scheduled} tells it: woken from a wait. */
    int WOKEN = 1;
    /** A new thread, from its first wakeup ({@code sched_wakeup_new}, else its fork). */
    int NEW_THREAD = 2;
    /** Preempted (or it yielded): runnable since it left the CPU. */
    int PREEMPTED = 3;

    /**
     * The thread runs on {@code cpu} from {@code running} on, after waiting for a CPU since {@code runnable} for that
     * reason ({@link #WOKEN}, {@link #NEW_THREAD}, {@link #PREEMPTED}); {@code prio} as the switch gives it
     * ({@code next_prio}, {@link ThreadStateMachine#UNTOLD} when it has none); {@code waker} what woke it (a
     * {@link Waker}; {@link Waker#NONE} when preempted). Told at once, only for waits whose start the trace showed.
     */
    default void scheduled(ThreadRecord thread, int kind, long runnable, long running, int cpu, int prio, int waker) {
    }

    /**
     * {@code sched_migrate_task}: the thread of that TID of that trace is moved from CPU {@code from} to {@code to}
     * (whether or not the machine knows the thread yet).
     */
    default void migrated(Trace trace, int tid, long time, int from, int to) {
    }
}
