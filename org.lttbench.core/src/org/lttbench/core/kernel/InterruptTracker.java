package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.Cpu.MAX_NESTING;
import static org.lttbench.core.kernel.Cpu.NOT_RAISED;
import static org.lttbench.core.kernel.Cpu.SOFTIRQ_VECTORS;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

import org.lttbench.core.trace.Trace;

/**
 * The interrupt handlers and timer callbacks running on each CPU of one machine, nested, and what each wakes. A CPU's
 * thread is in IRQ while its CPU runs a hard IRQ or softirq handler; an {@link InterruptSink} hears each handler's
 * run, with when a softirq was raised. A timer callback ({@code hrtimer_expire_entry} to {@code _exit}) outside one is
 * not IRQ time: the trace does not show the interrupt it runs in; it says what woke the threads the callback wakes (a
 * timer, not the interrupted thread).
 */
public final class InterruptTracker {
    /** A handler no event identified ({@link #interruptEntry(int, long)}): not told as a handler's run. */
    private static final int NO_HANDLER = -1;

    private final Trace trace;
    private final Clock clock;
    private final CpuTracker cpus;
    private final DeferredChanges changes;
    private final BlockTracker blocks;
    private final InterruptSink sink;
    /** IRQ names (the trace names an IRQ at each entry; kept once), by IRQ number or vector. */
    private final Map<Integer, String> irqNames = new HashMap<>();
    private final BitSet namedIrqs = new BitSet();
    private long inconsistencies;

    InterruptTracker(Trace trace, Clock clock, CpuTracker cpus, DeferredChanges changes, BlockTracker blocks,
            InterruptSink sink) {
        this.trace = trace;
        this.clock = clock;
        this.cpus = cpus;
        this.changes = changes;
        this.blocks = blocks;
        this.sink = sink;
    }

    /** A hard IRQ or softirq handler starts on that CPU (interrupts nest). */
    public void interruptEntry(int cpu, long time) {
        interruptEntry(cpu, time, Waker.of(Waker.UNKNOWN, 0));
    }

    /** The same, for a handler whose wakeups are made by {@code source} (a {@link Waker}). */
    public void interruptEntry(int cpu, long time, int source) {
        interruptEntry(cpu, time, source, NO_HANDLER);
    }

    /**
     * The same, for the handler {@code handler} ({@code Waker.of(Waker.IRQ, irq)} or
     * {@code Waker.of(Waker.SOFTIRQ, vector)}: see {@link InterruptSink#interrupt}), whose run sinks hear of at its
     * exit.
     */
    public void interruptEntry(int cpu, long time, int source, int handler) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        if (c.depth == MAX_NESTING) {
            inconsistencies++;
            return;
        }
        c.depth++;
        c.interrupts[c.depth] = source;
        c.timers[c.depth] = 0;
        c.handlers[c.depth] = handler;
        c.entered[c.depth] = t;
        c.raisedAt[c.depth] = NOT_RAISED;
        if (handler != NO_HANDLER && Waker.kind(handler) == Waker.SOFTIRQ && Waker.id(handler) < SOFTIRQ_VECTORS) {
            c.raisedAt[c.depth] = c.raised[Waker.id(handler)];
            c.raised[Waker.id(handler)] = NOT_RAISED; // a raise from now on is for its next run
        }
        blocks.contextStarts(c.id, c.depth);
        if (c.depth == 1) {
            changes.enter(c.current, ThreadState.IRQ.ordinal(), t, c.id);
        }
    }

    public void interruptExit(int cpu, long time) {
        interruptExit(cpu, time, NO_HANDLER);
    }

    /**
     * The exit of the handler {@code handler} (as {@link #interruptEntry(int, long, int, int)} names it): sinks hear
     * of its run when it is the handler the CPU entered last.
     */
    public void interruptExit(int cpu, long time, int handler) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        if (c.depth == 0) {
            return; // the trace began inside this handler
        }
        c.timers[c.depth] = 0; // the callbacks it ran are over with it
        if (handler != NO_HANDLER && c.handlers[c.depth] == handler) {
            sink.interrupt(trace, c.id, handler, c.raisedAt[c.depth], c.entered[c.depth], t);
        }
        c.depth--;
        if (c.depth == 0) {
            changes.enter(c.current, c.runningState(c.current), t, c.id);
        }
    }

    /** A softirq of that vector raised on that CPU: its next run there ends the wait. */
    public void softirqRaise(int cpu, long time, int vector) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        if (vector >= 0 && vector < SOFTIRQ_VECTORS && c.raised[vector] == NOT_RAISED) {
            c.raised[vector] = t; // raised again before it ran: one run serves both
        }
    }

    /**
     * A timer's callback starts on that CPU ({@code hrtimer_expire_entry}, {@code timer_expire_entry}): the threads it
     * wakes, the timer woke. It runs in an interrupt (the timer interrupt, or the timer softirqs) that many kernels do
     * not trace as one, so it changes no thread's state: its time is the interrupted thread's, as the trace shows it.
     */
    public void timerExpiryEntry(int cpu, long time) {
        Cpu c = cpus.cpu(cpu, time);
        if (c != null) {
            clock.time(time);
            c.timers[c.depth]++;
        }
    }

    /** The timer callback that started last on that CPU ends. */
    public void timerExpiryExit(int cpu, long time) {
        Cpu c = cpus.cpu(cpu, time);
        if (c != null) {
            clock.time(time);
            if (c.timers[c.depth] > 0) { // else the trace began inside it
                c.timers[c.depth]--;
            }
        }
    }

    /**
     * What wakes a thread from this CPU now: a timer callback running in its innermost interrupt handler (or, on
     * kernels that do not trace the timer interrupt, in what looks like process context), else that handler, else its
     * running thread.
     */
    static int waker(Cpu c) {
        if (c.timers[c.depth] > 0) {
            return Waker.of(Waker.TIMER, 0);
        }
        if (c.depth > 0) {
            return c.interrupts[c.depth];
        }
        return c.anonymous ? Waker.of(Waker.UNKNOWN, 0) : Waker.of(Waker.THREAD, c.current.index());
    }

    /**
     * The CPU switches threads: no switch happens inside an interrupt handler (one still open lost its exit), nor
     * inside a timer callback (the interrupt it ran in was not traced).
     */
    void switched(Cpu c) {
        if (c.depth > 0) {
            inconsistencies++; // no switch happens inside an interrupt handler: an exit was lost
            c.depth = 0;
        }
        Arrays.fill(c.timers, 0); // nor inside a timer callback (the interrupt it ran in was not traced)
    }

    /** Whether the IRQ (or x86 vector) of that id has a name already. */
    public boolean irqNamed(int id) {
        return namedIrqs.get(id);
    }

    public void nameIrq(int id, String name) {
        namedIrqs.set(id);
        irqNames.put(id, name);
    }

    /** The IRQs' names the trace gave, by IRQ number (x86 vectors from {@code 1 << 16}). */
    public Map<Integer, String> irqNames() {
        return Map.copyOf(irqNames);
    }

    /** Handlers nested deeper than followed, or still open at a switch (their exit lost). */
    long inconsistencies() {
        return inconsistencies;
    }
}
