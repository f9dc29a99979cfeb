package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/**
 * Receives what the {@link ThreadStateMachine} says: "thread T enters state S at time t". Sinks decide what to keep
 * (the process analysis's {@code ThreadLedger} keeps totals; a Trace Compass sink would call {@code modifyAttribute}).
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

    /**
     * A system call of the thread ended at {@code exit} (told at once, beside the state changes, which may come
     * later): the call ({@link SyscallNames}), its entry, its return value ({@link Long#MIN_VALUE} when the exit
     * event has none), and the parts of it the thread spent off a CPU: {@code blocked} (asleep, until woken) and
     * {@code waitCpu} (runnable, until it ran again). Only calls whose entry the trace showed, in process context.
     */
    default void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked, long waitCpu) {
    }

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
     * A hard IRQ or softirq handler of that trace ran on {@code cpu} from {@code entry} to {@code exit}:
     * {@code handler} is {@code Waker.of(Waker.IRQ, irq)} (x86 vectors without an IRQ: the IRQ id's vector bit) or
     * {@code Waker.of(Waker.SOFTIRQ, vector)}; {@code raised}, for a softirq, when it was first raised on that CPU
     * since its last run ({@link Long#MIN_VALUE} when the trace showed no raise).
     */
    default void interrupt(Trace trace, int cpu, int handler, long raised, long entry, long exit) {
    }

    /**
     * A block request of that trace completed (its last sectors): its device (a {@code dev_t}), operation, sectors,
     * when it was inserted into the I/O scheduler's queue ({@link Long#MIN_VALUE} when the trace showed no
     * {@code block_rq_insert} for it), issued to the device, and completed; {@code issuer} is the thread that issued
     * it, or null when the trace does not say.
     */
    default void blockRequest(Trace trace, long device, BlockOperation op, long sectors, long inserted, long issued,
            long completed, ThreadRecord issuer) {
    }

    /**
     * {@code sched_migrate_task}: the thread of that TID of that trace is moved from CPU {@code from} to {@code to}
     * (whether or not the machine knows the thread yet).
     */
    default void migrated(Trace trace, int tid, long time, int from, int to) {
    }

    /**
     * Whether this sink follows the state changes and I/O waits ({@link #stateChange}, {@link #ioWait}); one that
     * hears only the other calls (the latencies) says no, and is not called for the machine's most frequent call.
     */
    default boolean followsStates() {
        return true;
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

    /**
     * A read or write system call of the thread (lttng-analyses' families: {@code read}, {@code readv},
     * {@code pread64}, {@code preadv}, {@code recvfrom}, {@code recvmsg}; {@code write}, {@code writev},
     * {@code pwrite64}, {@code pwritev}, {@code sendto}, {@code sendmsg}) on descriptor {@code fd} returned
     * {@code bytes} (0 or more) at {@code time}; {@code name} is what the descriptor is as far as the trace tells (the
     * statedump's or the opened path, {@code socket}, {@code anon_inode:[eventfd]}...; null when it does not), and
     * {@code type} what its bytes count as ({@link DescriptorType}). Told at the call's exit, for calls whose entry the
     * trace showed, only if some sink {@link #followsFiles()}: the descriptors' names and types and the calls'
     * descriptors are followed only then.
     */
    default void fileIo(ThreadRecord thread, long time, int fd, String name, DescriptorType type, long bytes,
            boolean written) {
    }

    /** Whether this sink hears {@link #fileIo}. */
    default boolean followsFiles() {
        return false;
    }

    /**
     * That trace's machine sent a packet of {@code bytes} on network interface {@code netif} ({@code net_dev_xmit}'s
     * {@code len} and {@code name}), or received one ({@code sent} false: {@code netif_receive_skb}'s, which
     * lttng-modules names {@code net_if_receive_skb} from 2.7). Told only if some sink {@link #followsNetwork()}: these
     * events are not read otherwise.
     */
    default void networkPacket(Trace trace, long time, String netif, long bytes, boolean sent) {
    }

    /** Whether this sink hears {@link #networkPacket}. */
    default boolean followsNetwork() {
        return false;
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
