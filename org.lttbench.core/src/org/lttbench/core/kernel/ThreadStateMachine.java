package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.BLOCKED_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.MODE_EITHER;
import static org.lttbench.core.kernel.ThreadRecord.MODE_SYSCALL;
import static org.lttbench.core.kernel.ThreadRecord.MODE_UNKNOWN;
import static org.lttbench.core.kernel.ThreadRecord.MODE_USER;
import static org.lttbench.core.kernel.ThreadRecord.RUNNABLE_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.RUN_UNRESOLVED;
import static org.lttbench.core.trace.KernelLayout.CPU_BOUND;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import org.lttbench.core.analysis.TidTable;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.PrevState;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.PrevStateEncoding;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.Trace;

/**
 * The thread state machine of one LTTng kernel trace (one machine): it follows each CPU's running thread and
 * interrupt nesting, and each thread's state, and tells a {@link ThreadStateSink} every change. It is fed typed
 * calls, one per kernel event ({@link KernelEventBinder} makes them from a trace; tests call them directly); the
 * changes it cannot tell yet wait in {@link DeferredChanges}; which sleeps were I/O waits is
 * {@link IoWaitAttribution}'s.
 *
 * <p>What it infers, and from what:
 * <ul>
 * <li>Running: from {@code sched_switch}. User or system: from system call entry and exit; a thread whose first
 * system call event is an exit was in that call since before (its earlier running time was system time); one
 * whose first is an entry was in user space. Kernel threads (statedump type, children of {@code kthreadd}) and idle
 * threads always run in the kernel: their running time is system time; so does a thread from its
 * {@code sched_process_exit} on. A trace without system call events cannot tell user from system: other threads'
 * running time is {@link ThreadState#USER_OR_SYSTEM}.</li>
 * <li>IRQ: while the thread's CPU runs a hard IRQ or softirq handler. A timer callback ({@code hrtimer_expire_entry}
 * to {@code _exit}) outside one is not IRQ time: the trace does not show the interrupt it runs in; it says what woke
 * the threads the callback wakes (a timer, not the interrupted thread).</li>
 * <li>Waits: {@code prev_state} decoded as the trace's values say ({@link PrevStateEncoding}). Runnable (a yield, 0;
 * or a preemption, 0x100 or {@code TASK_RUNNING | TASK_STATE_MAX}) is WAIT_CPU until the next switch-in, for an
 * exiting thread too (only its dead switch ends it). An uninterruptible sleep ({@code D}) is classified at the wakeup
 * ({@code sched_waking}, else {@code sched_wakeup}): WAIT_IO when a block completion happened in the waker's current
 * context ({@link IoWaitAttribution}); WAIT_BLOCKED otherwise, and for waits the trace ends in. Every other sleep
 * (interruptible, stopped, an idle kernel thread's {@code TASK_IDLE}) is WAIT_BLOCKED: being woken by a block
 * completion does not make it an I/O wait. Without block completion events (or wakeups) the trace cannot tell
 * I/O waits: uninterruptible sleeps are WAIT_BLOCKED and {@link #ioWaitKnown()} says so.</li>
 * <li>Forked threads: born at their {@code sched_wakeup_new}, waiting for a CPU from then. Until then the kernel's
 * {@code TASK_NEW} is not runnable: its parent sets it up in {@code clone()}, and a critical path through the child
 * before its birth is the parent's. A trace without that event (or that lost it) has them born at the fork.</li>
 * <li>Threads alive before the trace: UNKNOWN from the trace's start until an event tells their state; the
 * statedump's process states say blocked (WAIT_BLOCKED: the statedump does not say whether uninterruptibly) or
 * runnable (then WAIT_CPU until switched in, unless the thread turns out to be a CPU's running thread).</li>
 * <li>CPUs the events name (wakeup targets, migrations, the statedump) but whose stream the trace lacks: a thread
 * woken or moved to one is UNKNOWN from then on, until an event on a CPU the trace has tells its state.</li>
 * <li>What a CPU ran before its first {@code sched_switch}: the thread that switch names as {@code prev_tid} (or a
 * {@code tid} context says), from the CPU's first event; a wakeup of a thread not known yet while a CPU's thread is
 * unnamed leaves open whether it was that thread.</li>
 * </ul>
 * Time never goes back: an event earlier than the last one (overlapping packets) counts at the last one's time.
 */
public final class ThreadStateMachine {
    /** Interrupt nesting levels: 0 is process context. */
    private static final int MAX_NESTING = 16;
    /** A {@link #runningThread} value the event does not tell. */
    public static final int UNTOLD = Integer.MIN_VALUE;
    /** Softirq vectors followed from their raise (Linux has 10; a higher one is not followed). */
    private static final int SOFTIRQ_VECTORS = 32;
    private static final long NOT_RAISED = Long.MIN_VALUE;
    /** A handler no event identified ({@link #interruptEntry(int, long)}): not told as a handler's run. */
    private static final int NO_HANDLER = -1;

    private final class Cpu {
        final int id;
        ThreadRecord current;
        /** The current thread is a stand-in whose TID is not known yet (its changes are all deferred). */
        boolean anonymous;
        ThreadRecord idle;
        int depth;
        /** The handler at each interrupt nesting level, as a {@link Waker} of what it wakes. */
        final int[] interrupts = new int[MAX_NESTING + 1];
        /** Timer callbacks running at each interrupt nesting level (0: in whatever the trace shows as process context). */
        final int[] timers = new int[MAX_NESTING + 1];
        /** At each level: which handler it is ({@link ThreadStateSink#interrupt}), since when, raised when. */
        final int[] handlers = new int[MAX_NESTING + 1];
        final long[] entered = new long[MAX_NESTING + 1];
        final long[] raisedAt = new long[MAX_NESTING + 1];
        /** Per softirq vector: when it was first raised on this CPU since its last run, or NOT_RAISED. */
        final long[] raised = new long[SOFTIRQ_VECTORS];
        /** When it last switched threads, and how many switches it made. */
        long switchedAt = Long.MIN_VALUE;
        long switches;

        {
            Arrays.fill(raised, NOT_RAISED);
        }

        Cpu(int id) {
            this.id = id;
        }
    }

    private final Trace trace;
    private final KernelLayout layout;
    private final PrevStateEncoding prevStates;
    private final ThreadStateSink sink;
    private final IntSupplier indexes;
    private final DeferredChanges changes;
    private final IoWaitAttribution io;
    private final WaitCauses causes;
    private final FileDescriptors fds;
    private final TidTable<ThreadRecord> threads = new TidTable<>();
    /**
     * Threads forked whose {@code sched_wakeup_new} has not come yet, by TID (their fork's time in {@code lastTime}):
     * not born yet for the sinks (see {@link #fork}).
     */
    private final Map<Integer, ThreadRecord> forked = new HashMap<>();
    /** Whether the trace records {@code sched_wakeup_new}: a forked thread is born there, else at its fork. */
    private final boolean wakeupNew;
    private Cpu[] cpus = new Cpu[0];
    private long start;
    private long now = Long.MIN_VALUE;
    private boolean started;
    private boolean ended;

    /** Whether the trace can tell user from system time: it declares system call events. */
    private final boolean syscalls;
    private final boolean statedumpDeclared;
    private boolean statedumpDone;
    /** CPUs with a stream, and CPUs the events name; null when a stream's CPU is unknown (no check then). */
    private final BitSet presentCpus;
    private final BitSet namedCpus = new BitSet();
    /** IRQ names (the trace names an IRQ at each entry; kept once), by IRQ number or vector. */
    private final Map<Integer, String> irqNames = new HashMap<>();
    private final BitSet namedIrqs = new BitSet();
    private long movedToMissingCpu;
    private long inconsistencies;
    private long eventsWithoutCpu;

    /**
     * @param indexes gives each new {@link ThreadRecord} its dense index (shared by every machine of one run)
     */
    public ThreadStateMachine(Trace trace, KernelLayout layout, ThreadStateSink sink, IntSupplier indexes) {
        this(trace, layout, sink, indexes, new WaitCauses());
    }

    /** @param causes the run's wait causes (shared by its machines: codes mean the same in all) */
    public ThreadStateMachine(Trace trace, KernelLayout layout, ThreadStateSink sink, IntSupplier indexes,
            WaitCauses causes) {
        this.causes = causes;
        this.trace = trace;
        this.layout = layout;
        this.prevStates = layout.prevStateEncoding();
        this.sink = sink;
        this.fds = new FileDescriptors(sink.followsFiles());
        this.indexes = indexes;
        this.syscalls = layout.declares(Role.SYSCALL_ENTRY);
        boolean ioKnown = (layout.declares(Role.SCHED_WAKING) || layout.declares(Role.SCHED_WAKEUP))
                && (layout.declares(Role.BLOCK_RQ_COMPLETE) || layout.declares(Role.BLOCK_BIO_COMPLETE));
        boolean requests = layout.declares(Role.BLOCK_RQ_ISSUE) && layout.declares(Role.BLOCK_RQ_COMPLETE);
        this.io = new IoWaitAttribution(sink, trace, ioKnown, ioKnown && requests, requests, MAX_NESTING + 1);
        this.changes = new DeferredChanges(sink, syscalls, () -> now);
        this.statedumpDeclared = layout.declares(Role.STATEDUMP_PROCESS_STATE);
        this.wakeupNew = layout.declares(Role.SCHED_WAKEUP_NEW);
        BitSet present = new BitSet();
        for (Stream s : trace.streams()) {
            if (s.cpu() < 0) {
                present = null;
                break;
            }
            present.set(s.cpu());
        }
        this.presentCpus = present;
    }

    public KernelLayout layout() {
        return layout;
    }

    /**
     * Whether a sink hears the I/O per file ({@link ThreadStateSink#followsFiles()}): else no descriptor's name or
     * type is kept.
     */
    public boolean followsFiles() {
        return sink.followsFiles();
    }

    /** Whether a sink hears the packets per network interface ({@link ThreadStateSink#followsNetwork()}). */
    public boolean followsNetwork() {
        return sink.followsNetwork();
    }

    /** Whether a sink hears priorities ({@link ThreadStateSink#followsPriorities()}): else none is read. */
    public boolean followsPriorities() {
        return sink.followsPriorities();
    }

    /** The {@code prev_state} encoding as this trace's values decided it. */
    public PrevStateEncoding prevStates() {
        return prevStates;
    }

    // ---------------------------------------------------------------- time, CPUs, threads

    private long time(long t) {
        if (!started) {
            started = true;
            start = t;
            now = t;
        } else if (t > now) {
            now = t;
        }
        return now;
    }

    /** The CPU of an event at {@code t} (moving time on when it is new), or null when the event has none. */
    private Cpu cpu(int id, long t) {
        if (id < 0 || id >= CPU_BOUND) {
            eventsWithoutCpu++;
            return null;
        }
        if (id >= cpus.length) {
            cpus = Arrays.copyOf(cpus, Math.max(id + 1, cpus.length * 2));
        }
        Cpu c = cpus[id];
        if (c == null) {
            c = new Cpu(id);
            cpus[id] = c;
            becomeAnonymous(c, time(t));
        }
        return c;
    }

    /** The CPU's running thread is not known from {@code t} on: a stand-in holds its changes until named. */
    private void becomeAnonymous(Cpu c, long t) {
        ThreadRecord anonymous = new ThreadRecord(indexes.getAsInt(), -1, trace, -1, true);
        anonymous.name("(unknown thread on CPU " + c.id + ")");
        anonymous.lastTime = t;
        c.current = anonymous;
        c.anonymous = true;
        changes.enter(anonymous, runningState(anonymous, c), t, c.id);
    }

    /**
     * The record of a TID (the CPU's idle thread for TID 0), created alive and UNKNOWN since the trace's start; a
     * thread forked but not woken yet is born at its fork.
     */
    private ThreadRecord thread(int tid, Cpu c) {
        if (tid == 0) {
            if (c.idle == null) {
                ThreadRecord idle = new ThreadRecord(indexes.getAsInt(), 0, trace, c.id, false);
                idle.name("swapper/" + c.id);
                idle.pid(0);
                idle.kernelThread(true);
                idle.mode = MODE_SYSCALL;
                c.idle = idle;
                birth(idle, start, ThreadState.UNKNOWN.ordinal(), -1);
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
        long birth = r == null ? start : r.lastTime;
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
    private ThreadRecord unborn(int tid) {
        return forked.isEmpty() ? null : forked.remove(tid);
    }

    /** A forked thread is runnable from {@code t} on: its first change. */
    private ThreadRecord born(ThreadRecord child, long t) {
        threads.put(child.tid(), child);
        birth(child, t, ThreadState.WAIT_CPU.ordinal(), -1);
        runnable(child, ThreadStateSink.NEW_THREAD, t, Waker.NONE); // its sched_wakeup_new names the waker
        return child;
    }

    /** The record of a TID an event names, if any (a thread forked but not woken yet: born at its fork). */
    private ThreadRecord named(int tid) {
        ThreadRecord child = unborn(tid);
        return child != null ? born(child, child.lastTime) : threads.get(tid);
    }

    private int runningState(ThreadRecord r, Cpu c) {
        if (c.depth > 0) {
            return ThreadState.IRQ.ordinal();
        }
        return DeferredChanges.modeState(r.mode);
    }

    /**
     * The CPU's unnamed running thread was {@code p}: {@code p} takes over its deferred changes (from when the CPU's
     * thread became unknown), replacing what {@code p} only guessed for that time (unknown, or runnable somewhere).
     */
    private void adopt(Cpu c, ThreadRecord p, long t) {
        ThreadRecord anonymous = c.current;
        c.anonymous = false;
        c.current = p;
        if (anonymous.published) {
            changes.enter(anonymous, ThreadState.NOT_ALIVE.ordinal(), t, -1);
            return;
        }
        long from = anonymous.queueLength > 0 ? anonymous.queueTime[0] : t;
        int keep = p.queueLength;
        while (keep > 0 && p.queueTime[keep - 1] >= from
                && (p.queueState[keep - 1] == RUNNABLE_UNRESOLVED || p.queueState[keep - 1] == ThreadState.UNKNOWN.ordinal())) {
            keep--;
        }
        if (keep < p.queueLength) {
            p.queueLength = keep;
            p.lastTime = keep > 0 ? p.queueTime[keep - 1] : p.lastTold;
            p.state = keep > 0 ? p.queueState[keep - 1] : p.toldState;
        }
        int mode = anonymous.mode != MODE_UNKNOWN ? anonymous.mode : p.mode;
        if (mode != MODE_UNKNOWN && p.mode == MODE_UNKNOWN) {
            changes.resolveMode(p, mode);
        }
        for (int i = 0; i < anonymous.queueLength; i++) {
            int state = anonymous.queueState[i];
            if (state == RUN_UNRESOLVED && mode != MODE_UNKNOWN) {
                state = DeferredChanges.modeState(mode);
            }
            changes.enter(p, state, anonymous.queueTime[i], anonymous.queueCpu[i]);
        }
        anonymous.queueLength = 0;
        if (p.lastTime > t && DeferredChanges.onCpu(p.state)) {
            inconsistencies++;
        }
    }

    /** A thread runs on one CPU at a time: another CPU believed to run it no longer knows what it runs. */
    private void runsOnlyHere(ThreadRecord r, Cpu c, long t) {
        if (DeferredChanges.onCpu(r.state) && r.cpu != c.id && r.cpu >= 0 && r.cpu < cpus.length && cpus[r.cpu] != null
                && !cpus[r.cpu].anonymous && cpus[r.cpu].current == r) {
            forgetCurrent(cpus[r.cpu], t);
        }
    }

    /**
     * The thread runs where the trace does not show (a CPU without a stream): neither its wait for a CPU nor its
     * system call can be measured (the call may end, and others begin, unseen).
     */
    private static void lostSight(ThreadRecord r) {
        r.runnableKind = 0;
        r.syscall = SyscallNames.NONE;
    }

    /** The CPU's running thread is no longer known (the trace contradicted what we believed). */
    private void forgetCurrent(Cpu c, long t) {
        inconsistencies++;
        if (!c.anonymous) {
            lostSight(c.current);
            changes.enter(c.current, ThreadState.UNKNOWN.ordinal(), t, -1);
        }
        becomeAnonymous(c, t);
    }

    /**
     * Why a thread sleeps now: its system call, or outside one a page fault (a user thread) or a kernel thread's own
     * wait; unknown where the trace cannot tell.
     */
    private int sleepCause(ThreadRecord r, boolean stopped) {
        if (r.kernelThread()) {
            return WaitCauses.KERNEL_THREAD;
        }
        if (!syscalls) {
            return WaitCauses.NO_SYSCALL_EVENTS;
        }
        if (stopped) {
            return WaitCauses.STOPPED;
        }
        if (r.mode == MODE_SYSCALL && r.syscallCause == WaitCauses.READING && r.syscallFd >= 0) {
            return causes.ofReading(fds.kind(process(r), r.syscallFd)); // what it reads, where the trace says
        }
        return switch (r.mode) {
            case MODE_SYSCALL -> r.syscallCause == WaitCauses.NONE ? WaitCauses.SYSCALL_BEFORE_TRACE : r.syscallCause;
            case MODE_USER -> WaitCauses.PAGE_FAULT;
            default -> WaitCauses.BEFORE_FIRST_SYSCALL_EVENT;
        };
    }

    /**
     * What wakes a thread from this CPU now: a timer callback running in its innermost interrupt handler (or, on
     * kernels that do not trace the timer interrupt, in what looks like process context), else that handler, else its
     * running thread.
     */
    private static int waker(Cpu c) {
        if (c.timers[c.depth] > 0) {
            return Waker.of(Waker.TIMER, 0);
        }
        if (c.depth > 0) {
            return c.interrupts[c.depth];
        }
        return c.anonymous ? Waker.of(Waker.UNKNOWN, 0) : Waker.of(Waker.THREAD, c.current.index());
    }

    /** Whether a CPU runs a thread the trace has not named yet (none is known before its first switch). */
    private boolean anyUnnamedCpu() {
        for (Cpu c : cpus) {
            if (c != null && c.anonymous) {
                return true;
            }
        }
        return false;
    }

    private void nameCpu(int cpu) {
        if (cpu >= 0 && cpu < CPU_BOUND) {
            namedCpus.set(cpu);
        }
    }

    /** Whether the events name that CPU but the trace has no stream for it. */
    private boolean missing(int cpu) {
        return presentCpus != null && cpu >= 0 && cpu < CPU_BOUND && !presentCpus.get(cpu);
    }

    /** A woken thread waits for its target CPU, or, when the trace lacks that CPU's stream, is unknown from now. */
    private void woken(ThreadRecord r, long t, int targetCpu) {
        if (missing(targetCpu)) {
            lostSight(r);
            movedToMissingCpu++;
            changes.enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
        } else {
            changes.enter(r, ThreadState.WAIT_CPU.ordinal(), t, targetCpu);
        }
    }

    private void rename(ThreadRecord r, String name, long t) {
        if (name != null && !name.isEmpty() && !name.equals(r.name())) {
            r.name(name);
            sink.threadUpdated(r, t);
        }
    }

    // ---------------------------------------------------------------- events, as typed calls

    /** Any other event on that CPU: the CPU is observed from its first event, and time moves on. */
    public void observe(int cpu, long time) {
        if (cpu(cpu, time) != null) {
            time(time);
        }
    }

    /**
     * An event's context fields name the CPU's running thread ({@code tid}) or its process ({@code pid});
     * {@link #UNTOLD} where the event has no such field.
     */
    public void runningThread(int cpu, long time, int tid, int pid) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        if (tid != UNTOLD && c.anonymous) {
            adopt(c, thread(tid, c), t);
        }
        if (pid != UNTOLD && !c.anonymous && c.current.pid() < 0 && c.current.tid() > 0) {
            c.current.pid(pid);
            sink.threadUpdated(c.current, t);
        }
    }

    public void schedSwitch(int cpu, long time, int prevTid, long prevStateValue, Comm prevComm, int nextTid,
            Comm nextComm) {
        schedSwitch(cpu, time, prevTid, prevStateValue, prevComm, nextTid, nextComm, UNTOLD);
    }

    /** The same, with the priority the next thread runs at ({@code next_prio}; {@link #UNTOLD} when none). */
    public void schedSwitch(int cpu, long time, int prevTid, long prevStateValue, Comm prevComm, int nextTid,
            Comm nextComm, int nextPrio) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        ThreadRecord prev = thread(prevTid, c);
        if (c.anonymous) {
            runsOnlyHere(prev, c, t);
            adopt(c, prev, t);
        } else if (c.current != prev) {
            inconsistencies++; // the thread we followed on this CPU left it unseen
            changes.enter(c.current, ThreadState.UNKNOWN.ordinal(), t, -1);
            runsOnlyHere(prev, c, t);
            c.current = prev;
        }
        if (c.depth > 0) {
            inconsistencies++; // no switch happens inside an interrupt handler: an exit was lost
            c.depth = 0;
        }
        Arrays.fill(c.timers, 0); // nor inside a timer callback (the interrupt it ran in was not traced)
        io.contextStarts(c.id, 0);
        if (prevComm != null && prevTid != 0 && (prev.name() == null || !prevComm.is(prev.name()))) {
            rename(prev, prevComm.text(), t);
        }
        PrevState how = prevStates.decode(prevStateValue, t, prev.exiting);
        prev.statedumpWait = false;
        prev.leftCpu = t;
        prev.runnableKind = 0;
        // an exiting thread may still be preempted, or block, before its last switch (dead)
        if (how == PrevState.DEAD) {
            changes.enter(prev, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        } else if (how == PrevState.RUNNABLE) {
            changes.enter(prev, ThreadState.WAIT_CPU.ordinal(), t, c.id);
            if (prevTid != 0) {
                runnable(prev, ThreadStateSink.PREEMPTED, t, Waker.NONE);
            }
        } else {
            // a sleep: why is known now, what ends it (and whether it was I/O) at its wakeup
            prev.ioCandidate = how == PrevState.UNINTERRUPTIBLE && io.known();
            if (prev.ioCandidate) {
                io.sleeps(prev, t);
            }
            changes.enter(prev, BLOCKED_UNRESOLVED, t, -1,
                    ThreadStateSink.why(sleepCause(prev, how == PrevState.STOPPED), Waker.NONE));
        }

        ThreadRecord next = thread(nextTid, c);
        if (next.name() == null && nextComm != null) {
            rename(next, nextComm.text(), t);
        }
        runsOnlyHere(next, c, t);
        if (next.state == BLOCKED_UNRESOLVED) {
            // its wakeup was not traced
            changes.resolveWait(next, ThreadState.WAIT_BLOCKED.ordinal(), Waker.of(Waker.UNKNOWN, 0));
        } else if (next.state == RUNNABLE_UNRESOLVED) {
            changes.resolve(next, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
        }
        c.current = next;
        c.anonymous = false;
        c.switchedAt = t;
        c.switches++;
        changes.enter(next, runningState(next, c), t, c.id);
        runs(next, t, c.id, nextPrio);
    }

    /** The thread waits for a CPU from {@code t}, for that reason ({@link ThreadStateSink#WOKEN}...). */
    private static void runnable(ThreadRecord r, int kind, long t, int waker) {
        r.runnableKind = kind;
        r.runnableSince = t;
        r.runnableWaker = waker;
    }

    /** The thread runs from {@code t}: its wait for a CPU is over (sinks hear it), and so is its time off the CPU. */
    private void runs(ThreadRecord r, long t, int cpu, int prio) {
        if (r.runnableKind == 0) {
            return;
        }
        if (r.syscall != SyscallNames.NONE) {
            if (r.runnableKind == ThreadStateSink.WOKEN && r.runnableSince >= r.leftCpu) {
                r.syscallBlocked += r.runnableSince - r.leftCpu;
            }
            r.syscallWaitCpu += t - r.runnableSince;
        }
        sink.scheduled(r, r.runnableKind, r.runnableSince, t, cpu, prio, r.runnableWaker);
        r.runnableKind = 0;
    }

    /** {@code sched_waking}, or {@code sched_wakeup}/{@code sched_wakeup_new}, of {@code tid} on that CPU. */
    public void wakeup(int cpu, long time, int tid, int targetCpu, Comm comm) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        ThreadRecord child = unborn(tid);
        if (child != null) {
            born(child, t); // its sched_wakeup_new
        }
        ThreadRecord r = thread(tid, c);
        if (r.name() == null && comm != null) {
            rename(r, comm.text(), t);
        }
        nameCpu(targetCpu);
        int state = r.state;
        if (state == BLOCKED_UNRESOLVED) {
            long device = io.completionDevice(c.id, c.depth);
            if (r.statedumpWait && io.known() && device != IoWaitAttribution.NO_IO) {
                io.statedumpWaitsEndedByIo++;
            }
            r.statedumpWait = false;
            boolean byIo = r.ioCandidate && device != IoWaitAttribution.NO_IO;
            if (byIo) {
                io.ended(r, device, t);
            }
            changes.resolveWait(r, byIo ? ThreadState.WAIT_IO.ordinal() : ThreadState.WAIT_BLOCKED.ordinal(), waker(c));
            runnable(r, ThreadStateSink.WOKEN, t, waker(c));
            woken(r, t, targetCpu);
        } else if (state == ThreadState.UNKNOWN.ordinal() && anyUnnamedCpu() && !missing(targetCpu)) {
            // it may be the thread a CPU runs before its first switch (woken on its CPU, about to sleep): that
            // switch tells, else it waited for a CPU
            changes.enter(r, RUNNABLE_UNRESOLVED, t, targetCpu);
            runnable(r, ThreadStateSink.WOKEN, t, waker(c));
        } else if (state == ThreadState.WAIT_BLOCKED.ordinal() || state == ThreadState.WAIT_IO.ordinal()
                || state == ThreadState.UNKNOWN.ordinal()) {
            runnable(r, ThreadStateSink.WOKEN, t, waker(c));
            woken(r, t, targetCpu);
        } else if (state == RUNNABLE_UNRESOLVED) {
            if (!anyUnnamedCpu()) { // else it may still be a CPU's unnamed thread (sched_wakeup after sched_waking)
                changes.resolve(r, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
            }
            r.cpu = targetCpu;
        } else if (state == ThreadState.WAIT_CPU.ordinal() && missing(targetCpu)) {
            movedToMissingCpu++; // a new thread's first wakeup
            lostSight(r);
            changes.enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
        } else if (state == ThreadState.WAIT_CPU.ordinal()) {
            if (targetCpu >= 0) {
                r.cpu = targetCpu;
            }
            if (r.runnableKind == ThreadStateSink.NEW_THREAD && r.runnableWaker == Waker.NONE) {
                // a new thread's first wakeup (sched_wakeup_new): the scheduler may run it from now, not its fork
                runnable(r, ThreadStateSink.NEW_THREAD, t, waker(c));
            }
        }
    }

    public void fork(int cpu, long time, int parentTid, int parentPid, int childTid, int childPid, Comm childComm) {
        Cpu c = cpu(cpu, time);
        if (c == null || childTid <= 0) {
            return;
        }
        long t = time(time);
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
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
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

    /** {@code sched_process_exit}: the thread runs in the kernel from now on, until its dead switch. */
    public void exit(int cpu, long time, int tid) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        ThreadRecord r = named(tid);
        if (r == null || !r.alive) {
            return;
        }
        r.exiting = true;
        if (r.mode == MODE_USER) {
            // it runs in the kernel from now on, until its last switch (even one killed in user space)
            r.mode = MODE_SYSCALL;
            if (!c.anonymous && c.current == r && c.depth == 0) {
                changes.enter(r, ThreadState.SYSCALL.ordinal(), t, c.id);
            }
        }
    }

    /** {@code sched_process_free}: the thread is gone, whatever the trace said last. */
    public void free(int cpu, long time, int tid) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        ThreadRecord r = named(tid);
        if (r == null || !r.alive) {
            return;
        }
        for (Cpu other : cpus) {
            if (other != null && !other.anonymous && other.current == r) {
                forgetCurrent(other, t);
            }
        }
        if (r.state == BLOCKED_UNRESOLVED) {
            changes.resolveWait(r, ThreadState.WAIT_BLOCKED.ordinal(), Waker.of(Waker.NONE, 0));
        }
        changes.enter(r, ThreadState.NOT_ALIVE.ordinal(), t, -1);
    }

    /** A system call entry ({@code entry}) or exit of the CPU's thread. */
    public void syscall(int cpu, long time, boolean entry) {
        syscall(cpu, time, entry, WaitCauses.UNNAMED_SYSCALL);
    }

    /**
     * A system call entry ({@code entry}) or exit of the CPU's thread; {@code cause}: what a sleep in that call waits
     * for ({@link WaitCauses#ofSyscall}).
     */
    public void syscall(int cpu, long time, boolean entry, int cause) {
        syscall(cpu, time, entry, cause, SyscallNames.UNNAMED, Long.MIN_VALUE);
    }

    /**
     * The same, for the call of that id ({@link SyscallNames}; {@link SyscallNames#UNNAMED} when the event does not
     * name it: an exit then ends whichever call the thread entered) returning {@code ret} (an exit's;
     * {@link Long#MIN_VALUE} when it has none).
     */
    public void syscall(int cpu, long time, boolean entry, int cause, int id, long ret) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        ThreadRecord r = c.current;
        io.contextStarts(c.id, 0);
        if (c.depth == 0 && !c.anonymous) {
            callBoundary(r, entry, t, id, ret);
        }
        if (c.depth > 0 || r.kernelThread()) {
            return;
        }
        if (r.mode == MODE_UNKNOWN) {
            // the first system call event tells where the thread was until now, so what its waits were in: the call
            // an exit names (it was in it all along), or none for an entry
            changes.resolveWaitCauses(r, entry ? WaitCauses.PAGE_FAULT
                    : cause == WaitCauses.UNNAMED_SYSCALL ? WaitCauses.SYSCALL_BEFORE_TRACE : cause);
            changes.resolveMode(r, entry ? MODE_USER : MODE_SYSCALL);
        }
        r.mode = entry ? MODE_SYSCALL : MODE_USER;
        if (entry) {
            r.syscallCause = cause;
            r.syscallFd = -1;
            r.opening = null;
        }
        changes.enter(r, entry ? ThreadState.SYSCALL.ordinal() : ThreadState.USER.ordinal(), t, c.id);
    }

    /** A system call of the CPU's named thread begins or ends at {@code t}: sinks hear of each call that ends. */
    private void callBoundary(ThreadRecord r, boolean entry, long t, int id, long ret) {
        if (entry) {
            r.syscall = id;
            r.syscallEntry = t;
            r.syscallBlocked = 0;
            r.syscallWaitCpu = 0;
            return;
        }
        if (r.syscall == SyscallNames.NONE) {
            return; // begun before the trace, or its entry was lost
        }
        int call = r.syscall != SyscallNames.UNNAMED || id == SyscallNames.UNNAMED ? r.syscall : id;
        r.syscall = SyscallNames.NONE;
        sink.syscall(r, call, r.syscallEntry, t, ret, r.syscallBlocked, r.syscallWaitCpu);
    }

    /** The process of a thread's descriptors: its PID, or while the trace has not told it, its TID (a main thread's). */
    private static int process(ThreadRecord r) {
        return r.pid() >= 0 ? r.pid() : r.tid();
    }

    /** The CPU's named thread in process context, or null (what a system call's arguments are of). */
    private ThreadRecord caller(int cpu, long time) {
        Cpu c = cpu(cpu, time);
        return c == null || c.anonymous || c.depth > 0 ? null : c.current;
    }

    /** The CPU's thread's system call (just entered) reads, duplicates or closes descriptor {@code fd}. */
    public void syscallFd(int cpu, long time, int fd) {
        ThreadRecord r = caller(cpu, time);
        if (r != null) {
            r.syscallFd = fd;
        }
    }

    /** The CPU's thread's system call (just entered) opens that path. */
    public void opening(int cpu, long time, String path) {
        ThreadRecord r = caller(cpu, time);
        if (r != null) {
            r.opening = path;
        }
    }

    /**
     * The CPU's thread's system call returned {@code ret}: a new descriptor of that kind ({@code socket},
     * {@code eventfd}...), or, with a null kind, of the path it opened, or a copy of the one it duplicated.
     */
    public void descriptorMade(int cpu, long time, long ret, String kind) {
        ThreadRecord r = caller(cpu, time);
        if (r == null || ret < 0 || ret > Integer.MAX_VALUE) {
            return;
        }
        String made = kind != null ? kind
                : r.opening != null ? FileDescriptors.kindOf(r.opening)
                        : r.syscallFd >= 0 ? fds.kind(process(r), r.syscallFd) : null;
        FileDescriptors.Described copied = kind == null && r.opening == null && r.syscallFd >= 0
                ? fds.described(process(r), r.syscallFd) : null;
        FileDescriptors.Described d = kind != null
                ? new FileDescriptors.Described(FileDescriptors.nameOf(kind),
                        kind.equals(FileDescriptors.SOCKET) ? DescriptorType.NETWORK : DescriptorType.UNKNOWN)
                : r.opening != null ? new FileDescriptors.Described(r.opening, DescriptorType.DISK)
                        : copied != null ? copied.copy() : new FileDescriptors.Described(null, DescriptorType.UNKNOWN);
        fds.opened(process(r), (int) ret, made, d);
    }

    /** The system call the CPU's thread is in ({@link SyscallNames}), or {@link SyscallNames#NONE}. */
    public int currentCall(int cpu, long time) {
        ThreadRecord r = caller(cpu, time);
        return r == null ? SyscallNames.NONE : r.syscall;
    }

    /**
     * The CPU's thread's system call (just entered) reads ({@code written} false) or writes descriptor {@code fd}:
     * its exit ({@link #fileIo}) tells sinks the bytes.
     */
    public void fileIoEntry(int cpu, long time, int fd, boolean written) {
        ThreadRecord r = caller(cpu, time);
        if (r != null && r.syscall != SyscallNames.NONE) {
            r.syscallFd = fd;
            r.fileIo = written ? ThreadRecord.FILE_WRITE : ThreadRecord.FILE_READ;
            r.fileIoEntry = r.syscallEntry;
        }
    }

    /**
     * The CPU's thread's system call returned {@code ret}: if it is the read or write whose entry {@link #fileIoEntry}
     * told, sinks hear its bytes and what its descriptor is. Called before the exit's own call.
     */
    public void fileIo(int cpu, long time, long ret) {
        ThreadRecord r = caller(cpu, time);
        if (r == null || r.fileIo == 0) {
            return;
        }
        boolean written = r.fileIo == ThreadRecord.FILE_WRITE;
        r.fileIo = 0;
        if (r.syscall != SyscallNames.NONE && r.fileIoEntry == r.syscallEntry && ret >= 0) {
            FileDescriptors.Described d = fds.used(process(r), r.syscallFd);
            sink.fileIo(r, time(time), r.syscallFd, d.name(), d.type(), ret, written);
        }
    }

    /** The CPU's thread's close of the descriptor it named returned {@code ret}. */
    public void descriptorClosed(int cpu, long time, long ret) {
        ThreadRecord r = caller(cpu, time);
        if (r != null && ret == 0 && r.syscallFd >= 0) {
            fds.closed(process(r), r.syscallFd);
        }
    }

    /** The statedump names a descriptor of a process alive when it ran. */
    public void statedumpDescriptor(int cpu, long time, int pid, int fd, String path) {
        observe(cpu, time);
        fds.statedump(pid, fd, path);
    }

    /**
     * The CPU's machine sent ({@code net_dev_xmit}) or received ({@code netif_receive_skb}) a packet of {@code bytes}
     * on that network interface. A packet sent while the CPU's thread writes to a descriptor of unknown type makes its
     * copies network descriptors, as lttng-analyses has it ({@link FileDescriptors#sentDuringWrite}); its running
     * thread, whether an interrupt handler runs or not, as lttng-analyses takes it.
     */
    public void networkPacket(int cpu, long time, String netif, long bytes, boolean sent) {
        Cpu c = cpu(cpu, time);
        long t = c == null ? time : time(time);
        if (sent && c != null && !c.anonymous && sink.followsFiles()) {
            ThreadRecord r = c.current;
            if (r.fileIo == ThreadRecord.FILE_WRITE && r.syscall != SyscallNames.NONE && r.fileIoEntry == r.syscallEntry) {
                fds.sentDuringWrite(process(r), r.syscallFd);
            }
        }
        sink.networkPacket(trace, t, netif, bytes, sent);
    }

    /** A hard IRQ or softirq handler starts on that CPU (interrupts nest). */
    public void interruptEntry(int cpu, long time) {
        interruptEntry(cpu, time, Waker.of(Waker.UNKNOWN, 0));
    }

    /** The same, for a handler whose wakeups are made by {@code source} (a {@link Waker}). */
    public void interruptEntry(int cpu, long time, int source) {
        interruptEntry(cpu, time, source, NO_HANDLER);
    }

    /**
     * The same, for the handler {@code handler} ({@code Waker.of(Waker.IRQ, irq)} or
     * {@code Waker.of(Waker.SOFTIRQ, vector)}: see {@link ThreadStateSink#interrupt}), whose run sinks hear of at its
     * exit.
     */
    public void interruptEntry(int cpu, long time, int source, int handler) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        if (c.depth == MAX_NESTING) {
            inconsistencies++;
            return;
        }
        c.depth++;
        c.interrupts[c.depth] = source;
        c.timers[c.depth] = 0;
        c.handlers[c.depth] = handler;
        c.entered[c.depth] = t;
        c.raisedAt[c.depth] = NOT_RAISED;
        if (handler != NO_HANDLER && Waker.kind(handler) == Waker.SOFTIRQ && Waker.id(handler) < SOFTIRQ_VECTORS) {
            c.raisedAt[c.depth] = c.raised[Waker.id(handler)];
            c.raised[Waker.id(handler)] = NOT_RAISED; // a raise from now on is for its next run
        }
        io.contextStarts(c.id, c.depth);
        if (c.depth == 1) {
            changes.enter(c.current, ThreadState.IRQ.ordinal(), t, c.id);
        }
    }

    public void interruptExit(int cpu, long time) {
        interruptExit(cpu, time, NO_HANDLER);
    }

    /**
     * The exit of the handler {@code handler} (as {@link #interruptEntry(int, long, int, int)} names it): sinks hear
     * of its run when it is the handler the CPU entered last.
     */
    public void interruptExit(int cpu, long time, int handler) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        if (c.depth == 0) {
            return; // the trace began inside this handler
        }
        c.timers[c.depth] = 0; // the callbacks it ran are over with it
        if (handler != NO_HANDLER && c.handlers[c.depth] == handler) {
            sink.interrupt(trace, c.id, handler, c.raisedAt[c.depth], c.entered[c.depth], t);
        }
        c.depth--;
        if (c.depth == 0) {
            changes.enter(c.current, runningState(c.current, c), t, c.id);
        }
    }

    /** A softirq of that vector raised on that CPU: its next run there ends the wait. */
    public void softirqRaise(int cpu, long time, int vector) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        if (vector >= 0 && vector < SOFTIRQ_VECTORS && c.raised[vector] == NOT_RAISED) {
            c.raised[vector] = t; // raised again before it ran: one run serves both
        }
    }

    /**
     * A timer's callback starts on that CPU ({@code hrtimer_expire_entry}, {@code timer_expire_entry}): the threads it
     * wakes, the timer woke. It runs in an interrupt (the timer interrupt, or the timer softirqs) that many kernels do
     * not trace as one, so it changes no thread's state: its time is the interrupted thread's, as the trace shows it.
     */
    public void timerExpiryEntry(int cpu, long time) {
        Cpu c = cpu(cpu, time);
        if (c != null) {
            time(time);
            c.timers[c.depth]++;
        }
    }

    /** The timer callback that started last on that CPU ends. */
    public void timerExpiryExit(int cpu, long time) {
        Cpu c = cpu(cpu, time);
        if (c != null) {
            time(time);
            if (c.timers[c.depth] > 0) { // else the trace began inside it
                c.timers[c.depth]--;
            }
        }
    }

    /**
     * A block request issued or completed ({@code request}: of a request, with its sectors; else a bio's completion)
     * on that device (a kernel {@code dev_t}, {@link BlockDevice#UNKNOWN} when the event names none).
     */
    public void block(int cpu, long time, boolean issue, long device, boolean request, long sector, long sectors) {
        block(cpu, time, issue, device, request, sector, sectors, BlockOperation.OTHER, UNTOLD);
    }

    /**
     * The same, with an issue's operation and the thread that issued it (the event's {@code tid}; {@link #UNTOLD}:
     * the CPU's running thread, which the kernel's {@code current} is).
     */
    public void block(int cpu, long time, boolean issue, long device, boolean request, long sector, long sectors,
            BlockOperation op, int issuerTid) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        ThreadRecord issuer = null;
        if (issue) {
            ThreadRecord running = c.anonymous ? null : c.current;
            if (issuerTid == UNTOLD || (running != null && running.tid() == issuerTid)) {
                issuer = running;
            } else if (issuerTid > 0 && threads.get(issuerTid) != null && threads.get(issuerTid).alive) {
                issuer = threads.get(issuerTid);
            }
        }
        io.block(c.id, c.depth, time(time), issue, device, request, sector, sectors, op, issuer);
    }

    /** A block request inserted into its device's I/O scheduler queue ({@code block_rq_insert}). */
    public void blockInserted(int cpu, long time, long device, long sector) {
        if (cpu(cpu, time) != null) {
            io.inserted(time(time), device, sector);
        }
    }

    /** The statedump names a block device: the name holds for the whole trace. */
    public void blockDeviceNamed(int cpu, long time, long device, String name) {
        observe(cpu, time);
        io.named(device, name);
    }

    /** The statedump is over: threads it did not call kernel threads are user threads. */
    public void statedumpEnd(int cpu, long time) {
        observe(cpu, time);
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
        Cpu c = cpu(cpu, time);
        if (c == null || tid <= 0) {
            return;
        }
        nameCpu(onCpu);
        long t = time(time);
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

    public void migrate(int cpu, long time, int tid, int orig, int dest) {
        Cpu c = cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = time(time);
        nameCpu(orig);
        nameCpu(dest);
        sink.migrated(trace, tid, t, orig, dest);
        // not a thread forked but not woken yet: it is runnable nowhere until its sched_wakeup_new names its CPU
        ThreadRecord r = threads.get(tid);
        if (r != null && r.alive && r.state == ThreadState.WAIT_CPU.ordinal()) {
            if (missing(dest)) {
                lostSight(r);
                movedToMissingCpu++;
                changes.enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
            } else {
                r.cpu = dest;
            }
        }
    }

    /**
     * An event on that CPU gave the priority of {@code tid} (called after the event's own call, so that a thread it
     * names is known): sinks hear it when it is the thread's first or differs from its last. A thread not known yet
     * (a migration before any other event names it, a fork's child before its wakeup) or an idle thread: nothing.
     */
    public void priority(int cpu, long time, int tid, int prio) {
        if (tid == 0 || prio == UNTOLD) {
            return;
        }
        ThreadRecord r = threads.get(tid);
        if (r == null || !r.alive || r.prio == prio || cpu(cpu, time) == null) {
            return;
        }
        r.prio = prio;
        sink.priority(r, time(time), prio);
    }

    // ---------------------------------------------------------------- end

    /**
     * Ends the trace at its last event: what is still open is resolved by its likely answer (running time of a
     * thread that made no system call: user, or system for kernel threads; a wait no wakeup ended: WAIT_BLOCKED;
     * a CPU's thread never named: a placeholder), then sinks hear the end.
     */
    public void end() {
        if (ended) {
            return;
        }
        ended = true;
        if (!started) {
            sink.end(trace, Long.MIN_VALUE);
            return;
        }
        for (Cpu c : cpus) {
            if (c != null && c.anonymous && !c.current.published) {
                c.current.published = true;
                changes.placeholders++;
                changes.guessPending(c.current);
            }
        }
        for (ThreadRecord child : new ArrayList<>(forked.values())) {
            born(child, child.lastTime); // the trace lost its sched_wakeup_new, or ended before it
        }
        forked.clear();
        List<ThreadRecord> open = new ArrayList<>();
        threads.forEach(open::add);
        for (Cpu c : cpus) {
            if (c != null) {
                open.add(c.current);
                if (c.idle != null) {
                    open.add(c.idle);
                }
            }
        }
        for (ThreadRecord r : open) {
            if (r.queueLength > 0) {
                changes.settle(r, false);
            }
        }
        sink.end(trace, now);
    }

    /**
     * The thread the CPU runs now, as far as the events read so far say: null when the trace has not named it yet (or
     * the CPU has had no event).
     */
    public ThreadRecord onCpu(int cpu) {
        Cpu c = cpu >= 0 && cpu < cpus.length ? cpus[cpu] : null;
        return c == null || c.anonymous ? null : c.current;
    }

    /** When the CPU last switched threads ({@code Long.MIN_VALUE}: no switch yet). */
    public long lastSwitch(int cpu) {
        Cpu c = cpu >= 0 && cpu < cpus.length ? cpus[cpu] : null;
        return c == null ? Long.MIN_VALUE : c.switchedAt;
    }

    /** How many times the CPU switched threads so far. */
    public long switches(int cpu) {
        Cpu c = cpu >= 0 && cpu < cpus.length ? cpus[cpu] : null;
        return c == null ? 0 : c.switches;
    }

    /** The live thread of that TID the trace has shown so far, or null (never creates one). */
    public ThreadRecord aliveThread(int tid) {
        ThreadRecord r = threads.get(tid);
        return r != null && r.alive ? r : null;
    }

    /** First event time of this trace ({@code Long.MIN_VALUE} when it had none). */
    public long first() {
        return started ? start : Long.MIN_VALUE;
    }

    /** Last event time of this trace (never earlier than an event before it). */
    public long last() {
        return started ? now : Long.MIN_VALUE;
    }

    public Trace trace() {
        return trace;
    }

    /** Whether the trace tells user from system time (it declares system call events). */
    public boolean userSystemKnown() {
        return syscalls;
    }

    /** Whether the trace tells I/O waits from other waits (it declares wakeups and block completions). */
    public boolean ioWaitKnown() {
        return io.known();
    }

    /** Whether I/O waits were checked against block requests in flight (the trace records their issue). */
    public boolean ioWaitChecked() {
        return io.checked();
    }

    /** I/O wait over the whole trace, in ns, as checked against block requests in flight: {total, in flight}. */
    public long[] ioWaitCheck() {
        return io.check();
    }

    /** Whether the IRQ (or x86 vector) of that id has a name already. */
    public boolean irqNamed(int id) {
        return namedIrqs.get(id);
    }

    public void nameIrq(int id, String name) {
        namedIrqs.set(id);
        irqNames.put(id, name);
    }

    /** The IRQs' names the trace gave, by IRQ number (x86 vectors from {@code 1 << 16}). */
    public Map<Integer, String> irqNames() {
        return Map.copyOf(irqNames);
    }

    /** The block devices' names the trace's statedump gave, by {@code dev_t}. */
    public Map<Long, String> deviceNames() {
        return io.deviceNames();
    }

    /** CPUs the events name but whose stream the trace lacks (empty when it has them all, or cannot tell). */
    public List<Integer> missingCpus() {
        List<Integer> missing = new ArrayList<>();
        if (presentCpus != null) {
            for (int cpu = namedCpus.nextSetBit(0); cpu >= 0; cpu = namedCpus.nextSetBit(cpu + 1)) {
                if (!presentCpus.get(cpu)) {
                    missing.add(cpu);
                }
            }
        }
        return missing;
    }

    /** What the machine guessed or found contradicted so far. */
    public MachineCounters counters() {
        return new MachineCounters(missingCpus(), movedToMissingCpu, io.statedumpWaitsEndedByIo, changes.placeholders,
                changes.guessedModes, changes.guessedWaits, inconsistencies, eventsWithoutCpu, io.timedOutRequests(),
                syscalls);
    }

    /** Sentences a report must show about how far these results can be trusted. */
    public List<String> caveats() {
        return MachineNotes.caveats(counters());
    }
}
