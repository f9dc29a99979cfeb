package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.BLOCKED_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.RUNNABLE_UNRESOLVED;

import org.lttbench.core.trace.Trace;

/**
 * The wakeups of one machine and the waits for a CPU they start, with what woke each thread: the innermost interrupt
 * handler or timer callback running on the waking CPU, else the thread running there ({@link InterruptTracker#waker}).
 * A blocked wait ends at its wakeup ({@code sched_waking}, else {@code sched_wakeup}): an uninterruptible sleep
 * ({@code D}) is WAIT_IO when a block completion happened in the waker's current context ({@link BlockTracker}),
 * WAIT_BLOCKED otherwise. A thread woken or moved ({@code sched_migrate_task}) to a CPU whose stream the trace lacks is
 * UNKNOWN from then on. A {@link WakeupSink} hears each wait for a CPU when the thread runs, and each migration.
 */
public final class WakeupTracker {
    private final Trace trace;
    private final Clock clock;
    private final CpuTracker cpus;
    private final ThreadTracker threads;
    private final DeferredChanges changes;
    private final BlockTracker blocks;
    private final SyscallTracker syscalls;
    private final WakeupSink sink;
    private long movedToMissingCpu;

    WakeupTracker(Trace trace, Clock clock, CpuTracker cpus, ThreadTracker threads, DeferredChanges changes,
            BlockTracker blocks, SyscallTracker syscalls, WakeupSink sink) {
        this.trace = trace;
        this.clock = clock;
        this.cpus = cpus;
        this.threads = threads;
        this.changes = changes;
        this.blocks = blocks;
        this.syscalls = syscalls;
        this.sink = sink;
    }

    /** {@code sched_waking}, or {@code sched_wakeup}/{@code sched_wakeup_new}, of {@code tid} on that CPU. */
    public void wakeup(int cpu, long time, int tid, int targetCpu, Comm comm) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        ThreadRecord child = threads.unborn(tid);
        if (child != null) {
            threads.born(child, t); // its sched_wakeup_new
        }
        ThreadRecord r = threads.thread(tid, c);
        if (r.name() == null && comm != null) {
            threads.rename(r, comm.text(), t);
        }
        cpus.named(targetCpu);
        int state = r.state;
        if (state == BLOCKED_UNRESOLVED) {
            long device = blocks.completionDevice(c.id, c.depth);
            if (r.statedumpWait && blocks.known() && device != BlockTracker.NO_IO) {
                blocks.statedumpWaitEndedByIo();
            }
            r.statedumpWait = false;
            boolean byIo = r.ioCandidate && device != BlockTracker.NO_IO;
            if (byIo) {
                blocks.ended(r, device, t);
            }
            changes.resolveWait(r, byIo ? ThreadState.WAIT_IO.ordinal() : ThreadState.WAIT_BLOCKED.ordinal(),
                    InterruptTracker.waker(c));
            r.runnable(WakeupSink.WOKEN, t, InterruptTracker.waker(c));
            woken(r, t, targetCpu);
        } else if (state == ThreadState.UNKNOWN.ordinal() && cpus.anyUnnamed() && !cpus.missing(targetCpu)) {
            // it may be the thread a CPU runs before its first switch (woken on its CPU, about to sleep): that
            // switch tells, else it waited for a CPU
            changes.enter(r, RUNNABLE_UNRESOLVED, t, targetCpu);
            r.runnable(WakeupSink.WOKEN, t, InterruptTracker.waker(c));
        } else if (state == ThreadState.WAIT_BLOCKED.ordinal() || state == ThreadState.WAIT_IO.ordinal()
                || state == ThreadState.UNKNOWN.ordinal()) {
            r.runnable(WakeupSink.WOKEN, t, InterruptTracker.waker(c));
            woken(r, t, targetCpu);
        } else if (state == RUNNABLE_UNRESOLVED) {
            if (!cpus.anyUnnamed()) { // else it may still be a CPU's unnamed thread (sched_wakeup after sched_waking)
                changes.resolve(r, RUNNABLE_UNRESOLVED, ThreadState.WAIT_CPU.ordinal());
            }
            r.cpu = targetCpu;
        } else if (state == ThreadState.WAIT_CPU.ordinal() && cpus.missing(targetCpu)) {
            movedToMissingCpu++; // a new thread's first wakeup
            r.lostSight();
            changes.enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
        } else if (state == ThreadState.WAIT_CPU.ordinal()) {
            if (targetCpu >= 0) {
                r.cpu = targetCpu;
            }
            if (r.runnableKind == WakeupSink.NEW_THREAD && r.runnableWaker == Waker.NONE) {
                // a new thread's first wakeup (sched_wakeup_new): the scheduler may run it from now, not its fork
                r.runnable(WakeupSink.NEW_THREAD, t, InterruptTracker.waker(c));
            }
        }
    }

    /** A woken thread waits for its target CPU, or, when the trace lacks that CPU's stream, is unknown from now. */
    private void woken(ThreadRecord r, long t, int targetCpu) {
        if (cpus.missing(targetCpu)) {
            r.lostSight();
            movedToMissingCpu++;
            changes.enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
        } else {
            changes.enter(r, ThreadState.WAIT_CPU.ordinal(), t, targetCpu);
        }
    }

    public void migrate(int cpu, long time, int tid, int orig, int dest) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        long t = clock.time(time);
        cpus.named(orig);
        cpus.named(dest);
        sink.migrated(trace, tid, t, orig, dest);
        // not a thread forked but not woken yet: it is runnable nowhere until its sched_wakeup_new names its CPU
        ThreadRecord r = threads.aliveThread(tid);
        if (r != null && r.state == ThreadState.WAIT_CPU.ordinal()) {
            if (cpus.missing(dest)) {
                r.lostSight();
                movedToMissingCpu++;
                changes.enter(r, ThreadState.UNKNOWN.ordinal(), t, -1);
            } else {
                r.cpu = dest;
            }
        }
    }

    /** The thread runs from {@code t}: its wait for a CPU is over (sinks hear it), and so is its time off the CPU. */
    void runs(ThreadRecord r, long t, int cpu, int prio) {
        if (r.runnableKind == 0) {
            return;
        }
        syscalls.offCpu(r, t);
        sink.scheduled(r, r.runnableKind, r.runnableSince, t, cpu, prio, r.runnableWaker);
        r.runnableKind = 0;
    }

    /** Threads woken or moved to a CPU whose stream the trace lacks. */
    long movedToMissingCpu() {
        return movedToMissingCpu;
    }
}
