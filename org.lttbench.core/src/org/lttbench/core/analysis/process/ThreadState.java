package org.lttbench.core.analysis.process;

/**
 * Where a thread's time goes at one moment. Running = {@link #USER} + {@link #SYSCALL} + {@link #IRQ} +
 * {@link #USER_OR_SYSTEM}.
 */
public enum ThreadState {
    /** On a CPU, outside system calls (page faults and traps included: no event separates them). */
    USER,
    /** On a CPU, inside a system call (a kernel thread's, or the idle thread's, whole running time). */
    SYSCALL,
    /** On a CPU, but the CPU runs a hard IRQ or softirq handler instead of the thread. */
    IRQ,
    /**
     * On a CPU, in user space or in a system call: the trace cannot tell which (it recorded no system call events).
     * Kernel threads are never here: they always run in the kernel ({@link #SYSCALL}).
     */
    USER_OR_SYSTEM,
    /** Runnable and waiting for a CPU: woken but not yet running, or preempted. */
    WAIT_CPU,
    /** Blocked in an uninterruptible sleep that block-device I/O completion ended. */
    WAIT_IO,
    /**
     * Blocked for anything else (futex, poll, sleep, network, an uninterruptible wait on a lock, an idle kernel
     * thread), or blocked until the trace ends.
     */
    WAIT_BLOCKED,
    /** Alive, but the trace has not told its state yet, or the thread is on a CPU whose stream the trace lacks. */
    UNKNOWN,
    /** A CPU's idle thread while the CPU runs another thread: not waiting for anything, so not a wait state. */
    PARKED,
    /** Exited: the thread will not run again (its row ends here). */
    NOT_ALIVE;

    private static final ThreadState[] VALUES = values();

    public boolean running() {
        return this == USER || this == SYSCALL || this == IRQ || this == USER_OR_SYSTEM;
    }

    static ThreadState of(int ordinal) {
        return VALUES[ordinal];
    }
}
