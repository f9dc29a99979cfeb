package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.BLOCKED_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.MODE_EITHER;
import static org.lttbench.core.kernel.ThreadRecord.MODE_SYSCALL;
import static org.lttbench.core.kernel.ThreadRecord.MODE_UNKNOWN;
import static org.lttbench.core.kernel.ThreadRecord.MODE_USER;
import static org.lttbench.core.kernel.ThreadRecord.RUNNABLE_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.RUN_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.WAITED_CAUSE_UNRESOLVED;

import java.util.function.LongSupplier;

/**
 * The changes of each thread the state machine cannot tell its sink yet, and telling them once they are resolved.
 * A change is unresolved while a later event must say what it was: running time before a thread's first system call
 * event (user or system), an uninterruptible sleep (I/O or not: its wakeup tells), the statedump's "runnable" (on a CPU
 * or waiting for one), and every change of a CPU's running thread the trace has not named yet. A thread's later
 * changes wait behind its first unresolved one, so each thread's changes reach the sink in time order; changes of
 * different threads may not (see {@link ThreadStateSink}). When too much waits, or the trace ends, what is still open
 * takes its likely answer, and the counts say how often that happened.
 */
final class DeferredChanges {
    /** Deferred changes one thread may hold before its pending ones are resolved by a guess. */
    private static final int QUEUE_LIMIT = 1 << 12;
    /** Deferred changes of a CPU's unnamed running thread before it becomes a reported placeholder. */
    private static final int ANONYMOUS_LIMIT = 1 << 16;

    private final StateSink sink;
    /** Whether the trace has system call events (else running time is user or system, for good). */
    private final boolean syscalls;
    /** The trace's latest time: a guess's last change lasts until then. */
    private final LongSupplier now;

    long guessedModes;
    long guessedWaits;
    long placeholders;

    DeferredChanges(StateSink sink, boolean syscalls, LongSupplier now) {
        this.sink = sink;
        this.syscalls = syscalls;
        this.now = now;
    }

    static boolean pending(int state) {
        return state >= RUN_UNRESOLVED;
    }

    static boolean onCpu(int state) {
        return state == RUN_UNRESOLVED || (state < RUN_UNRESOLVED && ThreadState.of(state).running());
    }

    /** The running state of a mode: RUN_UNRESOLVED while the mode is unknown. */
    static int modeState(int mode) {
        return switch (mode) {
            case MODE_USER -> ThreadState.USER.ordinal();
            case MODE_SYSCALL -> ThreadState.SYSCALL.ordinal();
            case MODE_EITHER -> ThreadState.USER_OR_SYSTEM.ordinal();
            default -> RUN_UNRESOLVED;
        };
    }

    /** The thread enters {@code state} at {@code t} (never earlier than its last change): told now, or queued. */
    void enter(ThreadRecord r, int state, long t, int onCpu) {
        enter(r, state, t, onCpu, 0);
    }

    /** The same, for a wait with its reason (see {@link ThreadStateSink}): a pending wait's cause, its waker to come. */
    void enter(ThreadRecord r, int state, long t, int onCpu, long why) {
        if (!r.alive) {
            return;
        }
        if (t < r.lastTime) {
            t = r.lastTime;
        }
        r.state = state;
        r.cpu = onCpu;
        r.lastTime = t;
        if (state == ThreadState.NOT_ALIVE.ordinal()) {
            r.alive = false;
        }
        if (r.queueLength > 0 || pending(state) || r.placeholder() && !r.published) {
            r.enqueue(t, state, onCpu, why);
            if (!r.alive) {
                settle(r, false); // a thread that ended leaves nothing open
            } else if (r.queueLength > (r.placeholder() ? ANONYMOUS_LIMIT : QUEUE_LIMIT)) {
                guessPending(r);
            }
            return;
        }
        r.lastTold = t;
        r.toldState = state;
        sink.stateChange(r, told(r, state), t, onCpu, why);
        if (!r.alive) {
            r.dropQueue();
        }
    }

    /**
     * The state as sinks are told it: an idle thread off its CPU is runnable to the scheduler, but it waits for
     * nothing (it runs when nothing else does), so it is PARKED, never WAIT_CPU.
     */
    private static ThreadState told(ThreadRecord r, int state) {
        ThreadState s = ThreadState.of(state);
        return s == ThreadState.WAIT_CPU && r.idleCpu() >= 0 ? ThreadState.PARKED : s;
    }

    /** Tells the queued changes up to the first one still unresolved. */
    void flush(ThreadRecord r) {
        if (r.placeholder() && !r.published) {
            return;
        }
        int i = 0;
        while (i < r.queueLength && !pending(r.queueState[i])) {
            r.lastTold = r.queueTime[i];
            r.toldState = r.queueState[i];
            sink.stateChange(r, told(r, r.queueState[i]), r.queueTime[i], r.queueCpu[i], r.queueWhy[i]);
            i++;
        }
        if (i > 0) {
            int rest = r.queueLength - i;
            System.arraycopy(r.queueTime, i, r.queueTime, 0, rest);
            System.arraycopy(r.queueState, i, r.queueState, 0, rest);
            System.arraycopy(r.queueCpu, i, r.queueCpu, 0, rest);
            System.arraycopy(r.queueWhy, i, r.queueWhy, 0, rest);
            r.queueLength = rest;
            if (rest == 0 && !r.alive) {
                r.dropQueue();
            }
        }
    }

    /** Every queued change (and the current state) {@code from} is {@code to}; then tells what it can. */
    void resolve(ThreadRecord r, int from, int to) {
        for (int i = 0; i < r.queueLength; i++) {
            if (r.queueState[i] == from) {
                r.queueState[i] = to;
            }
        }
        if (r.state == from) {
            r.state = to;
        }
        flush(r);
    }

    /**
     * The thread's pending wait is over: it was {@code to} (WAIT_IO or WAIT_BLOCKED), and {@code waker} ended it (a
     * {@link Waker}); then tells what it can.
     */
    void resolveWait(ThreadRecord r, int to, int waker) {
        for (int i = 0; i < r.queueLength; i++) {
            if (r.queueState[i] == BLOCKED_UNRESOLVED) {
                int cause = ThreadStateSink.cause(r.queueWhy[i]);
                // the thread's first system call event will say what it waited in
                boolean later = to == ThreadState.WAIT_BLOCKED.ordinal() && r.mode == MODE_UNKNOWN && syscalls
                        && (cause == WaitCauses.BEFORE_TRACE || cause == WaitCauses.BEFORE_FIRST_SYSCALL_EVENT);
                r.queueState[i] = later ? WAITED_CAUSE_UNRESOLVED : to;
                r.queueWhy[i] = ThreadStateSink.why(cause, waker);
            }
        }
        if (r.state == BLOCKED_UNRESOLVED) {
            r.state = to;
        }
        flush(r);
    }

    /**
     * The thread's first system call event came: its waits before it were in {@code cause} (the call an exit names;
     * outside any for an entry), unless they were told already.
     */
    void resolveWaitCauses(ThreadRecord r, int cause) {
        for (int i = 0; i < r.queueLength; i++) {
            if (r.queueState[i] == WAITED_CAUSE_UNRESOLVED) {
                r.queueState[i] = ThreadState.WAIT_BLOCKED.ordinal();
                r.queueWhy[i] = ThreadStateSink.why(cause, ThreadStateSink.waker(r.queueWhy[i]));
            }
        }
    }

    /** The thread's running time so far was in this mode (a system call event, or a kernel thread, told). */
    void resolveMode(ThreadRecord r, int mode) {
        r.mode = mode;
        resolve(r, WAITED_CAUSE_UNRESOLVED, ThreadState.WAIT_BLOCKED.ordinal()); // their causes stay unknown
        resolve(r, RUN_UNRESOLVED, modeState(mode));
    }

    /** The mode of a thread no event told: user (or the trace cannot tell), or system for kernel threads. */
    int likelyMode(ThreadRecord r) {
        return r.kernelThread() ? MODE_SYSCALL : syscalls ? MODE_USER : MODE_EITHER;
    }

    /** Too much deferred: take the likely answer for what is still open, and tell it. */
    void guessPending(ThreadRecord r) {
        if (r.placeholder() && !r.published) {
            r.published = true;
            placeholders++;
        }
        settle(r, true);
    }

    /**
     * Resolves whatever is still open by its likely answer and tells it: running time of a thread that made no
     * system call counts as user time (system for kernel threads), a wait no wakeup ended as WAIT_BLOCKED, a
     * statedump "runnable" as WAIT_CPU.
     */
    void settle(ThreadRecord r, boolean guess) {
        for (int i = 0; i < r.queueLength; i++) {
            long until = i + 1 < r.queueLength ? r.queueTime[i + 1] : now.getAsLong();
            if (r.queueState[i] == RUN_UNRESOLVED && until > r.queueTime[i] && !r.kernelThread() && syscalls) {
                guessedModes++; // some running time whose user/system split no event told
                break;
            }
        }
        if (guess) {
            for (int i = 0; i < r.queueLength; i++) {
                if (r.queueState[i] == BLOCKED_UNRESOLVED) {
                    guessedWaits++;
                }
            }
        }
        if (r.mode == MODE_UNKNOWN) {
            resolveMode(r, likelyMode(r));
        }
        resolveWait(r, ThreadState.WAIT_BLOCKED.ordinal(), Waker.of(guess ? Waker.UNKNOWN : Waker.NONE, 0));
        resolve(r, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
    }
}
