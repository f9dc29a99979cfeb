package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.SyscallTracker;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.WaitCauses;

/**
 * {@link SyscallTracker}, by its typed calls: the system calls and file descriptors, one story per test, no trace
 * file; {@code Heard} writes down what the sinks are told.
 */
class SyscallTrackerTest extends MachineFixture {
    /** System call ids as a run's {@code SyscallNames} would number them. */
    private static final int READ = 7, OPEN = 8, CLOSE = 9, SOCKET = 10;

    /** Thread 10 on CPU 0 from 1000 (in user space or a system call: no event has said). */
    private static void onCpu0(ThreadStateMachine machine) {
        machine.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("reader"));
    }

    /**
     * A call is told at its exit, with its time asleep (switched out until woken) and waiting for a CPU (woken until
     * switched in).
     */
    @Test
    void aCallIsToldAtItsExitWithItsTimeOffTheCpu() {
        onCpu0(m);
        SyscallTracker syscalls = m.syscalls();
        syscalls.syscall(0, 1_100, true, WaitCauses.READING, READ, Long.MIN_VALUE);
        m.states().schedSwitch(0, 1_500, 10, 0x1, Comm.of("reader"), 0, NONE);
        m.wakeups().wakeup(1, 3_000, 10, 0, NONE);
        m.states().schedSwitch(0, 3_500, 0, 0, NONE, 10, Comm.of("reader"));
        syscalls.syscall(0, 4_000, false, WaitCauses.READING, READ, 5);
        assertEquals(List.of("syscall 10 7 1100-4000 ret 5 blocked 1500 waitCpu 500"), heard.of("syscall"));
    }

    /**
     * The first system call event tells where the thread was until then: an exit, in that call (system time, and its
     * sleeps in it); an entry, in user space.
     */
    @Test
    void theFirstSyscallEventTellsWhereTheThreadWas() {
        onCpu0(m);
        m.states().schedSwitch(1, 1_000, 0, 0, NONE, 11, Comm.of("writer"));
        m.syscalls().syscall(0, 2_000, false, WaitCauses.READING, READ, 5);
        m.syscalls().syscall(1, 2_000, true, WaitCauses.READING, READ, Long.MIN_VALUE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "2000 USER"), heard.states("10"));
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "2000 SYSCALL"), heard.states("11"));
        assertEquals(List.of(), heard.of("syscall"), "no entry seen: the call began before the trace");
    }

    /**
     * A sleep's cause is the call the thread sleeps in: reading a socket, once the trace said the descriptor is one.
     */
    @Test
    void aSleepWaitsInItsCall() {
        onCpu0(m);
        SyscallTracker syscalls = m.syscalls();
        syscalls.syscall(0, 1_100, true, WaitCauses.NONE, SOCKET, Long.MIN_VALUE);
        syscalls.syscall(0, 1_200, false, WaitCauses.NONE, SOCKET, 4);
        syscalls.descriptorMade(0, 1_200, 4, "socket");
        syscalls.syscall(0, 1_300, true, WaitCauses.READING, READ, Long.MIN_VALUE);
        syscalls.syscallFd(0, 1_300, 4);
        m.states().schedSwitch(0, 1_500, 10, 0x1, Comm.of("reader"), 0, NONE);
        m.wakeups().wakeup(1, 3_000, 10, 0, NONE);
        assertEquals(List.of("state 10 1500 WAIT_BLOCKED cause " + WaitCauses.READING_SOCKET + " by unknown"),
                heard.of("state", "10").stream().filter(s -> s.contains("WAIT_BLOCKED")).toList());
    }

    /** Reads and writes are told with what their descriptor is: a file opened, then nothing once closed. */
    @Test
    void readsAreToldWithWhatTheirDescriptorIs() {
        Heard files = new Heard(true);
        ThreadStateMachine followed = Kernels.machine(files);
        onCpu0(followed);
        followed.threads().runningThread(0, 1_000, 10, 10);
        SyscallTracker syscalls = followed.syscalls();
        syscalls.syscall(0, 1_100, true, WaitCauses.NONE, OPEN, Long.MIN_VALUE);
        syscalls.opening(0, 1_100, "/etc/hosts");
        syscalls.syscall(0, 1_200, false, WaitCauses.NONE, OPEN, 3);
        syscalls.descriptorMade(0, 1_200, 3, null);
        for (long t = 2_000; t <= 4_000; t += 2_000) {
            syscalls.syscall(0, t, true, WaitCauses.READING, READ, Long.MIN_VALUE);
            syscalls.fileIoEntry(0, t, 3, false);
            syscalls.fileIo(0, t + 100, 100);
            syscalls.syscall(0, t + 100, false, WaitCauses.READING, READ, 100);
            syscalls.syscall(0, t + 200, true, WaitCauses.NONE, CLOSE, Long.MIN_VALUE);
            syscalls.syscallFd(0, t + 200, 3);
            syscalls.syscall(0, t + 300, false, WaitCauses.NONE, CLOSE, 0);
            syscalls.descriptorClosed(0, t + 300, 0);
        }
        assertEquals(List.of("fileIo 10 2100 fd 3 /etc/hosts DISK read 100",
                "fileIo 10 4100 fd 3 null UNKNOWN read 100"), files.of("fileIo"));
    }

    /** A forked process sees its parent's descriptors, the statedump's too. */
    @Test
    void aForkedProcessSeesItsParentsDescriptors() {
        Heard files = new Heard(true);
        ThreadStateMachine followed = Kernels.machine(files, Kernels.withoutWakeupNew());
        followed.syscalls().statedumpDescriptor(0, 900, 10, 5, "pipe:[123]");
        followed.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("parent"));
        followed.threads().runningThread(0, 1_000, 10, 10);
        followed.threads().fork(0, 1_100, 10, 10, 12, 12, Comm.of("child"));
        followed.states().schedSwitch(0, 1_200, 10, 0x1, Comm.of("parent"), 12, Comm.of("child"));
        followed.syscalls().syscall(0, 2_000, true, WaitCauses.READING, READ, Long.MIN_VALUE);
        followed.syscalls().fileIoEntry(0, 2_000, 5, false);
        followed.syscalls().fileIo(0, 2_100, 10);
        assertEquals(List.of("fileIo 12 2100 fd 5 pipe:[123] UNKNOWN read 10"), files.of("fileIo"));
    }

    /** Calls in an interrupt handler are not the interrupted thread's. */
    @Test
    void callsInAHandlerAreNotTheThreads() {
        onCpu0(m);
        m.syscalls().syscall(0, 1_100, true, WaitCauses.NONE, READ, Long.MIN_VALUE);
        m.interrupts().interruptEntry(0, 1_200);
        m.syscalls().syscall(0, 1_300, false, WaitCauses.NONE, READ, 0);
        m.interrupts().interruptExit(0, 1_400);
        m.syscalls().syscall(0, 1_500, false, WaitCauses.NONE, READ, 0);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1100 SYSCALL", "1200 IRQ", "1400 SYSCALL", "1500 USER"),
                heard.states("10"));
        assertEquals(List.of("syscall 10 7 1100-1500 ret 0 blocked 0 waitCpu 0"), heard.of("syscall"));
    }

    /** Without system call events, running time is user or system, for good; kernel threads' system. */
    @Test
    void withoutSyscallEventsRunningTimeIsUserOrSystem() {
        ThreadStateMachine noSyscalls = Kernels.machine(heard, List.of("sched_switch", "sched_waking"));
        noSyscalls.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("a"));
        noSyscalls.states().schedSwitch(0, 2_000, 10, 0x1, Comm.of("a"), 0, NONE);
        noSyscalls.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER_OR_SYSTEM", "2000 WAIT_BLOCKED"), heard.states("10"));
        assertEquals(List.of("state 10 2000 WAIT_BLOCKED cause " + WaitCauses.NO_SYSCALL_EVENTS + " by none"),
                heard.of("state", "10").subList(2, 3));
    }
}
