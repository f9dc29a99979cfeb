package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.WakeupTracker;

/**
 * {@link WakeupTracker}, by its typed calls: the wakeups and the waits for a CPU they start, one story per test, no
 * trace file; {@code Heard} writes down what the sinks are told.
 */
class WakeupTrackerTest extends MachineFixture {
    /** Thread 10 asleep from 1500 (switched out of CPU 0), thread 11 on CPU 1 from 1000. */
    private void asleep() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("sleeper"));
        m.states().schedSwitch(1, 1_000, 0, 0, NONE, 11, Comm.of("waker"));
        m.states().schedSwitch(0, 1_500, 10, 0x1, Comm.of("sleeper"), 0, NONE);
    }

    /** A woken thread waits for its CPU from its wakeup until it runs: who woke it is told then. */
    @Test
    void aWokenThreadWaitsForItsCpu() {
        asleep();
        m.wakeups().wakeup(1, 3_000, 10, 0, NONE);
        m.wakeups().wakeup(1, 3_100, 10, 0, NONE);
        m.states().schedSwitch(0, 3_500, 0, 0, NONE, 10, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1500 WAIT_BLOCKED", "3000 WAIT_CPU", "3500 USER"),
                heard.states("10"));
        assertEquals(List.of("state 10 1500 WAIT_BLOCKED cause 13 by thread 11"),
                heard.of("state", "10").subList(2, 3));
        assertEquals(List.of("scheduled 10 woken 3000-3500 cpu0 by thread 11"), heard.of("scheduled"));
    }

    /** A preempted thread waits for a CPU from its switch out, woken by nothing. */
    @Test
    void aPreemptedThreadWaitsWithoutAWaker() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("a"));
        m.states().schedSwitch(0, 2_000, 10, 0x100, Comm.of("a"), 11, Comm.of("b"));
        m.states().schedSwitch(0, 2_500, 11, 0x1, Comm.of("b"), 10, Comm.of("a"), 20);
        assertEquals(List.of("scheduled 10 preempted 2000-2500 cpu0 prio 20 by none"), heard.of("scheduled"));
    }

    /** A new thread waits for a CPU from its {@code sched_wakeup_new}, woken by the thread that made it. */
    @Test
    void aNewThreadWaitsFromItsWakeupNew() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 60, Comm.of("parent"));
        m.threads().fork(0, 2_000, 60, 60, 61, 61, Comm.of("child"));
        m.wakeups().wakeup(0, 2_050, 61, 1, NONE);
        m.states().schedSwitch(1, 3_000, 0, 0, NONE, 61, NONE);
        assertEquals(List.of("scheduled 61 new 2050-3000 cpu1 by thread 60"), heard.of("scheduled"));
    }

    /** A thread woken to a CPU whose stream the trace lacks is unknown from then on. */
    @Test
    void aThreadWokenToAMissingCpuIsUnknown() {
        asleep();
        m.wakeups().wakeup(1, 3_000, 10, 5, NONE);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1500 WAIT_BLOCKED", "3000 UNKNOWN"), heard.states("10"));
        assertEquals(1, m.counters().movedToMissingCpu());
        assertEquals(List.of(5), m.missingCpus());
    }

    /** A migration is told; it moves a thread waiting for a CPU, to the unknown when the trace lacks that CPU. */
    @Test
    void aMigrationMovesAWaitingThread() {
        asleep();
        m.wakeups().wakeup(1, 3_000, 10, 0, NONE);
        m.wakeups().migrate(1, 3_100, 10, 0, 1);
        m.wakeups().migrate(1, 3_200, 99, 0, 1);
        m.states().schedSwitch(1, 3_300, 11, 0x1, Comm.of("waker"), 10, NONE);
        m.wakeups().migrate(0, 4_000, 11, 1, 0);
        m.wakeups().wakeup(0, 5_000, 11, 1, NONE);
        m.wakeups().migrate(0, 5_100, 11, 1, 7);
        m.end();
        assertEquals(List.of("migrated 10 3100 cpu0->cpu1", "migrated 99 3200 cpu0->cpu1",
                "migrated 11 4000 cpu1->cpu0", "migrated 11 5100 cpu1->cpu7"), heard.of("migrated"));
        assertEquals(List.of("scheduled 10 woken 3000-3300 cpu1 by thread 11"), heard.of("scheduled"));
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "3300 WAIT_BLOCKED", "5000 WAIT_CPU", "5100 UNKNOWN"),
                heard.states("11"));
    }

    /**
     * A wakeup of a thread not known yet while a CPU's thread is unnamed: it may be that CPU's thread (woken on its
     * CPU, about to sleep); that CPU's first switch tells, which here names another.
     */
    @Test
    void aWakeupWhileACpuIsUnnamedWaitsForItsFirstSwitch() {
        m.cpus().observe(1, 1_000);
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("a"));
        m.wakeups().wakeup(0, 2_000, 12, 1, NONE);
        assertEquals(List.of("1000 UNKNOWN"), heard.states("12"), "runnable, or running on CPU 1: not told yet");
        m.states().schedSwitch(1, 3_000, 13, 0x1, Comm.of("c"), 12, Comm.of("b"));
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "2000 WAIT_CPU", "3000 USER"), heard.states("12"));
        assertEquals(List.of("scheduled 12 woken 2000-3000 cpu1 by thread 10"), heard.of("scheduled"));
    }
}
