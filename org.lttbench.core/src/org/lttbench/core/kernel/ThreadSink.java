package org.lttbench.core.kernel;

/** Hears who the threads are: names, PIDs, kinds, priorities. */
public interface ThreadSink {

    /** The thread's name, PID or kind changed (exec, statedump, rename). */
    default void threadUpdated(ThreadRecord thread, long time) {
    }

    /**
     * The thread's priority is {@code prio} from {@code time} on, as the trace gives priorities (lttng-modules: the
     * kernel's {@code prio} less 100, so 20 for nice 0 and negative for real-time): told when an event first gives the
     * thread's priority and whenever one gives another ({@code sched_switch}'s {@code prev_prio} and
     * {@code next_prio}, a wakeup's or {@code sched_migrate_task}'s {@code prio}, {@code sched_pi_setprio}'s
     * {@code newprio}), after that event's other calls; not for the idle threads. Told only if some sink
     * {@link #followsPriorities()}: the events' priorities are not read otherwise.
     */
    default void priority(ThreadRecord thread, long time, int prio) {
    }

    /** Whether this sink hears {@link #priority}: priorities are read from the events only for such a sink. */
    default boolean followsPriorities() {
        return false;
    }
}
