package org.lttbench.core.kernel;

/**
 * Where a thread's time goes at one moment, and everything a report, a view or a stored history says of it, written
 * once here: the stable code stored files hold (never the enum's position), the table column its time is in (its key,
 * title and description; none for states that are not a column), the legend's words and the colour every view draws
 * it with (Okabe-Ito's colour-blind-safe palette). Running = {@link #USER} + {@link #SYSCALL} + {@link #IRQ} +
 * {@link #USER_OR_SYSTEM}. Adding a state is one constant here.
 */
public enum ThreadState {
    /** On a CPU, outside system calls (page faults and traps included: no event separates them). */
    USER(1, "user_ns", "User", "User", 0x009E73,
            "time on a CPU outside system calls (empty when the trace has no system call events)"),
    /** On a CPU, inside a system call (a kernel thread's, or the idle thread's, whole running time). */
    SYSCALL(2, "system_ns", "System", "System call", 0x0072B2,
            "time on a CPU inside system calls, and all running time of kernel threads (empty when the trace has no "
                    + "system call events and the thread is not a kernel thread)"),
    /** On a CPU, but the CPU runs a hard IRQ or softirq handler instead of the thread. */
    IRQ(3, "irq_ns", "IRQ", "IRQ", 0xD55E00, "time on a CPU taken by hard IRQ and softirq handlers"),
    /**
     * On a CPU, in user space or in a system call: the trace cannot tell which (it recorded no system call events).
     * Kernel threads are never here: they always run in the kernel ({@link #SYSCALL}).
     */
    USER_OR_SYSTEM(4, null, "User or system", "User or system (no system call events)", 0x008892,
            "time on a CPU, user or system: the trace has no system call events to tell"),
    /** Runnable and waiting for a CPU: woken but not yet running, or preempted. */
    WAIT_CPU(5, "wait_cpu_ns", "Wait CPU", "Waiting for a CPU", 0xE69F00,
            "runnable and waiting for a CPU (woken, or preempted)"),
    /** Blocked in an uninterruptible sleep that block-device I/O completion ended. */
    WAIT_IO(6, "wait_io_ns", "Wait I/O", "Blocked on disk I/O", 0xCC79A7,
            "blocked in an uninterruptible sleep that block-device I/O completion ended (empty when the trace has no "
                    + "block completion or wakeup events)"),
    /**
     * Blocked for anything else (futex, poll, sleep, network, an uninterruptible wait on a lock, an idle kernel
     * thread), or blocked until the trace ends.
     */
    WAIT_BLOCKED(7, "wait_blocked_ns", "Blocked", "Blocked", 0x56B4E9,
            "blocked on anything else (futex, poll, sleep, network, a lock, an idle kernel thread), or until the "
                    + "trace's end"),
    /** Alive, but the trace has not told its state yet, or the thread is on a CPU whose stream the trace lacks. */
    UNKNOWN(8, "unknown_ns", "Unknown", "Unknown", 0x787878,
            "alive, but the trace had not told the state yet, or on a CPU whose stream the trace lacks"),
    /** A CPU's idle thread while the CPU runs another thread: not waiting for anything, so not a wait state. */
    PARKED(9, null, "Parked", "Idle thread, parked", 0xE0E0E0, "a CPU's idle thread while the CPU runs another"),
    /** Exited: the thread will not run again (its row ends here). */
    NOT_ALIVE(10, null, "Not alive", "Not alive", 0xFFFFFF, "the thread has ended");

    private static final ThreadState[] VALUES = values();
    private static final ThreadState[] BY_CODE = new ThreadState[16];
    static {
        for (ThreadState s : VALUES) {
            BY_CODE[s.code] = s;
        }
    }

    private final int code;
    private final String key;
    private final String title;
    private final String legend;
    private final int rgb;
    private final String description;

    ThreadState(int code, String key, String title, String legend, int rgb, String description) {
        this.code = code;
        this.key = key;
        this.title = title;
        this.legend = legend;
        this.rgb = rgb;
        this.description = description;
    }

    public boolean running() {
        return this == USER || this == SYSCALL || this == IRQ || this == USER_OR_SYSTEM;
    }

    /** The code stored files (a Trace Compass state system) hold for this state: stable across versions. */
    public int code() {
        return code;
    }

    /** The state of a stored code, or null for a code no state has. */
    public static ThreadState ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** The key of the table column that holds this state's time ({@code user_ns}), or null when none does. */
    public String columnKey() {
        return key;
    }

    /** Its title in a table ({@code Wait CPU}) and a chart's series. */
    public String title() {
        return title;
    }

    /** Its words in a legend or a tooltip ({@code Waiting for a CPU}). */
    public String legend() {
        return legend;
    }

    /** What its column means. */
    public String description() {
        return description;
    }

    /** The colour every view draws it with, as 0xRRGGBB. */
    public int rgb() {
        return rgb;
    }

    /** The state of that ordinal, without the copy {@code values()} makes at each call (the pass asks per change). */
    public static ThreadState of(int ordinal) {
        return VALUES[ordinal];
    }
}
