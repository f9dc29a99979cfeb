package org.lttbench.core.analysis.process;

import static org.lttbench.core.analysis.process.ThreadRecord.BLOCKED_UNRESOLVED;
import static org.lttbench.core.analysis.process.ThreadRecord.MODE_EITHER;
import static org.lttbench.core.analysis.process.ThreadRecord.MODE_SYSCALL;
import static org.lttbench.core.analysis.process.ThreadRecord.MODE_UNKNOWN;
import static org.lttbench.core.analysis.process.ThreadRecord.MODE_USER;
import static org.lttbench.core.analysis.process.ThreadRecord.RUNNABLE_UNRESOLVED;
import static org.lttbench.core.analysis.process.ThreadRecord.RUN_UNRESOLVED;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import org.lttbench.core.analysis.TidTable;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.PrevState;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.PrevStateEncoding;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.Trace;

/**
 * The thread state machine of one LTTng kernel trace (one machine): it follows each CPU's running thread and
 * interrupt nesting, and each thread's state, and tells a {@link ThreadStateSink} every change.
 *
 * <p>What it infers, and from what:
 * <ul>
 * <li>Running: from {@code sched_switch}. User or system: from system call entry and exit; a thread whose first
 * system call event is an exit was in that call since before (its earlier running time was system time); one
 * whose first is an entry was in user space. Kernel threads (statedump type, children of {@code kthreadd}) and idle
 * threads always run in the kernel: their running time is system time. A trace without system call events cannot
 * tell user from system: other threads' running time is {@link ThreadState#USER_OR_SYSTEM}.</li>
 * <li>IRQ: while the thread's CPU runs a hard IRQ or softirq handler.</li>
 * <li>Waits: {@code prev_state} decoded by the {@link KernelLayout}. Runnable (a yield, 0; or a preemption, 0x100
 * or {@code TASK_RUNNING | TASK_STATE_MAX} depending on tracer and kernel) is WAIT_CPU until the next switch-in. An
 * uninterruptible sleep ({@code D}) is classified at the wakeup ({@code sched_waking}, else {@code sched_wakeup}):
 * WAIT_IO when {@code block_rq_complete}/{@code block_bio_complete} (of a request to a disk)
 * happened in the waker's current context (the same interrupt handler; in process context, since the CPU's last
 * switch or system call boundary); WAIT_BLOCKED otherwise, and for waits the trace ends in. Every other sleep
 * (interruptible, stopped, an idle kernel thread's {@code TASK_IDLE}) is WAIT_BLOCKED: being woken by a block
 * completion does not make it an I/O wait. Without block completion events (or wakeups) the trace cannot tell
 * I/O waits: uninterruptible sleeps are WAIT_BLOCKED and {@link #ioWaitKnown()} says so.</li>
 * <li>Threads alive before the trace: UNKNOWN from the trace's start until an event tells their state; the
 * statedump's process states say blocked (WAIT_BLOCKED: the statedump does not say whether uninterruptibly) or
 * runnable (then WAIT_CPU until switched in, unless the thread turns out to be a CPU's running thread).</li>
 * <li>CPUs the events name (wakeup targets, migrations, the statedump) but whose stream the trace lacks: a thread
 * woken or moved to one is UNKNOWN from then on, until an event on a CPU the trace has tells its state.</li>
 * <li>What a CPU ran before its first {@code sched_switch}: the thread that switch names as {@code prev_tid} (or a
 * {@code tid} context says), from the CPU's first event.</li>
 * </ul>
 * Time never goes back: an event earlier than the last one (overlapping packets) counts at the last one's time.
 */
public final class ThreadStateMachine {
    /** Deferred changes one thread may hold before its pending ones are resolved by a guess. */
    private static final int QUEUE_LIMIT = 1 << 12;
    /** Deferred changes of a CPU's unnamed running thread before it becomes a reported placeholder. */
    private static final int ANONYMOUS_LIMIT = 1 << 16;
    /** Interrupt nesting levels: 0 is process context. */
    private static final int MAX_NESTING = 16;

    /** Something an event class does to the machine, with its fields resolved once. */
    @FunctionalInterface
    public interface EventHandler {
        void handle(Event event);
    }

    private final class Cpu {
        final int id;
        ThreadRecord current;
        /** The current thread is a stand-in whose TID is not known yet (its changes are all deferred). */
        boolean anonymous;
        ThreadRecord idle;
        int depth;
        final boolean[] ioCompletion = new boolean[MAX_NESTING + 1];
        /** Device of the latest block completion in each context (-1: none named). */
        final long[] ioDevice = new long[MAX_NESTING + 1];

        Cpu(int id) {
            this.id = id;
        }
    }

    private final Trace trace;
    private final KernelLayout layout;
    private final PrevStateEncoding prevStates;
    private final ThreadStateSink sink;
    private final IntSupplier indexes;
    private final TidTable<ThreadRecord> threads = new TidTable<>();
    private Cpu[] cpus = new Cpu[0];
    private long start;
    private long now = Long.MIN_VALUE;
    private boolean started;
    private boolean ended;

    /** Whether the trace can tell user from system time: it declares system call events. */
    private final boolean syscalls;
    /** Whether it can tell I/O waits: it declares wakeups and block completions. */
    private final boolean ioKnown;
    /** Whether it records block request issues: I/O waits can be checked against requests in flight. */
    private final boolean ioChecked;
    private final boolean statedumpDeclared;
    private boolean statedumpDone;
    private final InFlightRequests requests = new InFlightRequests();
    private final Map<Long, String> deviceNames = new HashMap<>();
    /** CPUs with a stream, and CPUs the events name; null when a stream's CPU is unknown (no check then). */
    private final BitSet presentCpus;
    private final BitSet namedCpus = new BitSet();
    private long ioWaitChecked;
    private long ioWaitInFlight;
    private long statedumpWaitsEndedByIo;
    private long movedToMissingCpu;

    private long guessedModes;
    private long guessedWaits;
    private long inconsistencies;
    private long eventsWithoutCpu;
    private long placeholders;

    /**
     * @param indexes gives each new {@link ThreadRecord} its dense index (shared by every machine of one run)
     */
    public ThreadStateMachine(Trace trace, KernelLayout layout, ThreadStateSink sink, IntSupplier indexes) {
        this.trace = trace;
        this.layout = layout;
        this.prevStates = layout.prevStateEncoding();
        this.sink = sink;
        this.indexes = indexes;
        this.syscalls = layout.declares(Role.SYSCALL_ENTRY);
        this.ioKnown = (layout.declares(Role.SCHED_WAKING) || layout.declares(Role.SCHED_WAKEUP))
                && (layout.declares(Role.BLOCK_RQ_COMPLETE) || layout.declares(Role.BLOCK_BIO_COMPLETE));
        this.ioChecked = ioKnown && layout.declares(Role.BLOCK_RQ_ISSUE) && layout.declares(Role.BLOCK_RQ_COMPLETE);
        this.statedumpDeclared = layout.declares(Role.STATEDUMP_PROCESS_STATE);
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

    /** The {@code prev_state} encoding as this trace's values decided it. */
    public PrevStateEncoding prevStates() {
        return prevStates;
    }

    /** The handler of this event class (every class has one). Resolve once per class. */
    public EventHandler handler(EventType type) {
        EventHandler byRole = roleHandler(type, layout.role(type));
        FieldHandle tidContext = integer(layout.runningTidField(type));
        FieldHandle pidContext = integer(layout.runningPidField(type));
        if (tidContext == null && pidContext == null) {
            return byRole;
        }
        // a tid/pid context names the running thread: it resolves a CPU's unnamed one, and gives PIDs
        return e -> {
            Cpu c = cpu(e);
            if (c != null) {
                long t = time(e);
                if (tidContext != null && c.anonymous) {
                    adopt(c, thread((int) e.longValue(tidContext), c), t);
                }
                if (pidContext != null && !c.anonymous && c.current.pid() < 0 && c.current.tid() > 0) {
                    c.current.pid((int) e.longValue(pidContext));
                    sink.threadUpdated(c.current, t);
                }
            }
            if (byRole != null) {
                byRole.handle(e);
            }
        };
    }

    private EventHandler roleHandler(EventType type, Role role) {
        return switch (role) {
            case SCHED_SWITCH -> {
                FieldHandle prevTid = integer(field(type, "prev_tid"));
                FieldHandle prevState = integer(field(type, "prev_state"));
                FieldHandle nextTid = integer(field(type, "next_tid"));
                FieldHandle prevComm = field(type, "prev_comm");
                FieldHandle nextComm = field(type, "next_comm");
                if (prevTid == null || prevState == null || nextTid == null) {
                    yield this::touch;
                }
                yield e -> schedSwitch(e, (int) e.longValue(prevTid), e.longValue(prevState), prevComm,
                        (int) e.longValue(nextTid), nextComm);
            }
            case SCHED_WAKING, SCHED_WAKEUP, SCHED_WAKEUP_NEW -> {
                FieldHandle tid = integer(field(type, "tid"));
                FieldHandle target = integer(field(type, "target_cpu"));
                FieldHandle comm = field(type, "comm");
                if (tid == null) {
                    yield this::touch;
                }
                yield e -> wakeup(e, (int) e.longValue(tid), target == null ? -1 : (int) e.longValue(target), comm);
            }
            case PROCESS_FORK -> {
                FieldHandle parentTid = integer(field(type, "parent_tid"));
                FieldHandle parentPid = integer(field(type, "parent_pid"));
                FieldHandle childTid = integer(field(type, "child_tid"));
                FieldHandle childPid = integer(field(type, "child_pid"));
                FieldHandle childComm = field(type, "child_comm");
                if (parentTid == null || childTid == null) {
                    yield this::touch;
                }
                yield e -> fork(e, (int) e.longValue(parentTid), parentPid == null ? -1 : (int) e.longValue(parentPid),
                        (int) e.longValue(childTid), childPid == null ? -1 : (int) e.longValue(childPid), childComm);
            }
            case PROCESS_EXEC -> {
                FieldHandle execTid = integer(field(type, "tid"));
                FieldHandle filename = field(type, "filename");
                yield e -> exec(e, execTid == null ? -1 : (int) e.longValue(execTid), filename);
            }
            case PROCESS_EXIT -> {
                FieldHandle tid = integer(field(type, "tid"));
                yield tid == null ? (EventHandler) this::touch : e -> exit(e, (int) e.longValue(tid));
            }
            case PROCESS_FREE -> {
                FieldHandle tid = integer(field(type, "tid"));
                yield tid == null ? (EventHandler) this::touch : e -> free(e, (int) e.longValue(tid));
            }
            case SYSCALL_ENTRY -> e -> syscall(e, true);
            case SYSCALL_EXIT -> e -> syscall(e, false);
            case IRQ_ENTRY, SOFTIRQ_ENTRY -> this::interruptEntry;
            case IRQ_EXIT -> e -> interruptExit(e);
            case SOFTIRQ_EXIT -> e -> interruptExit(e);
            case BLOCK_RQ_ISSUE, BLOCK_RQ_COMPLETE, BLOCK_BIO_COMPLETE -> {
                FieldHandle dev = integer(field(type, "dev"));
                FieldHandle sector = integer(field(type, "sector"));
                FieldHandle sectors = integer(field(type, "nr_sector"));
                boolean request = role != Role.BLOCK_BIO_COMPLETE && dev != null && sector != null;
                boolean issue = role == Role.BLOCK_RQ_ISSUE;
                yield e -> block(e, issue, dev == null ? -1 : e.longValue(dev), request,
                        sector == null ? 0 : e.longValue(sector), sectors == null ? 0 : e.longValue(sectors));
            }
            case STATEDUMP_BLOCK_DEVICE -> {
                FieldHandle dev = integer(field(type, "dev"));
                FieldHandle name = field(type, "diskname");
                yield dev == null || name == null ? (EventHandler) this::touch : e -> {
                    touch(e);
                    deviceNames.put(e.longValue(dev), e.stringValue(name));
                };
            }
            case STATEDUMP_END -> e -> {
                touch(e);
                statedumpEnded();
            };
            case STATEDUMP_PROCESS_STATE -> {
                FieldHandle tid = integer(field(type, "tid"));
                FieldHandle pid = integer(field(type, "pid"));
                FieldHandle name = field(type, "name");
                FieldHandle kind = integer(field(type, "type"));
                FieldHandle status = integer(field(type, "status"));
                FieldHandle onCpu = integer(field(type, "cpu"));
                if (tid == null || status == null) {
                    yield this::touch;
                }
                yield e -> statedump(e, (int) e.longValue(tid), pid == null ? -1 : (int) e.longValue(pid), name,
                        kind == null ? -1 : e.longValue(kind), e.longValue(status),
                        onCpu == null ? -1 : (int) e.longValue(onCpu));
            }
            case SCHED_MIGRATE_TASK -> {
                FieldHandle tid = integer(field(type, "tid"));
                FieldHandle dest = integer(field(type, "dest_cpu"));
                FieldHandle orig = integer(field(type, "orig_cpu"));
                yield tid == null || dest == null ? (EventHandler) this::touch
                        : e -> migrate(e, (int) e.longValue(tid), orig == null ? -1 : (int) e.longValue(orig),
                                (int) e.longValue(dest));
            }
            // any other event still marks its CPU as observed and moves time on: spans run from each CPU's first
            // event to the trace's last
            default -> this::touch;
        };
    }

    /** The payload field lttng-modules names {@code name}, under this trace's tracer's name. */
    private FieldHandle field(EventType type, String name) {
        return layout.payloadField(type, name);
    }

    private void touch(Event e) {
        if (cpu(e) != null) {
            time(e);
        }
    }

    private static FieldHandle integer(FieldHandle f) {
        if (f == null) {
            return null;
        }
        return switch (f.kind()) {
            case SIGNED_INTEGER, UNSIGNED_INTEGER, ENUMERATION -> f;
            default -> null;
        };
    }

    // ---------------------------------------------------------------- time, CPUs, threads

    private long time(Event e) {
        long t = e.timestamp();
        if (!started) {
            started = true;
            start = t;
            now = t;
        } else if (t > now) {
            now = t;
        }
        return now;
    }

    private Cpu cpu(Event e) {
        int id = e.cpu();
        if (id < 0 && e.stream() != null) {
            id = e.stream().cpu();
        }
        if (id < 0 || id > 1 << 16) {
            eventsWithoutCpu++;
            return null;
        }
        if (id >= cpus.length) {
            cpus = Arrays.copyOf(cpus, Math.max(id + 1, cpus.length * 2));
        }
        Cpu c = cpus[id];
        if (c == null) {
            long t = time(e);
            c = new Cpu(id);
            cpus[id] = c;
            becomeAnonymous(c, t);
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
        enter(anonymous, runningState(anonymous, c), t, c.id);
    }

    /** The record of a TID (the CPU's idle thread for TID 0), created alive and UNKNOWN since the trace's start. */
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
        enter(r, state, t, onCpu);
    }

    private int runningState(ThreadRecord r, Cpu c) {
        if (c.depth > 0) {
            return ThreadState.IRQ.ordinal();
        }
        return modeState(r.mode);
    }

    /** The running state of a mode: RUN_UNRESOLVED while the mode is unknown. */
    private static int modeState(int mode) {
        return switch (mode) {
            case MODE_USER -> ThreadState.USER.ordinal();
            case MODE_SYSCALL -> ThreadState.SYSCALL.ordinal();
            case MODE_EITHER -> ThreadState.USER_OR_SYSTEM.ordinal();
            default -> RUN_UNRESOLVED;
        };
    }

    private static boolean pending(int state) {
        return state >= RUN_UNRESOLVED;
    }

    private static boolean onCpu(int state) {
        return state == RUN_UNRESOLVED || (state < RUN_UNRESOLVED && ThreadState.of(state).running());
    }

    // ---------------------------------------------------------------- telling sinks

    private void enter(ThreadRecord r, int state, long t, int onCpu) {
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
            r.enqueue(t, state, onCpu);
            if (!r.alive) {
                settle(r, false); // a thread that ended leaves nothing open
            } else if (r.queueLength > (r.placeholder() ? ANONYMOUS_LIMIT : QUEUE_LIMIT)) {
                guessPending(r);
            }
            return;
        }
        r.lastTold = t;
        r.toldState = state;
        sink.stateChange(r, told(r, state), t, onCpu);
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
    private void flush(ThreadRecord r) {
        if (r.placeholder() && !r.published) {
            return;
        }
        int i = 0;
        while (i < r.queueLength && !pending(r.queueState[i])) {
            r.lastTold = r.queueTime[i];
            r.toldState = r.queueState[i];
            sink.stateChange(r, told(r, r.queueState[i]), r.queueTime[i], r.queueCpu[i]);
            i++;
        }
        if (i > 0) {
            int rest = r.queueLength - i;
            System.arraycopy(r.queueTime, i, r.queueTime, 0, rest);
            System.arraycopy(r.queueState, i, r.queueState, 0, rest);
            System.arraycopy(r.queueCpu, i, r.queueCpu, 0, rest);
            r.queueLength = rest;
        }
    }

    private void resolve(ThreadRecord r, int from, int to) {
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

    private void resolveMode(ThreadRecord r, int mode) {
        r.mode = mode;
        resolve(r, RUN_UNRESOLVED, modeState(mode));
    }

    /** The mode of a thread no event told: user (or the trace cannot tell), or system for kernel threads. */
    private int likelyMode(ThreadRecord r) {
        return r.kernelThread() ? MODE_SYSCALL : syscalls ? MODE_USER : MODE_EITHER;
    }

    /** Too much deferred: take the likely answer for what is still open, and tell it. */
    private void guessPending(ThreadRecord r) {
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
    private void settle(ThreadRecord r, boolean guess) {
        for (int i = 0; i < r.queueLength; i++) {
            long until = i + 1 < r.queueLength ? r.queueTime[i + 1] : now;
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
        resolve(r, BLOCKED_UNRESOLVED, ThreadState.WAIT_BLOCKED.ordinal());
        resolve(r, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
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
            enter(anonymous, ThreadState.NOT_ALIVE.ordinal(), t, -1);
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
            resolveMode(p, mode);
        }
        for (int i = 0; i < anonymous.queueLength; i++) {
            int state = anonymous.queueState[i];
            if (state == RUN_UNRESOLVED && mode != MODE_UNKNOWN) {
                state = modeState(mode);
            }
            enter(p, state, anonymous.queueTime[i], anonymous.queueCpu[i]);
        }
        anonymous.queueLength = 0;
        if (p.lastTime > t && onCpu(p.state)) {
            inconsistencies++;
        }
    }

    /** A thread runs on one CPU at a time: another CPU believed to run it no longer knows what it runs. */
    private void runsOnlyHere(ThreadRecord r, Cpu c, long t) {
        if (onCpu(r.state) && r.cpu != c.id && r.cpu >= 0 && r.cpu < cpus.length && cpus[r.cpu] != null
                && !cpus[r.cpu].anonymous && cpus[r.cpu].current == r) {
            forgetCurrent(cpus[r.cpu], t);
        }
    }

    /** The CPU's running thread is no longer known (the trace contradicted what we believed). */
    private void forgetCurrent(Cpu c, long t) {
        inconsistencies++;
        if (!c.anonymous) {
            enter(c.current, ThreadState.UNKNOWN.ordinal(), t, -1);
        }
        becomeAnonymous(c, t);
    }

    // ---------------------------------------------------------------- events

    private void schedSwitch(Event e, int prevTid, long prevStateValue, FieldHandle prevComm, int nextTid,
            FieldHandle nextComm) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        ThreadRecord prev = thread(prevTid, c);
        if (c.anonymous) {
            runsOnlyHere(prev, c, t);
            adopt(c, prev, t);
        } else if (c.current != prev) {
            inconsistencies++; // the thread we followed on this CPU left it unseen
            enter(c.current, ThreadState.UNKNOWN.ordinal(), t, -1);
            runsOnlyHere(prev, c, t);
            c.current = prev;
        }
        if (c.depth > 0) {
            inconsistencies++; // no switch happens inside an interrupt handler: an exit was lost
            c.depth = 0;
        }
        c.ioCompletion[0] = false;
        if (prevComm != null && prevTid != 0 && (prev.name() == null || !e.stringEquals(prevComm, prev.name()))) {
            rename(prev, e.stringValue(prevComm), t);
        }
        PrevState how = prevStates.decode(prevStateValue, t, prev.exiting);
        prev.statedumpWait = false;
        // an exiting thread may still be preempted, or block, before its last switch (dead)
        if (how == PrevState.DEAD) {
            enter(prev, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        } else if (how == PrevState.RUNNABLE) {
            enter(prev, ThreadState.WAIT_CPU.ordinal(), t, c.id);
        } else if (how == PrevState.UNINTERRUPTIBLE && ioKnown) {
            prev.sleepStart = t;
            prev.busyAtSleep = requests.busy(t);
            enter(prev, BLOCKED_UNRESOLVED, t, -1); // I/O or not: the wakeup tells
        } else {
            enter(prev, ThreadState.WAIT_BLOCKED.ordinal(), t, -1);
        }

        ThreadRecord next = thread(nextTid, c);
        if (next.name() == null && nextComm != null) {
            rename(next, e.stringValue(nextComm), t);
        }
        runsOnlyHere(next, c, t);
        if (next.state == BLOCKED_UNRESOLVED) {
            resolve(next, BLOCKED_UNRESOLVED, ThreadState.WAIT_BLOCKED.ordinal()); // its wakeup was not traced
        } else if (next.state == RUNNABLE_UNRESOLVED) {
            resolve(next, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
        }
        c.current = next;
        c.anonymous = false;
        enter(next, runningState(next, c), t, c.id);
    }

    private void wakeup(Event e, int tid, int targetCpu, FieldHandle comm) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        ThreadRecord r = thread(tid, c);
        if (r.name() == null && comm != null) {
            rename(r, e.stringValue(comm), t);
        }
        nameCpu(targetCpu);
        int state = r.state;
        if (state == BLOCKED_UNRESOLVED) {
            long device = ioDevice(c);
            boolean io = device != NO_IO;
            if (io) {
                ioWaitEnded(r, device, t);
            }
            resolve(r, BLOCKED_UNRESOLVED, io ? ThreadState.WAIT_IO.ordinal() : ThreadState.WAIT_BLOCKED.ordinal());
            woken(r, t, targetCpu);
        } else if (state == ThreadState.UNKNOWN.ordinal() && anyUnnamedCpu() && !missing(targetCpu)) {
            // it may be the thread a CPU runs before its first switch (woken on its CPU, about to sleep): that
            // switch tells, else it waited for a CPU
            enter(r, RUNNABLE_UNRESOLVED, t, targetCpu);
        } else if (state == ThreadState.WAIT_BLOCKED.ordinal() || state == ThreadState.WAIT_IO.ordinal()
                || state == ThreadState.UNKNOWN.ordinal()) {
            if (r.statedumpWait && ioKnown && ioDevice(c) != NO_IO) {
                statedumpWaitsEndedByIo++;
            }
            r.statedumpWait = false;
            woken(r, t, targetCpu);
        } else if (state == RUNNABLE_UNRESOLVED) {
            if (!anyUnnamedCpu()) { // else it may still be a CPU's unnamed thread (sched_wakeup after sched_waking)
                resolve(r, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
            }
            r.cpu = targetCpu;
        } else if (state == ThreadState.WAIT_CPU.ordinal() && missing(targetCpu)) {
            movedToMissingCpu++; // a new thread's first wakeup
            enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
        } else if (state == ThreadState.WAIT_CPU.ordinal() && targetCpu >= 0) {
            r.cpu = targetCpu;
        }
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

    /** {@link #ioDevice(Cpu)} when a wakeup is not made by block-device I/O completion. */
    private static final long NO_IO = Long.MIN_VALUE;

    /**
     * Whether a wakeup made now on this CPU comes from block-device I/O completion: a completion in the waker's own
     * context (the same interrupt handler, or in process context since the CPU's last switch or system call
     * boundary). The device of that completion (-1 when the event did not name it), or {@link #NO_IO}. Being in the
     * block softirq is not enough: it also wakes workers and runs completions that were not disk I/O.
     */
    private static long ioDevice(Cpu c) {
        return c.ioCompletion[c.depth] ? c.ioDevice[c.depth] : NO_IO;
    }

    /** An uninterruptible sleep ends by I/O completion at {@code t}: sinks hear it, and it is checked. */
    private void ioWaitEnded(ThreadRecord r, long device, long t) {
        long from = r.sleepStart;
        sink.ioWait(r, device, from, t);
        if (ioChecked && t > from) {
            ioWaitChecked += t - from;
            ioWaitInFlight += requests.busyWithin(from, r.busyAtSleep, t);
        }
    }

    /** A woken thread waits for its target CPU, or, when the trace lacks that CPU's stream, is unknown from now. */
    private void woken(ThreadRecord r, long t, int targetCpu) {
        if (missing(targetCpu)) {
            movedToMissingCpu++;
            enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
        } else {
            enter(r, ThreadState.WAIT_CPU.ordinal(), t, targetCpu);
        }
    }

    private void nameCpu(int cpu) {
        if (cpu >= 0 && cpu < 1 << 16) {
            namedCpus.set(cpu);
        }
    }

    /** Whether the events name that CPU but the trace has no stream for it. */
    private boolean missing(int cpu) {
        return presentCpus != null && cpu >= 0 && cpu < 1 << 16 && !presentCpus.get(cpu);
    }

    private void fork(Event e, int parentTid, int parentPid, int childTid, int childPid, FieldHandle childComm) {
        Cpu c = cpu(e);
        if (c == null || childTid <= 0) {
            return;
        }
        long t = time(e);
        ThreadRecord parent = thread(parentTid, c);
        if (parent.pid() < 0 && parentPid > 0) {
            parent.pid(parentPid);
            sink.threadUpdated(parent, t);
        }
        ThreadRecord old = threads.get(childTid);
        if (old != null && old.alive) {
            inconsistencies++; // the TID is reused: its former thread ended without a trace of it
            enter(old, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        }
        ThreadRecord child = new ThreadRecord(indexes.getAsInt(), childTid, trace, -1, false);
        threads.put(childTid, child);
        boolean kernel = parent.kernelThread() || parentTid == 2;
        // a kernel thread is a process of its own
        child.pid(childPid > 0 ? childPid : kernel ? childTid : -1);
        child.name(childComm == null ? parent.name() : e.stringValue(childComm));
        child.kernelThread(kernel);
        // a child returns from the parent's clone(): it starts where the parent is (in the call), kernel threads in
        // the kernel; without system call events, where the parent is may be unknown for good
        child.mode = kernel ? MODE_SYSCALL : parent.mode == MODE_UNKNOWN && !syscalls ? MODE_EITHER : parent.mode;
        sink.threadUpdated(child, t);
        birth(child, t, ThreadState.WAIT_CPU.ordinal(), -1);
    }

    private void exec(Event e, int tid, FieldHandle filename) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        ThreadRecord r = tid > 0 ? thread(tid, c) : c.anonymous ? null : c.current;
        if (r == null || filename == null) {
            return;
        }
        if (r.tid() > 0 && r.pid() != r.tid()) {
            r.pid(r.tid()); // a thread that execs leads its process from then on (the kernel gives it the PID as TID)
            sink.threadUpdated(r, t);
        }
        String path = e.stringValue(filename);
        String base = path.substring(path.lastIndexOf('/') + 1);
        // the kernel's comm: the file's base name, at most TASK_COMM_LEN - 1 bytes
        rename(r, base.length() > 15 ? base.substring(0, 15) : base, t);
    }

    private void exit(Event e, int tid) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        ThreadRecord r = threads.get(tid);
        if (r == null || !r.alive) {
            return;
        }
        r.exiting = true;
        if (r.mode == MODE_USER) {
            // it runs in the kernel from now on, until its last switch (even one killed in user space)
            r.mode = MODE_SYSCALL;
            if (!c.anonymous && c.current == r && c.depth == 0) {
                enter(r, ThreadState.SYSCALL.ordinal(), t, c.id);
            }
        }
    }

    private void free(Event e, int tid) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        ThreadRecord r = threads.get(tid);
        if (r == null || !r.alive) {
            return;
        }
        for (Cpu other : cpus) {
            if (other != null && !other.anonymous && other.current == r) {
                forgetCurrent(other, t);
            }
        }
        if (r.state == BLOCKED_UNRESOLVED) {
            resolve(r, BLOCKED_UNRESOLVED, ThreadState.WAIT_BLOCKED.ordinal());
        }
        enter(r, ThreadState.NOT_ALIVE.ordinal(), t, -1);
    }

    private void syscall(Event e, boolean entry) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        ThreadRecord r = c.current;
        c.ioCompletion[0] = false;
        if (c.depth > 0 || r.kernelThread()) {
            return;
        }
        if (r.mode == MODE_UNKNOWN) {
            // the first system call event tells where the thread was until now
            resolveMode(r, entry ? MODE_USER : MODE_SYSCALL);
        }
        r.mode = entry ? MODE_SYSCALL : MODE_USER;
        enter(r, entry ? ThreadState.SYSCALL.ordinal() : ThreadState.USER.ordinal(), t, c.id);
    }

    private void interruptEntry(Event e) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        if (c.depth == MAX_NESTING) {
            inconsistencies++;
            return;
        }
        c.depth++;
        c.ioCompletion[c.depth] = false;
        if (c.depth == 1) {
            enter(c.current, ThreadState.IRQ.ordinal(), t, c.id);
        }
    }

    private void interruptExit(Event e) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        if (c.depth == 0) {
            return; // the trace began inside this handler
        }
        c.depth--;
        if (c.depth == 0) {
            enter(c.current, runningState(c.current, c), t, c.id);
        }
    }

    private void block(Event e, boolean issue, long device, boolean request, long sector, long sectors) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        if (device == 0) {
            return; // a request without a disk (a command such as a CD-ROM's media poll): not disk I/O
        }
        if (issue) {
            if (request && ioChecked) { // without completions (or wakeups) nothing would end them, nor read them
                requests.issue(t, device, sector, sectors);
            }
            return;
        }
        if (request && ioChecked && requests.complete(t, device, sector, sectors)) {
            ioWaitInFlight = ioWaitChecked; // a request in flight since the trace began covered every wait so far
        }
        c.ioCompletion[c.depth] = true;
        c.ioDevice[c.depth] = device;
    }

    /** The statedump is over: threads it did not call kernel threads are user threads. */
    private void statedumpEnded() {
        statedumpDone = true;
        if (syscalls) {
            return;
        }
        List<ThreadRecord> all = new ArrayList<>();
        threads.forEach(all::add);
        for (ThreadRecord r : all) {
            if (r.alive && r.mode == MODE_UNKNOWN) {
                resolveMode(r, likelyMode(r));
            }
        }
    }

    private void statedump(Event e, int tid, int pid, FieldHandle name, long kind, long status, int onCpu) {
        Cpu c = cpu(e);
        if (c == null || tid <= 0) {
            return;
        }
        nameCpu(onCpu);
        long t = time(e);
        ThreadRecord existing = threads.get(tid);
        boolean gone = status == 3 || status == 4 || status == 7; // exit, zombie, dead
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
            r.name(e.stringValue(name));
            changed = true;
        }
        if (kind == 1 && !r.kernelThread()) {
            r.kernelThread(true);
            if (r.pid() < 0) {
                r.pid(tid);
            }
            changed = true;
            if (r.mode == MODE_UNKNOWN) {
                resolveMode(r, MODE_SYSCALL);
            }
        }
        if (changed) {
            sink.threadUpdated(r, t);
        }
        if (r.state != ThreadState.UNKNOWN.ordinal()) {
            return; // events already told its state
        }
        if (gone) {
            enter(r, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        } else if (status == 5) { // wait: interruptible or not, the statedump does not say, so never an I/O wait
            r.statedumpWait = true;
            enter(r, ThreadState.WAIT_BLOCKED.ordinal(), t, -1);
        } else if (status == 1 || status == 2 || status == 6) { // wait_fork, wait_cpu, run: runnable
            enter(r, RUNNABLE_UNRESOLVED, t, -1);
        }
    }

    private void migrate(Event e, int tid, int orig, int dest) {
        Cpu c = cpu(e);
        if (c == null) {
            return;
        }
        long t = time(e);
        nameCpu(orig);
        nameCpu(dest);
        ThreadRecord r = threads.get(tid);
        if (r != null && r.alive && r.state == ThreadState.WAIT_CPU.ordinal()) {
            if (missing(dest)) {
                movedToMissingCpu++;
                enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
            } else {
                r.cpu = dest;
            }
        }
    }

    private void rename(ThreadRecord r, String name, long t) {
        if (name != null && !name.isEmpty() && !name.equals(r.name())) {
            r.name(name);
            sink.threadUpdated(r, t);
        }
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
                placeholders++;
                guessPending(c.current);
            }
        }
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
                settle(r, false);
            }
        }
        sink.end(trace, now);
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
        return ioKnown;
    }

    /** Whether I/O waits were checked against block requests in flight (the trace records their issue). */
    public boolean ioWaitChecked() {
        return ioChecked;
    }

    /** I/O wait over the whole trace, in ns, as checked against block requests in flight: {total, in flight}. */
    public long[] ioWaitCheck() {
        return new long[] { ioWaitChecked, ioWaitInFlight };
    }

    /** The block devices' names the trace's statedump gave, by {@code dev_t}. */
    public Map<Long, String> deviceNames() {
        return Map.copyOf(deviceNames);
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

    /** Sentences a report must show about how far these results can be trusted. */
    public List<String> caveats() {
        List<String> notes = new ArrayList<>();
        List<Integer> missing = missingCpus();
        if (!missing.isEmpty()) {
            notes.add("partial trace: its events name CPU(s) " + missing.stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", ")) + " but it has no stream for them; "
                    + movedToMissingCpu + " time(s) a thread was woken or moved there, its time from then on is unknown "
                    + "(until an event on a CPU the trace has tells its state)");
        }
        if (statedumpWaitsEndedByIo > 0) {
            notes.add(statedumpWaitsEndedByIo + " wait(s) that began before the trace ended with block I/O completion: "
                    + "the statedump does not say whether they were uninterruptible, so they count as blocked, not I/O");
        }
        if (placeholders > 0) {
            notes.add(placeholders + " CPU(s) ran a thread the trace never named (before their first sched_switch): "
                    + "its time shows as \"(unknown thread on CPU n)\"");
        }
        if (guessedModes > 0 && layout.declares(Role.SYSCALL_ENTRY)) {
            notes.add(guessedModes + " thread(s) ran without a system call event to tell user from system time: "
                    + "that running time counts as user time");
        }
        if (guessedWaits > 0) {
            notes.add(guessedWaits + " blocked wait(s) were counted as WAIT_BLOCKED before their wakeup was seen");
        }
        if (inconsistencies > 0) {
            notes.add(inconsistencies + " event(s) contradicted the state followed so far (lost events?): "
                    + "the states around them may be off");
        }
        if (eventsWithoutCpu > 0) {
            notes.add(eventsWithoutCpu + " kernel event(s) had no CPU and were ignored");
        }
        if (requests.timedOut() > 0) {
            notes.add(requests.timedOut() + " block request(s) had no completion within " + InFlightRequests.TIMEOUT_S
                    + " s of their issue (lost events?): the I/O wait check counts each as in flight for those "
                    + InFlightRequests.TIMEOUT_S + " s");
        }
        return notes;
    }
}
