package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.BLOCKED_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.MODE_EITHER;
import static org.lttbench.core.kernel.ThreadRecord.MODE_SYSCALL;
import static org.lttbench.core.kernel.ThreadRecord.MODE_UNKNOWN;
import static org.lttbench.core.kernel.ThreadRecord.MODE_USER;
import static org.lttbench.core.kernel.ThreadRecord.RUNNABLE_UNRESOLVED;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntSupplier;

import org.lttbench.core.analysis.TidTable;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.Trace;

/**
 * The threads of one machine, their lives and names: one {@link ThreadRecord} per thread (a TID reused after its
 * thread's end gets a new one), told to a {@link ThreadSink} whenever its name, PID or kind changes.
 * <ul>
 * <li>Threads alive before the trace: UNKNOWN from the trace's start until an event tells their state; the
 * statedump's process states say blocked (WAIT_BLOCKED: the statedump does not say whether uninterruptibly) or
 * runnable (then WAIT_CPU until switched in, unless the thread turns out to be a CPU's running thread), and which are
 * kernel threads (they run in the kernel: their running time is system time; so are children of {@code kthreadd}).</li>
 * <li>Forked threads: born at their {@code sched_wakeup_new}, waiting for a CPU from then. Until then the kernel's
 * {@code TASK_NEW} is not runnable: its parent sets it up in {@code clone()}, and a critical path through the child
 * before its birth is the parent's. A trace without that event (or that lost it) has them born at the fork.</li>
 * <li>Exiting threads run in the kernel from their {@code sched_process_exit} on, until their dead switch;
 * {@code sched_process_free} ends a thread whatever the trace said last.</li>
 * </ul>
 */
public final class ThreadTracker {
    private final Trace trace;
    private final IntSupplier indexes;
    private final Clock clock;
    private final DeferredChanges changes;
    private final CpuTracker cpus;
    private final FileDescriptors fds;
    private final ThreadSink sink;
    private final TidTable<ThreadRecord> threads = new TidTable<>();
    /**
     * Threads forked whose {@code sched_wakeup_new} has not come yet, by TID (their fork's time in {@code lastTime}):
     * not born yet for the sinks (see {@link #fork}). Looked up at nearly every event while any waits: a trace that
     * lost or never had some of those events keeps some waiting for good.
     */
    private final TidTable<ThreadRecord> forked = new TidTable<>();
    /** Whether the trace records {@code sched_wakeup_new}: a forked thread is born there, else at its fork. */
    private final boolean wakeupNew;
    /** Whether the trace can tell user from system time: it declares system call events. */
    private final boolean syscalls;
    private final boolean statedumpDeclared;
    private boolean statedumpDone;
    private long inconsistencies;

    /**
     * @param fds the descriptor tables, which a forked process inherits
     * @param syscalls whether the trace declares system call events
     * @param statedumpDeclared whether it declares the statedump's process states
     * @param wakeupNew whether it declares {@code sched_wakeup_new}
     */
    ThreadTracker(Trace trace, IntSupplier indexes, Clock clock, DeferredChanges changes, CpuTracker cpus,
            FileDescriptors fds, ThreadSink sink, boolean syscalls, boolean statedumpDeclared, boolean wakeupNew) {
        this.trace = trace;
        this.indexes = indexes;
        this.clock = clock;
        this.changes = changes;
        this.cpus = cpus;
        this.fds = fds;
        this.sink = sink;
        this.syscalls = syscalls;
        this.statedumpDeclared = statedumpDeclared;
        this.wakeupNew = wakeupNew;
    }

    /**
     * The record of a TID (the CPU's idle thread for TID 0), created alive and UNKNOWN since the trace's start; a
     * thread forked but not woken yet is born at its fork.
     */
    ThreadRecord thread(int tid, Cpu c) {
        if (tid == 0) {
            if (c.idle == null) {
                ThreadRecord idle = new ThreadRecord(indexes.getAsInt(), 0, trace, c.id, false);
                idle.name("swapper/" + c.id);
                idle.pid(0);
                idle.kernelThread(true);
                idle.mode = MODE_SYSCALL;
                c.idle = idle;
                birth(idle, clock.start(), ThreadState.UNKNOWN.ordinal(), -1);
            }
            return c.idle;
        }
        ThreadRecord child = unborn(tid);
        if (child != null) {
            // named before its sched_wakeup_new (the trace lost it): runnable since its fork, as far as we know
            return born(child, child.lastTime);
        }
        ThreadRecord r = threads.get(tid);
        if (r != null && r.alive) {
            return r;
        }
        long birth = r == null ? clock.start() : r.lastTime;
        ThreadRecord fresh = new ThreadRecord(indexes.getAsInt(), tid, trace, -1, false);
        if (!syscalls && (statedumpDone || !statedumpDeclared)) {
            fresh.mode = MODE_EITHER; // no statedump is left to say it is a kernel thread
        }
        threads.put(tid, fresh);
        birth(fresh, birth, ThreadState.UNKNOWN.ordinal(), -1);
        return fresh;
    }

    private void birth(ThreadRecord r, long t, int state, int onCpu) {
        r.lastTime = t;
        r.lastTold = t;
        changes.enter(r, state, t, onCpu);
    }

    /**
     * The thread of that TID forked and not woken yet, taken out of the waiting ones (it is born now), or null: looked
     * up on every event, so none waiting costs nothing.
     */
    ThreadRecord unborn(int tid) {
        return forked.size() == 0 ? null : forked.remove(tid);
    }

    /** A forked thread is runnable from {@code t} on: its first change. */
    ThreadRecord born(ThreadRecord child, long t) {
        threads.put(child.tid(), child);
        birth(child, t, ThreadState.WAIT_CPU.ordinal(), -1);
        child.runnable(WakeupSink.NEW_THREAD, t, Waker.NONE); // its sched_wakeup_new names the waker
        return child;
    }

    /** The record of a TID an event names, if any (a thread forked but not woken yet: born at its fork). */
    ThreadRecord named(int tid) {
        ThreadRecord child = unborn(tid);
        return child != null ? born(child, child.lastTime) : threads.get(tid);
    }

    /** The live thread of that TID the trace has shown so far, or null (never creates one). */
    public ThreadRecord aliveThread(int tid) {
        ThreadRecord r = threads.get(tid);
        return r != null && r.alive ? r : null;
    }

    /** The thread is called {@code name} from {@code t} on (sinks hear it when that is new). */
    void rename(ThreadRecord r, String name, long t) {
        if (name != null && !name.isEmpty() && !name.equals(r.name())) {
            r.name(name);
            sink.threadUpdated(r, t);
        }
    }

    /**
     * An event's context fields name the CPU's running thread ({@code tid}) or its process ({@code pid});
     * {@link ThreadStateMachine#UNTOLD} where the event has no such field.
     */
    public void runningThread(int cpu, long time, int tid, int pid) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        if (tid != ThreadStateMachine.UNTOLD && c.anonymous) {
            cpus.adopt(c, thread(tid, c), t);
        }
        if (pid != ThreadStateMachine.UNTOLD && !c.anonymous && c.current.pid() < 0 && c.current.tid() > 0) {
            c.current.pid(pid);
            sink.threadUpdated(c.current, t);
        }
    }

    public void fork(int cpu, long time, int parentTid, int parentPid, int childTid, int childPid, Comm childComm) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null || childTid <= 0) {
            return;
        }
        long t = clock.time(time);
        ThreadRecord parent = thread(parentTid, c);
        if (parent.pid() < 0 && parentPid > 0) {
            parent.pid(parentPid);
            sink.threadUpdated(parent, t);
        }
        ThreadRecord old = named(childTid);
        if (old != null && old.alive) {
            inconsistencies++; // the TID is reused: its former thread ended without a trace of it
            changes.enter(old, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        }
        ThreadRecord child = new ThreadRecord(indexes.getAsInt(), childTid, trace, -1, false);
        boolean kernel = parent.kernelThread() || parentTid == KernelLayout.KTHREADD_TID;
        // a kernel thread is a process of its own
        child.pid(childPid > 0 ? childPid : kernel ? childTid : -1);
        child.name(childComm == null ? parent.name() : childComm.text());
        child.kernelThread(kernel);
        child.parent(parent.index());
        // a child returns from the parent's clone(): it starts where the parent is (in the call), kernel threads in
        // the kernel; without system call events, where the parent is may be unknown for good
        child.mode = kernel ? MODE_SYSCALL : parent.mode == MODE_UNKNOWN && !syscalls ? MODE_EITHER : parent.mode;
        child.syscallCause = parent.syscallCause;
        fds.forked(parent.pid(), child.pid());
        sink.threadUpdated(child, t);
        if (wakeupNew) {
            // the kernel's TASK_NEW: not runnable until wake_up_new_task (sched_wakeup_new); the parent sets it up
            // meanwhile, in its clone()
            child.lastTime = t;
            forked.put(childTid, child);
        } else {
            born(child, t);
        }
    }

    /** {@code sched_process_exec}: {@code tid} (-1 when the event has none: the CPU's thread) now runs that file. */
    public void exec(int cpu, long time, int tid, String filename) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        ThreadRecord r = tid > 0 ? thread(tid, c) : c.anonymous ? null : c.current;
        if (r == null || filename == null) {
            return;
        }
        if (r.tid() > 0 && r.pid() != r.tid()) {
            r.pid(r.tid()); // a thread that execs leads its process from then on (the kernel gives it the PID as TID)
            sink.threadUpdated(r, t);
        }
        String base = filename.substring(filename.lastIndexOf('/') + 1);
        // the kernel's comm: the file's base name, at most TASK_COMM_LEN - 1 bytes
        rename(r, base.length() > 15 ? base.substring(0, 15) : base, t);
    }

    /** What an event of a thread still alive does, on its CPU at its time. */
    @FunctionalInterface
    private interface OfAliveThread {
        void on(Cpu cpu, long time, ThreadRecord thread);
    }

    /**
     * An event of a named thread that is still alive: done on its CPU at its time, or nothing when the CPU is not the
     * trace's or the thread is unknown or already gone.
     */
    private void ofAliveThread(int cpu, long time, int tid, OfAliveThread then) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        ThreadRecord r = named(tid);
        if (r != null && r.alive) {
            then.on(c, t, r);
        }
    }

    /** {@code sched_process_exit}: the thread runs in the kernel from now on, until its dead switch. */
    public void exit(int cpu, long time, int tid) {
        ofAliveThread(cpu, time, tid, (c, t, r) -> {
            r.exiting = true;
            if (r.mode == MODE_USER) {
                // it runs in the kernel from now on, until its last switch (even one killed in user space)
                r.mode = MODE_SYSCALL;
                if (!c.anonymous && c.current == r && c.depth == 0) {
                    changes.enter(r, ThreadState.SYSCALL.ordinal(), t, c.id);
                }
            }
        });
    }

    /** {@code sched_process_free}: the thread is gone, whatever the trace said last. */
    public void free(int cpu, long time, int tid) {
        ofAliveThread(cpu, time, tid, (c, t, r) -> {
            cpus.forgetEverywhere(r, t);
            if (r.state == BLOCKED_UNRESOLVED) {
                changes.resolveWait(r, ThreadState.WAIT_BLOCKED.ordinal(), Waker.of(Waker.NONE, 0));
            }
            changes.enter(r, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        });
    }

    /** The statedump is over: threads it did not call kernel threads are user threads. */
    public void statedumpEnd(int cpu, long time) {
        cpus.observe(cpu, time);
        statedumpDone = true;
        if (syscalls) {
            return;
        }
        List<ThreadRecord> all = new ArrayList<>();
        threads.forEach(all::add);
        for (ThreadRecord r : all) {
            if (r.alive && r.mode == MODE_UNKNOWN) {
                changes.resolveMode(r, changes.likelyMode(r));
            }
        }
    }

    /**
     * One {@code lttng_statedump_process_state}: a thread alive when the statedump ran, its kind (-1 untold) and status
     * ({@link KernelLayout#STATUS_WAIT}...), and the CPU it was on (-1 untold).
     */
    public void statedumpProcess(int cpu, long time, int tid, int pid, Comm name, long kind, long status, int onCpu) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null || tid <= 0) {
            return;
        }
        cpus.named(onCpu);
        long t = clock.time(time);
        ThreadRecord existing = threads.get(tid);
        boolean gone = status == KernelLayout.STATUS_EXIT || status == KernelLayout.STATUS_ZOMBIE
                || status == KernelLayout.STATUS_DEAD;
        if (gone && (existing == null || !existing.alive)) {
            return; // nothing to report of a thread that is already over
        }
        ThreadRecord r = thread(tid, c);
        boolean changed = false;
        if (r.pid() < 0 && pid > 0) {
            r.pid(pid);
            changed = true;
        }
        if (r.name() == null && name != null) {
            r.name(name.text());
            changed = true;
        }
        if (kind == KernelLayout.KERNEL_THREAD && !r.kernelThread()) {
            r.kernelThread(true);
            if (r.pid() < 0) {
                r.pid(tid);
            }
            changed = true;
            if (r.mode == MODE_UNKNOWN) {
                changes.resolveMode(r, MODE_SYSCALL);
            }
        }
        if (changed) {
            sink.threadUpdated(r, t);
        }
        if (r.state != ThreadState.UNKNOWN.ordinal()) {
            return; // events already told its state
        }
        if (gone) {
            changes.enter(r, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        } else if (status == KernelLayout.STATUS_WAIT) {
            // interruptible or not, the statedump does not say, so never an I/O wait
            r.statedumpWait = true;
            r.ioCandidate = false;
            changes.enter(r, BLOCKED_UNRESOLVED, t, -1, ThreadStateSink.why(WaitCauses.BEFORE_TRACE, Waker.NONE));
        } else if (status == KernelLayout.STATUS_WAIT_FORK || status == KernelLayout.STATUS_WAIT_CPU
                || status == KernelLayout.STATUS_RUN) {
            changes.enter(r, RUNNABLE_UNRESOLVED, t, -1);
        }
    }

    /**
     * An event on that CPU gave the priority of {@code tid} (called after the event's own call, so that a thread it
     * names is known): sinks hear it when it is the thread's first or differs from its last. A thread not known yet
     * (a migration before any other event names it, a fork's child before its wakeup) or an idle thread: nothing.
     */
    public void priority(int cpu, long time, int tid, int prio) {
        if (tid == 0 || prio == ThreadStateMachine.UNTOLD) {
            return;
        }
        ThreadRecord r = threads.get(tid);
        if (r == null || !r.alive || r.prio == prio || cpus.cpu(cpu, time) == null) {
            return;
        }
        r.prio = prio;
        sink.priority(r, clock.time(time), prio);
    }

    /** Whether a sink hears priorities ({@link ThreadSink#followsPriorities()}): else none is read. */
    public boolean followsPriorities() {
        return sink.followsPriorities();
    }

    /**
     * The trace ends: the threads forked whose {@code sched_wakeup_new} never came are born at their fork, and every
     * thread is added to {@code open}.
     */
    void end(List<ThreadRecord> open) {
        List<ThreadRecord> unborn = new ArrayList<>();
        forked.forEach(unborn::add);
        unborn.sort(Comparator.comparingInt(ThreadRecord::index)); // in the order of their forks
        for (ThreadRecord child : unborn) {
            forked.remove(child.tid());
            born(child, child.lastTime); // the trace lost its sched_wakeup_new, or ended before it
        }
        threads.forEach(open::add);
    }

    /** Events that contradicted the threads followed so far (a TID reused without its thread's end). */
    long inconsistencies() {
        return inconsistencies;
    }
}
