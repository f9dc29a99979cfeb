package org.lttbench.tests.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lttbench.core.kernel.Comm;
import org.lttbench.core.kernel.InterruptTracker;
import org.lttbench.core.kernel.Waker;

/**
 * {@link InterruptTracker}, by its typed calls: the handlers and timer callbacks running on each CPU, one story per
 * test, no trace file; {@code Heard} writes down what the sinks are told.
 */
class InterruptTrackerTest extends MachineFixture {
    private static final int NET_RX = Waker.of(Waker.SOFTIRQ, 3);
    private final InterruptTracker interrupts = m.interrupts();

    /** Thread 10 in user space on CPU 0 from 1000. */
    private void userThreadOnCpu0() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 10, Comm.of("user"));
        m.syscalls().syscall(0, 1_000, false);
    }

    /**
     * A handler's time is IRQ time of the thread it interrupts, nested handlers one stretch of it; each run is told.
     */
    @Test
    void handlersAreIrqTimeOfTheThreadTheyInterrupt() {
        userThreadOnCpu0();
        interrupts.interruptEntry(0, 2_000, IRQ_16, IRQ_16);
        interrupts.interruptEntry(0, 2_010, NET_RX, NET_RX);
        interrupts.interruptExit(0, 2_050, NET_RX);
        interrupts.interruptExit(0, 2_100, IRQ_16);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1000 USER", "2000 IRQ", "2100 USER"),
                heard.states("10"));
        assertEquals(List.of("interrupt cpu0 softirq 3 2010-2050", "interrupt cpu0 irq 16 2000-2100"),
                heard.of("interrupt"));
    }

    /** A softirq's run says when it was first raised on its CPU since its last run. */
    @Test
    void aSoftirqRunTellsWhenItWasRaised() {
        userThreadOnCpu0();
        interrupts.softirqRaise(0, 1_500, 3);
        interrupts.softirqRaise(0, 1_600, 3);
        interrupts.interruptEntry(0, 2_000, NET_RX, NET_RX);
        interrupts.interruptExit(0, 2_100, NET_RX);
        interrupts.interruptEntry(0, 3_000, NET_RX, NET_RX);
        interrupts.interruptExit(0, 3_100, NET_RX);
        assertEquals(List.of("interrupt cpu0 softirq 3 2000-2100 raised 1500", "interrupt cpu0 softirq 3 3000-3100"),
                heard.of("interrupt"));
    }

    /**
     * An exit with no entry (the trace began inside its handler) changes nothing; an exit of another handler than the
     * one entered last ends the innermost, untold.
     */
    @Test
    void anExitWithoutItsEntryIsNotARun() {
        userThreadOnCpu0();
        interrupts.interruptExit(0, 1_500, IRQ_16);
        interrupts.interruptEntry(0, 2_000, IRQ_16, IRQ_16);
        interrupts.interruptExit(0, 2_100, NET_RX);
        m.end();
        assertEquals(List.of(), heard.of("interrupt"));
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1000 USER", "2000 IRQ", "2100 USER"),
                heard.states("10"));
    }

    /** A switch inside a handler means its exit was lost: the next thread runs outside it. */
    @Test
    void aSwitchEndsAHandlerWhoseExitWasLost() {
        userThreadOnCpu0();
        interrupts.interruptEntry(0, 2_000, IRQ_16, IRQ_16);
        m.states().schedSwitch(0, 3_000, 10, 0x1, Comm.of("user"), 11, Comm.of("next"));
        m.syscalls().syscall(0, 3_100, true);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "3000 USER", "3100 SYSCALL"), heard.states("11"));
        assertEquals(1, m.counters().inconsistencies());
    }

    /**
     * A timer callback wakes as a timer, whatever it interrupted (the idle thread, or a thread whose state it leaves
     * alone: no IRQ time, the trace shows no interrupt), and inside an interrupt handler too; a handler nested in a
     * callback wakes as itself; after the callback, its CPU's thread wakes again.
     */
    @Test
    void aTimerCallbackWakesAsTheTimer() {
        m.states().schedSwitch(0, 1_000, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.states().schedSwitch(1, 1_000, 0, 0, NONE, 51, Comm.of("burner"));
        m.states().schedSwitch(0, 1_100, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        interrupts.timerExpiryEntry(1, 2_000);
        m.wakeups().wakeup(1, 2_010, 50, 0, NONE);
        interrupts.timerExpiryExit(1, 2_100);
        m.states().schedSwitch(0, 2_200, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.states().schedSwitch(0, 3_000, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        // in a softirq (an hrtimer run from the timer softirq), with an IRQ nested in the callback
        interrupts.interruptEntry(1, 4_000, Waker.of(Waker.SOFTIRQ, 3));
        interrupts.timerExpiryEntry(1, 4_010);
        interrupts.interruptEntry(1, 4_020, Waker.of(Waker.IRQ, 16));
        m.wakeups().wakeup(1, 4_030, 50, 0, NONE);
        interrupts.interruptExit(1, 4_040);
        interrupts.timerExpiryExit(1, 4_050);
        interrupts.interruptExit(1, 4_060);
        m.states().schedSwitch(0, 4_100, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.states().schedSwitch(0, 5_000, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        interrupts.interruptEntry(1, 6_000, Waker.of(Waker.SOFTIRQ, 3));
        interrupts.timerExpiryEntry(1, 6_010);
        m.wakeups().wakeup(1, 6_020, 50, 0, NONE);
        interrupts.timerExpiryExit(1, 6_030);
        interrupts.interruptExit(1, 6_040);
        m.states().schedSwitch(0, 6_100, 0, 0, NONE, 50, Comm.of("sleeper"));
        m.states().schedSwitch(0, 7_000, 50, 0x1, Comm.of("sleeper"), 0, NONE);
        interrupts.timerExpiryExit(1, 7_500); // unmatched: the trace lost its entry
        m.wakeups().wakeup(1, 8_000, 50, 0, NONE);
        m.end();
        assertEquals(List.of("1100 timer", "3000 irq 16", "5000 timer", "7000 thread 51"), heard.wakers("50"));
        // the burner ran all along, but in the softirqs
        assertEquals(List.of("1000 UNKNOWN", "1000 USER", "4000 IRQ", "4060 USER", "6000 IRQ", "6040 USER"),
                heard.states("51"));
    }

    /** A timer callback changes no thread's state: the trace shows no interrupt it runs in. */
    @Test
    void aTimerCallbackIsNotIrqTime() {
        userThreadOnCpu0();
        interrupts.timerExpiryEntry(0, 2_000);
        interrupts.timerExpiryExit(0, 2_100);
        interrupts.timerExpiryExit(0, 2_200);
        m.end();
        assertEquals(List.of("1000 UNKNOWN", "1000 SYSCALL", "1000 USER"), heard.states("10"));
    }

    /** An IRQ's name is kept once, by its number. */
    @Test
    void irqNamesAreKept() {
        assertFalse(interrupts.irqNamed(16));
        interrupts.nameIrq(16, "eth0");
        assertTrue(interrupts.irqNamed(16));
        assertEquals(Map.of(16, "eth0"), interrupts.irqNames());
    }
}
