package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.BLOCKED_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.RUNNABLE_UNRESOLVED;

import org.lttbench.core.trace.KernelLayout.PrevState;
import org.lttbench.core.trace.PrevStateEncoding;

/**
 * The threads' states at each context switch ({@code sched_switch}): the thread leaving the CPU and why, the thread
 * taking it. Running: from the switch in. Waits: {@code prev_state} decoded as the trace's values say
 * ({@link PrevStateEncoding}). Runnable (a yield, 0; or a preemption, 0x100 or {@code TASK_RUNNING | TASK_STATE_MAX})
 * is WAIT_CPU until the next switch-in, for an exiting thread too (only its dead switch ends it). An uninterruptible
 * sleep ({@code D}) is classified at its wakeup ({@link WakeupTracker}): WAIT_IO or WAIT_BLOCKED, and WAIT_BLOCKED for
 * waits the trace ends in. Every other sleep (interruptible, stopped, an idle kernel thread's {@code TASK_IDLE}) is
 * WAIT_BLOCKED: being woken by a block completion does not make it an I/O wait. Without block completion events (or
 * wakeups) the trace cannot tell I/O waits: uninterruptible sleeps are WAIT_BLOCKED. Why a thread sleeps is known at
 * the switch ({@link SyscallTracker#sleepCause}); the changes go to the sinks through {@link DeferredChanges}.
 */
public final class StateTracker {
    private final Clock clock;
    private final CpuTracker cpus;
    private final ThreadTracker threads;
    private final DeferredChanges changes;
    private final InterruptTracker interrupts;
    private final BlockTracker blocks;
    private final SyscallTracker syscalls;
    private final WakeupTracker wakeups;
    private final PrevStateEncoding prevStates;

    StateTracker(Clock clock, CpuTracker cpus, ThreadTracker threads, DeferredChanges changes,
            InterruptTracker interrupts, BlockTracker blocks, SyscallTracker syscalls, WakeupTracker wakeups,
            PrevStateEncoding prevStates) {
        this.clock = clock;
        this.cpus = cpus;
        this.threads = threads;
        this.changes = changes;
        this.interrupts = interrupts;
        this.blocks = blocks;
        this.syscalls = syscalls;
        this.wakeups = wakeups;
        this.prevStates = prevStates;
    }

    public void schedSwitch(int cpu, long time, int prevTid, long prevStateValue, Comm prevComm, int nextTid,
            Comm nextComm) {
        schedSwitch(cpu, time, prevTid, prevStateValue, prevComm, nextTid, nextComm, ThreadStateMachine.UNTOLD);
    }

    /**
     * The same, with the priority the next thread runs at ({@code next_prio}; {@link ThreadStateMachine#UNTOLD} when
     * none).
     */
    public void schedSwitch(int cpu, long time, int prevTid, long prevStateValue, Comm prevComm, int nextTid,
            Comm nextComm, int nextPrio) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        ThreadRecord prev = threads.thread(prevTid, c);
        cpus.leaving(c, prev, t);
        interrupts.switched(c);
        blocks.contextStarts(c.id, 0);
        if (prevComm != null && prevTid != 0 && (prev.name() == null || !prevComm.is(prev.name()))) {
            threads.rename(prev, prevComm.text(), t);
        }
        PrevState how = prevStates.decode(prevStateValue, t, prev.exiting);
        prev.statedumpWait = false;
        prev.leftCpu = t;
        prev.runnableKind = 0;
        // an exiting thread may still be preempted, or block, before its last switch (dead)
        if (how == PrevState.DEAD) {
            changes.enter(prev, ThreadState.NOT_ALIVE.ordinal(), t, -1);
        } else if (how == PrevState.RUNNABLE) {
            changes.enter(prev, ThreadState.WAIT_CPU.ordinal(), t, c.id);
            if (prevTid != 0) {
                prev.runnable(WakeupSink.PREEMPTED, t, Waker.NONE);
            }
        } else {
            // a sleep: why is known now, what ends it (and whether it was I/O) at its wakeup
            prev.ioCandidate = how == PrevState.UNINTERRUPTIBLE && blocks.known();
            if (prev.ioCandidate) {
                blocks.sleeps(prev, t);
            }
            changes.enter(prev, BLOCKED_UNRESOLVED, t, -1,
                    ThreadStateSink.why(syscalls.sleepCause(prev, how == PrevState.STOPPED), Waker.NONE));
        }

        ThreadRecord next = threads.thread(nextTid, c);
        if (next.name() == null && nextComm != null) {
            threads.rename(next, nextComm.text(), t);
        }
        cpus.runsOnlyHere(next, c, t);
        if (next.state == BLOCKED_UNRESOLVED) {
            // its wakeup was not traced
            changes.resolveWait(next, ThreadState.WAIT_BLOCKED.ordinal(), Waker.of(Waker.UNKNOWN, 0));
        } else if (next.state == RUNNABLE_UNRESOLVED) {
            changes.resolve(next, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
        }
        cpus.switched(c, next, t);
        changes.enter(next, c.runningState(next), t, c.id);
        wakeups.runs(next, t, c.id, nextPrio);
    }

    /** The {@code prev_state} encoding as this trace's values decided it. */
    public PrevStateEncoding prevStates() {
        return prevStates;
    }
}
