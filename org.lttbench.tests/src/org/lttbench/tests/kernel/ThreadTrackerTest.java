package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.ThreadTracker;
import org.lttbench.core.trace.KernelLayout;

/**
 * {@link ThreadTracker}, by its typed calls: the threads' lives and names, one story per test, no trace file;
 * {@code Heard} writes down what the sinks are told.
 */
class ThreadTrackerTest extends MachineFixture {
    /**
     * A forked thread is born runnable at its sched_wakeup_new (TASK_NEW before: not runnable, its parent still in
     * clone()), even when a migration names it before; at its fork in a trace that does not record that event, or
     * when another event names it first (the wakeup lost), or when the trace ends before it.
     */
    @ParameterizedTest
    @MethodSource("withAndWithoutWakeupNew")
    void aForkedThreadIsBornAtItsWakeupNew(List<String> events) {
        boolean wakeupNew = events.contains("sched_wakeup_new");
        ThreadStateMachine machine = Kernels.machine(heard, events);
        ThreadTracker threads = machine.threads();
        machine.states().schedSwitch(0, 1_000, 0, 0, NONE, 60, Comm.of("parent"));
        machine.syscalls().syscall(0, 1_100, true);
        threads.fork(0, 2_000, 60, 60, 61, 61, Comm.of("parent"));
        machine.wakeups().migrate(0, 2_010, 61, 0, 1);
        if (wakeupNew) {
            machine.wakeups().wakeup(0, 2_050, 61, 1, Comm.of("parent"));
        }
        threads.fork(0, 2_100, 60, 60, 62, 62, Comm.of("parent"));
        threads.fork(0, 2_200, 60, 60, 63, 63, Comm.of("parent"));
        machine.states().schedSwitch(1, 3_000, 0, 0, NONE, 61, Comm.of("parent"));
        machine.states().schedSwitch(0, 3_500, 60, 0x100, Comm.of("parent"), 62, Comm.of("parent"));
        machine.end();
        assertEquals(List.of((wakeupNew ? "2050" : "2000") + " WAIT_CPU", "3000 SYSCALL"), heard.states("61"));
        assertEquals(List.of("2100 WAIT_CPU", "3500 SYSCALL"), heard.states("62"), "switched in, its wakeup lost");
        assertEquals(List.of("2200 WAIT_CPU"), heard.states("63"), "the trace ended before its wakeup");
        assertEquals(List.of("thread 61 2000 parent pid 61"), heard.of("thread", "61"), "told at its fork");
    }

    static List<List<String>> withAndWithoutWakeupNew() {
        return List.of(Kernels.EVENTS, Kernels.withoutWakeupNew());
    }

    /** A kernel thread's child is a kernel thread, a process of its own; so is a child of kthreadd. */
    @Test
    void aChildOfKthreaddIsAKernelThread() {
        ThreadStateMachine noWakeupNew = Kernels.machine(heard, Kernels.withoutWakeupNew());
        noWakeupNew.states().schedSwitch(0, 1_000, 0, 0, NONE, KernelLayout.KTHREADD_TID, Comm.of("kthreadd"));
        noWakeupNew.threads().fork(0, 2_000, KernelLayout.KTHREADD_TID, 0, 80, -1, Comm.of("kworker/0:1"));
        noWakeupNew.states().schedSwitch(0, 3_000, KernelLayout.KTHREADD_TID, 0x1, Comm.of("kthreadd"), 80, NONE);
        noWakeupNew.end();
        assertEquals(List.of("thread 80 2000 kworker/0:1 pid 80 kernel"), heard.of("thread", "80"));
        // a kernel thread runs in the kernel: system time, with no system call event
        assertEquals(List.of("2000 WAIT_CPU", "3000 SYSCALL"), heard.states("80"));
    }

    /**
     * A thread that execs leads its process (its PID is its TID) and is called by the file's base name, cut to the
     * kernel's 15 bytes.
     */
    @Test
    void execRenamesTheThreadAndMakesItLeadItsProcess() {
        m.threads().runningThread(0, 1_000, 71, 70);
        m.threads().exec(0, 2_000, 71, "/usr/local/bin/a-rather-long-program");
        assertEquals(List.of("thread 71 1000 null pid 70", "thread 71 2000 null pid 71",
                "thread 71 2000 a-rather-long-p pid 71"), heard.of("thread"));
    }

    /** From its {@code sched_process_exit}, a thread runs in the kernel: its user time ends there. */
    @Test
    void anExitingThreadRunsInTheKernel() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("worker"));
        m.syscalls().syscall(0, 1_100, false);
        m.threads().exit(0, 2_000, 10);
        m.states().schedSwitch(0, 3_000, 10, 0x20, Comm.of("worker"), 0, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1100 USER", "2000 SYSCALL", "3000 NOT_ALIVE"),
                heard.states("10"));
    }

    /**
     * {@code sched_process_free} ends a thread whatever the trace said last: a wait no wakeup ended is blocked until
     * then; a CPU believed to run it no longer knows what it runs.
     */
    @Test
    void aFreedThreadIsGone() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("sleeper"));
        m.syscalls().syscall(0, 1_100, true);
        m.states().schedSwitch(0, 1_500, 10, 0x2, Comm.of("sleeper"), 11, Comm.of("runner"));
        m.threads().free(1, 4_000, 10);
        m.threads().free(1, 4_100, 11);
        assertNull(m.cpus().onCpu(0));
        assertNull(m.aliveThread(10));
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1100 SYSCALL", "1500 WAIT_BLOCKED", "4000 NOT_ALIVE"),
                heard.states("10"));
        assertEquals(List.of("1000 UNKNOWN", "1500 USER", "4100 UNKNOWN", "4100 NOT_ALIVE"), heard.states("11"));
        assertEquals(1, m.counters().inconsistencies(), "CPU 0's thread freed while it ran");
    }

    /** A TID forked again while its thread lives: that thread ended unseen, and the TID names a new one. */
    @Test
    void aTidReusedNamesANewThread() {
        ThreadStateMachine noWakeupNew = Kernels.machine(heard, Kernels.withoutWakeupNew());
        noWakeupNew.states().schedSwitch(0, 1_000, 0, 0, NONE, 60, Comm.of("parent"));
        noWakeupNew.threads().fork(0, 2_000, 60, 60, 61, 61, Comm.of("first"));
        noWakeupNew.threads().fork(0, 3_000, 60, 60, 61, 61, Comm.of("second"));
        assertEquals("second", noWakeupNew.aliveThread(61).name());
        assertEquals(List.of("2000 WAIT_CPU", "3000 NOT_ALIVE", "3000 WAIT_CPU"), heard.states("61"));
        assertEquals(1, noWakeupNew.counters().inconsistencies());
    }

    /**
     * The statedump names the threads alive before the trace and says which are kernel threads, blocked or runnable;
     * its end makes the others user threads, in a trace without system call events.
     */
    @Test
    void theStatedumpTellsTheThreadsAliveBeforeTheTrace() {
        ThreadStateMachine statedump = Kernels.machine(heard, List.of("sched_switch", "sched_waking",
                "lttng_statedump_process_state", "lttng_statedump_end"));
        statedump.threads().statedumpProcess(0, 1_000, 2, 0, Comm.of("kthreadd"), KernelLayout.KERNEL_THREAD,
                KernelLayout.STATUS_WAIT, 0);
        statedump.threads().statedumpProcess(0, 1_100, 90, 90, Comm.of("daemon"), 0, KernelLayout.STATUS_RUN, 1);
        statedump.threads().statedumpProcess(0, 1_200, 91, 90, Comm.of("zombie"), 0, KernelLayout.STATUS_ZOMBIE, 1);
        statedump.threads().statedumpEnd(0, 1_300);
        statedump.states().schedSwitch(1, 2_000, 90, 0x1, Comm.of("daemon"), 0, NONE);
        statedump.end();
        assertEquals(List.of("thread 2 1000 kthreadd pid 2 kernel", "thread 90 1100 daemon pid 90"),
                heard.of("thread"));
        // the statedump's wait: not an I/O wait, blocked since before the trace, its end unseen
        assertEquals(List.of("1000 UNKNOWN", "1000 WAIT_BLOCKED"), heard.states("2"));
        // runnable in the statedump, then running until its switch out: on CPU 1 from that CPU's first event
        assertEquals(List.of("1000 UNKNOWN", "1100 WAIT_CPU", "2000 USER_OR_SYSTEM", "2000 WAIT_BLOCKED"),
                heard.states("90"));
        assertEquals(List.of(), heard.states("91"), "a thread already over is not told");
    }

    /** A thread's priority is told when the trace first gives it and when it changes; not for idle threads. */
    @Test
    void aPriorityIsToldWhenItChanges() {
        ThreadTracker threads = m.threads();
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("a"));
        threads.priority(0, 1_000, 10, 20);
        threads.priority(0, 2_000, 10, 20);
        threads.priority(0, 3_000, 10, -2);
        threads.priority(0, 3_000, 0, 20);
        threads.priority(0, 3_000, 12, 20);
        threads.priority(0, 3_000, 10, ThreadStateMachine.UNTOLD);
        assertEquals(List.of("priority 10 1000 20", "priority 10 3000 -2"), heard.of("priority"));
    }

    /** A {@code tid} context names the CPU's thread before any switch, and a {@code pid} context its process. */
    @Test
    void contextsNameTheCpusThread() {
        m.cpus().observe(0, 1_000);
        m.threads().runningThread(0, 2_000, 42, ThreadStateMachine.UNTOLD);
        assertEquals(42, m.cpus().onCpu(0).tid());
        m.threads().runningThread(0, 2_100, 42, 40);
        m.threads().runningThread(0, 2_200, 42, 41);
        assertEquals(40, m.cpus().onCpu(0).pid(), "a PID once told holds");
        m.end();
        assertEquals(List.of("thread 42 2100 null pid 40"), heard.of("thread"));
        assertEquals(List.of("1000 UNKNOWN", "1000 USER"), heard.states("42"));
    }
}
