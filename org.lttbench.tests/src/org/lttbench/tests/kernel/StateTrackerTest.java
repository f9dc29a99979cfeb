package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.StateTracker;
import org.lttbench.core.kernel.ThreadStateMachine;
import org.lttbench.core.kernel.WaitCauses;

/**
 * {@link StateTracker}, by its typed calls: the threads' states at each context switch, one story per test, no trace
 * file; {@code Heard} writes down what the sinks are told.
 */
class StateTrackerTest extends MachineFixture {
    /**
     * What a switch out says, as lttng-modules 2.13 on Linux 5.15 encodes {@code prev_state}: preempted, asleep,
     * stopped, dead; a thread switched in runs.
     */
    @Test
    void theSwitchOutSaysWhyTheThreadLeft() {
        StateTracker states = m.states();
        states.schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("t"));
        m.syscalls().syscall(0, 1_000, false);
        states.schedSwitch(0, 2_000, 10, 0x100, Comm.of("t"), 0, NONE);
        states.schedSwitch(0, 3_000, 0, 0, NONE, 10, NONE);
        states.schedSwitch(0, 4_000, 10, 0x1, Comm.of("t"), 0, NONE);
        states.schedSwitch(0, 5_000, 0, 0, NONE, 10, NONE);
        states.schedSwitch(0, 6_000, 10, 0x4, Comm.of("t"), 0, NONE);
        states.schedSwitch(0, 7_000, 0, 0, NONE, 10, NONE);
        states.schedSwitch(0, 8_000, 10, 0x20, Comm.of("t"), 0, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1000 USER", "2000 WAIT_CPU", "3000 USER",
                "4000 WAIT_BLOCKED", "5000 USER", "6000 WAIT_BLOCKED", "7000 USER", "8000 NOT_ALIVE"),
                heard.states("10"));
        assertEquals(List.of("state 10 4000 WAIT_BLOCKED cause " + WaitCauses.PAGE_FAULT + " by unknown",
                "state 10 6000 WAIT_BLOCKED cause " + WaitCauses.STOPPED + " by unknown"),
                heard.of("state", "10").stream().filter(s -> s.contains("WAIT_BLOCKED")).toList());
    }

    @Test
    void aThreadPreemptedAfterItsExitIsOneThreadUntilItsDeadSwitch() {
        StateTracker states = m.states();
        states.schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("worker"));
        m.syscalls().syscall(0, 1_100, false);
        m.threads().exit(0, 2_000, 10);
        states.schedSwitch(0, 3_000, 10, 0x100, Comm.of("worker"), 11, Comm.of("other"));
        states.schedSwitch(0, 4_000, 11, 0x100, Comm.of("other"), 10, Comm.of("worker"));
        states.schedSwitch(0, 5_000, 10, 0x20, Comm.of("worker"), 0, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1100 USER", "2000 SYSCALL", "3000 WAIT_CPU",
                "4000 SYSCALL", "5000 NOT_ALIVE"), heard.states("10"));
    }

    /** lttng-modules "2.11.0" on 4.18 writing raw bits: an idle worker's TASK_IDLE (0x402) is no I/O wait. */
    @Test
    void rawBitsUnderAReportVersionAreReadAsRawBits() {
        ThreadStateMachine raw = Kernels.machine("11", "4.18.0", heard, Kernels.EVENTS, 2);
        raw.states().schedSwitch(0, 1_000, 0, 0, NONE, 30, Comm.of("kworker/0:1"));
        raw.blocks().block(0, 1_100, true, DISK, true, 8, 8);
        raw.states().schedSwitch(0, 1_500, 30, 0x402, Comm.of("kworker/0:1"), 0, NONE);
        raw.interrupts().interruptEntry(1, 5_000);
        raw.blocks().block(1, 5_100, false, DISK, true, 8, 8);
        raw.wakeups().wakeup(1, 5_200, 30, 0, NONE);
        raw.interrupts().interruptExit(1, 5_300);
        raw.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1500 WAIT_BLOCKED", "5200 WAIT_CPU"), heard.states("30"));
        assertEquals(List.of(), heard.of("ioWait"));
    }

    /** An idle thread off its CPU waits for nothing: it is parked, not waiting for a CPU. */
    @Test
    void anIdleThreadOffItsCpuIsParked() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("t"));
        m.states().schedSwitch(0, 2_000, 10, 0x1, Comm.of("t"), 0, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1000 PARKED", "2000 SYSCALL"), heard.states("idle0"));
    }

    /** A sleep whose wakeup the trace does not show ends at the switch in, woken by what the trace cannot tell. */
    @Test
    void aSleepWithoutItsWakeupEndsAtTheSwitchIn() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("t"));
        m.syscalls().syscall(0, 1_100, true, WaitCauses.LOCK, 3, Long.MIN_VALUE);
        m.states().schedSwitch(0, 2_000, 10, 0x2, Comm.of("t"), 0, NONE);
        m.states().schedSwitch(0, 3_000, 0, 0, NONE, 10, NONE);
        assertEquals(List.of("state 10 2000 WAIT_BLOCKED cause " + WaitCauses.LOCK + " by unknown",
                "state 10 3000 SYSCALL cpu0"), heard.of("state", "10").subList(3, 5));
        assertEquals(List.of(), heard.of("scheduled"), "its wait for a CPU began unseen");
    }

    /** A switch names the thread leaving: a new name is told, and the trace's events agree on which thread ran. */
    @Test
    void aSwitchRenamesTheThreadLeaving() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("old"));
        m.states().schedSwitch(0, 2_000, 10, 0x1, Comm.of("new"), 0, NONE);
        assertEquals(List.of("thread 10 1000 old pid -1", "thread 10 2000 new pid -1"), heard.of("thread"));
        assertEquals(0, m.counters().inconsistencies());
        m.states().schedSwitch(0, 3_000, 12, 0x1, Comm.of("x"), 0, NONE);
        assertEquals(1, m.counters().inconsistencies(), "CPU 0 ran its idle thread, not 12");
    }
}
