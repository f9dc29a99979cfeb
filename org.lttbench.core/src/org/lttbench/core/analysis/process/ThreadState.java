package org.lttbench.core.analysis.process;

/** Where a thread's time goes at one moment. Running = {@link #USER} + {@link #SYSCALL} + {@link #IRQ}. */
public enum ThreadState {
    /** On a CPU, outside system calls (page faults and traps included: no event separates them). */
    USER,
    /** On a CPU, inside a system call (a kernel thread's, or the idle thread's, whole running time). */
    SYSCALL,
    /** On a CPU, but the CPU runs a hard IRQ or softirq handler instead of the thread. */
    IRQ,
    /** Runnable and waiting for a CPU: woken but not yet running, or preempted. */
    WAIT_CPU,
    /** Blocked, and woken by block-device I/O completion. */
    WAIT_IO,
    /** Blocked for anything else (futex, poll, sleep, network), or blocked until the trace ends. */
    WAIT_BLOCKED,
    /** Alive, but the trace has not told its state yet. */
    UNKNOWN,
    /** A CPU's idle thread while the CPU runs another thread: not waiting for anything, so not a wait state. */
    PARKED,
    /** Exited: the thread will not run again (its row ends here). */
    NOT_ALIVE;

    private static final ThreadState[] VALUES = values();

    public boolean running() {
        return this == USER || this == SYSCALL || this == IRQ;
    }

    static ThreadState of(int ordinal) {
        return VALUES[ordinal];
    }
}
