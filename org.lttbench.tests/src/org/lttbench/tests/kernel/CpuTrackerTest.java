package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.CpuTracker;

/**
 * {@link CpuTracker}, by its typed calls (and the switches that name what a CPU runs): one story per test, no trace
 * file; {@code Heard} writes down what the sinks are told.
 */
class CpuTrackerTest extends MachineFixture {
    /** A CPU whose thread no event names runs a placeholder from its first event, its time user time at the end. */
    @Test
    void aCpuWhoseThreadIsNeverNamedRunsAPlaceholder() {
        CpuTracker cpus = m.cpus();
        cpus.observe(0, 1_000);
        cpus.observe(0, 3_000);
        assertNull(cpus.onCpu(0));
        m.end();
        assertEquals(List.of("state unnamed 1000 USER cpu0", "end 3000"), heard.all());
        assertEquals(1, m.counters().placeholders());
    }

    /**
     * What a CPU ran before its first switch is the thread that switch names; an interrupt meanwhile is its IRQ time.
     */
    @Test
    void theFirstSwitchNamesWhatTheCpuRanBefore() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 40, Comm.of("a"));
        m.interrupts().interruptEntry(1, 2_000);
        m.interrupts().interruptExit(1, 2_500);
        assertNull(m.cpus().onCpu(1));
        m.wakeups().wakeup(0, 3_000, 41, 1, NONE);
        m.syscalls().syscall(1, 3_500, true);
        m.states().schedSwitch(1, 4_000, 41, 0x1, Comm.of("b"), 0, NONE);
        m.end();
        // the CPU is first seen running its thread (for no time), then in the interrupt
        assertEquals(List.of("1000 UNKNOWN", "2000 USER", "2000 IRQ", "2500 USER", "3500 SYSCALL", "4000 WAIT_BLOCKED"),
                heard.states("41"));
        assertEquals(0, m.counters().placeholders());
    }

    /** Each CPU counts its switches and keeps the time of its last. */
    @Test
    void eachCpuCountsItsSwitches() {
        CpuTracker cpus = m.cpus();
        cpus.observe(1, 500);
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("a"));
        m.states().schedSwitch(0, 2_000, 10, 0x1, Comm.of("a"), 0, NONE);
        assertEquals(2, cpus.switches(0));
        assertEquals(2_000, cpus.lastSwitch(0));
        assertEquals(0, cpus.onCpu(0).tid());
        assertEquals(0, cpus.switches(1));
        assertEquals(Long.MIN_VALUE, cpus.lastSwitch(1));
        assertEquals(0, cpus.switches(7), "a CPU no event named");
        assertNull(cpus.onCpu(7));
    }

    /**
     * A thread runs on one CPU at a time: switched out of another CPU than the one it was followed on, it left that
     * one unseen, which no longer knows what it runs.
     */
    @Test
    void aThreadSwitchedOutElsewhereLeavesItsCpuUnknown() {
        CpuTracker cpus = m.cpus();
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("a"));
        m.syscalls().syscall(0, 1_100, true);
        m.states().schedSwitch(1, 2_000, 10, 0x1, Comm.of("a"), 0, NONE);
        assertNull(cpus.onCpu(0));
        assertEquals(0, cpus.onCpu(1).tid());
        m.end();
        // unknown on CPU 0 from the switch that names it on CPU 1, where it ran from that CPU's first event
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "1100 SYSCALL", "2000 UNKNOWN", "2000 SYSCALL",
                "2000 WAIT_BLOCKED"), heard.states("10"));
        assertEquals(1, m.counters().inconsistencies());
        assertEquals(1, m.counters().placeholders(), "CPU 0's thread from then on");
    }

    /** Time never goes back: a CPU first seen by an event earlier than the latest is observed at the latest time. */
    @Test
    void timeNeverGoesBack() {
        m.cpus().observe(0, 1_000);
        m.cpus().observe(1, 900);
        m.cpus().observe(-1, 2_000);
        assertEquals(1_000, m.first());
        assertEquals(1_000, m.last());
        m.end();
        assertEquals(List.of("state unnamed 1000 USER cpu0", "state unnamed 1000 USER cpu1", "end 1000"), heard.all());
        assertEquals(1, m.counters().eventsWithoutCpu(), "an event without a CPU is ignored");
    }

    /** CPUs the events name but whose stream the trace lacks are missing. */
    @Test
    void cpusTheEventsNameWithoutAStreamAreMissing() {
        m.wakeups().migrate(0, 1_000, 10, 1, 5);
        m.wakeups().wakeup(0, 1_100, 11, 3, NONE);
        assertEquals(List.of(3, 5), m.cpus().missingCpus());
    }
}
