package org.lttbench.core.kernel;

import org.lttbench.core.trace.Trace;

/**
 * One thread's life as the trace shows it: identity (TID, PID, name) for sinks to read, and the bookkeeping of the
 * state machine's trackers (its state and deferred changes, its system call, its sleep, its wait for a CPU), each
 * tracker reading and writing the fields its events concern. A TID reused after the thread's end gets a new record.
 * The idle thread of each CPU (TID 0) is a record of its own; so is the placeholder for a CPU's running thread the
 * trace never names.
 */
public final class ThreadRecord {
    /** Where running code is when no interrupt handler runs: not yet known, user space, kernel. */
    static final int MODE_UNKNOWN = 0, MODE_USER = 1, MODE_SYSCALL = 2;
    /** User space or kernel, and the trace will never tell which (it has no system call events). */
    static final int MODE_EITHER = 3;

    // internal states beyond ThreadState's ordinals, told to sinks once resolved
    /** On a CPU, user or system not yet known (no system call event seen yet). */
    static final int RUN_UNRESOLVED = ThreadState.values().length;
    /** Blocked in an uninterruptible sleep: I/O or not is known at the wakeup. */
    static final int BLOCKED_UNRESOLVED = RUN_UNRESOLVED + 1;
    /** The statedump says runnable: on some CPU, or waiting for one. */
    static final int RUNNABLE_UNRESOLVED = RUN_UNRESOLVED + 2;
    /**
     * A wait that is over (WAIT_BLOCKED) of a thread whose first system call event is still to come: that event says
     * what it waited in (an exit names the call it was in all along; an entry, that it was outside one).
     */
    static final int WAITED_CAUSE_UNRESOLVED = RUN_UNRESOLVED + 3;

    private final int index;
    private final int tid;
    private final Trace trace;
    private final int idleCpu;
    private final boolean placeholder;
    private int pid = -1;
    private String name;
    private boolean kernelThread;
    /** The {@link #index()} of the thread whose fork the trace shows made this one, or -1. */
    private int parent = -1;

    // the trackers' bookkeeping
    int state = -1;
    int cpu = -1;
    int mode = MODE_UNKNOWN;
    /** Told by {@code sched_process_exit}: its next dead switch is its last. */
    boolean exiting;
    /** The system call the thread is in, as a wait's cause ({@link WaitCauses}); NONE before an entry was seen. */
    int syscallCause;
    /** The current sleep may be an I/O wait: uninterruptible, in a trace that tells I/O waits. */
    boolean ioCandidate;
    /** The descriptor the current system call reads (or duplicates, or closes), -1 when none. */
    int syscallFd = -1;
    /** The read or write the current system call is ({@link #FILE_READ}...; 0: neither, or not followed), and its entry. */
    int fileIo;
    long fileIoEntry;
    static final int FILE_READ = 1, FILE_WRITE = 2;
    /** The path the current open system call opens, until its exit gives the descriptor. */
    String opening;
    /** When the current uninterruptible sleep began, and the machine's busy block-request time then. */
    long sleepStart;
    long busyAtSleep;
    /** The current wait is the statedump's (interruptible or not: the statedump does not say). */
    boolean statedumpWait;
    /** The system call whose entry the trace showed and whose exit is to come ({@link SyscallNames}), or NONE. */
    int syscall = SyscallNames.NONE;
    /** When it began, and its time off a CPU so far: blocked (switched out asleep to woken), waiting for a CPU. */
    long syscallEntry;
    long syscallBlocked;
    long syscallWaitCpu;
    /** When the thread last left a CPU. */
    long leftCpu;
    /** Why it waits for a CPU ({@link ThreadStateSink#WOKEN}...; 0: not told), since when, and who woke it. */
    int runnableKind;
    long runnableSince;
    int runnableWaker;
    boolean alive = true;
    /** The priority last told ({@link ThreadStateSink#priority}), or {@link ThreadStateMachine#UNTOLD}. */
    int prio = ThreadStateMachine.UNTOLD;
    /** Time of the latest change, told or deferred. */
    long lastTime = Long.MIN_VALUE;
    /** Time and state of the latest change told to sinks. */
    long lastTold = Long.MIN_VALUE;
    int toldState = -1;
    /** A placeholder whose changes are told (the CPU's thread stayed unnamed too long, or to the end). */
    boolean published;
    /** Changes not yet told to sinks, because one of them is still unresolved (or the identity is). */
    long[] queueTime;
    int[] queueState;
    int[] queueCpu;
    /** A wait's reason ({@link ThreadStateSink#stateChange(ThreadRecord, ThreadState, long, int, long)}), else 0. */
    long[] queueWhy;
    int queueLength;

    ThreadRecord(int index, int tid, Trace trace, int idleCpu, boolean placeholder) {
        this.index = index;
        this.tid = tid;
        this.trace = trace;
        this.idleCpu = idleCpu;
        this.placeholder = placeholder;
    }

    /**
     * A thread as a kept history tells it, to replay that history for another range without reading the trace: its
     * identity as last known. Its state machine bookkeeping is unused.
     */
    public static ThreadRecord restored(int index, int tid, Trace trace, int idleCpu, boolean placeholder, int pid,
            String name, boolean kernelThread, int parent) {
        ThreadRecord r = new ThreadRecord(index, tid, trace, idleCpu, placeholder);
        r.pid = pid;
        r.name = name;
        r.kernelThread = kernelThread;
        r.parent = parent;
        return r;
    }

    /** Dense over every record of one run: sinks index arrays with it. */
    public int index() {
        return index;
    }

    /** The TID; 0 for idle threads; -1 for a placeholder. */
    public int tid() {
        return tid;
    }

    /** The process (thread group) ID, or -1 when the trace never told it. */
    public int pid() {
        return pid;
    }

    public String name() {
        return name;
    }

    /** The CPU of an idle thread, -1 for other threads. */
    public int idleCpu() {
        return idleCpu;
    }

    /** A CPU's running thread whose TID the trace never told (it ran before the CPU's first sched_switch). */
    public boolean placeholder() {
        return placeholder;
    }

    public boolean kernelThread() {
        return kernelThread;
    }

    /**
     * The {@link #index()} of the thread that forked this one ({@code sched_process_fork}'s parent: the thread that
     * called {@code clone}), or -1 for a thread the trace does not show being forked.
     */
    public int parent() {
        return parent;
    }

    /** The kernel trace this thread belongs to (threads of two machines never mix). */
    public Trace trace() {
        return trace;
    }

    /**
     * Whether the state machine holds changes of this thread it has not told its sinks yet (one of them waits for a
     * later event to say what it was): until then, what the sinks last heard may not be the thread's state now.
     */
    public boolean changesPending() {
        return queueLength > 0;
    }

    /** Whether the thread is alive as the state machine sees it (it has not ended). */
    public boolean alive() {
        return alive;
    }

    void pid(int value) {
        this.pid = value;
    }

    void name(String value) {
        this.name = value;
    }

    void kernelThread(boolean value) {
        this.kernelThread = value;
    }

    void parent(int index) {
        this.parent = index;
    }

    /** The thread waits for a CPU from {@code t}, for that reason ({@link WakeupSink#WOKEN}...), woken by {@code by}. */
    void runnable(int kind, long t, int by) {
        runnableKind = kind;
        runnableSince = t;
        runnableWaker = by;
    }

    /**
     * The thread runs where the trace does not show (a CPU without a stream): neither its wait for a CPU nor its
     * system call can be measured (the call may end, and others begin, unseen).
     */
    void lostSight() {
        runnableKind = 0;
        syscall = SyscallNames.NONE;
    }

    /**
     * Until when the changes told of this thread hold, the trace having reached {@code now}: its first change not told
     * yet (still unresolved: a later event says what it is), else {@code now}.
     */
    public long toldUntil(long now) {
        return queueLength > 0 ? Math.min(now, queueTime[0]) : now;
    }

    void enqueue(long time, int st, int onCpu, long why) {
        if (queueTime == null) {
            queueTime = new long[4];
            queueState = new int[4];
            queueCpu = new int[4];
            queueWhy = new long[4];
        } else if (queueLength == queueTime.length) {
            int n = queueLength * 2;
            queueTime = java.util.Arrays.copyOf(queueTime, n);
            queueState = java.util.Arrays.copyOf(queueState, n);
            queueCpu = java.util.Arrays.copyOf(queueCpu, n);
            queueWhy = java.util.Arrays.copyOf(queueWhy, n);
        }
        queueTime[queueLength] = time;
        queueState[queueLength] = st;
        queueCpu[queueLength] = onCpu;
        queueWhy[queueLength] = why;
        queueLength++;
    }

    /**
     * Lets the queue's arrays go: the thread ended and told all its changes, and a pass keeps every thread it met
     * (tens of thousands that lived briefly).
     */
    void dropQueue() {
        queueTime = null;
        queueState = null;
        queueCpu = null;
        queueWhy = null;
    }

    @Override
    public String toString() {
        return (placeholder ? "placeholder" : tid == 0 ? "idle/" + idleCpu : Integer.toString(tid)) + " " + name;
    }
}
