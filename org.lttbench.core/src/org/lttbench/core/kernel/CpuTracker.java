package org.lttbench.core.kernel;

import static org.lttbench.core.kernel.ThreadRecord.MODE_UNKNOWN;
import static org.lttbench.core.kernel.ThreadRecord.RUNNABLE_UNRESOLVED;
import static org.lttbench.core.kernel.ThreadRecord.RUN_UNRESOLVED;
import static org.lttbench.core.trace.KernelLayout.CPU_BOUND;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntSupplier;

import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.Trace;

/**
 * The CPUs of one machine: which thread each runs, as far as the events tell. A CPU is observed from its first event;
 * until a {@code sched_switch} (or a {@code tid} context) names the thread it ran, a placeholder stands in for it and
 * holds its changes ({@link DeferredChanges}); the thread named then takes them over. A thread runs on one CPU at a
 * time: when the trace contradicts that, the CPU believed to run it no longer knows what it runs.
 *
 * <p>CPUs the events name (wakeup targets, migrations, the statedump) but whose stream the trace lacks are missing: a
 * thread woken or moved to one is unknown from then on, until an event on a CPU the trace has tells its state.
 */
public final class CpuTracker {
    private final Trace trace;
    private final IntSupplier indexes;
    private final Clock clock;
    private final DeferredChanges changes;
    private Cpu[] cpus = new Cpu[0];
    /** CPUs with a stream, and CPUs the events name; null when a stream's CPU is unknown (no check then). */
    private final BitSet presentCpus;
    private final BitSet namedCpus = new BitSet();
    private long eventsWithoutCpu;
    private long inconsistencies;

    CpuTracker(Trace trace, IntSupplier indexes, Clock clock, DeferredChanges changes) {
        this.trace = trace;
        this.indexes = indexes;
        this.clock = clock;
        this.changes = changes;
        BitSet present = new BitSet();
        for (Stream s : trace.streams()) {
            if (s.cpu() < 0) {
                present = null;
                break;
            }
            present.set(s.cpu());
        }
        this.presentCpus = present;
    }

    /** The CPU of an event at {@code t} (moving time on when it is new), or null when the event has none. */
    Cpu cpu(int id, long t) {
        if (id < 0 || id >= CPU_BOUND) {
            eventsWithoutCpu++;
            return null;
        }
        if (id >= cpus.length) {
            cpus = Arrays.copyOf(cpus, Math.max(id + 1, cpus.length * 2));
        }
        Cpu c = cpus[id];
        if (c == null) {
            c = new Cpu(id);
            cpus[id] = c;
            becomeAnonymous(c, clock.time(t));
        }
        return c;
    }

    /** Any other event on that CPU: the CPU is observed from its first event, and time moves on. */
    public void observe(int cpu, long time) {
        if (cpu(cpu, time) != null) {
            clock.time(time);
        }
    }

    /** The CPU's running thread is not known from {@code t} on: a stand-in holds its changes until named. */
    private void becomeAnonymous(Cpu c, long t) {
        ThreadRecord anonymous = new ThreadRecord(indexes.getAsInt(), -1, trace, -1, true);
        anonymous.name("(unknown thread on CPU " + c.id + ")");
        anonymous.lastTime = t;
        c.current = anonymous;
        c.anonymous = true;
        changes.enter(anonymous, c.runningState(anonymous), t, c.id);
    }

    /**
     * The CPU's unnamed running thread was {@code p}: {@code p} takes over its deferred changes (from when the CPU's
     * thread became unknown), replacing what {@code p} only guessed for that time (unknown, or runnable somewhere).
     */
    void adopt(Cpu c, ThreadRecord p, long t) {
        ThreadRecord anonymous = c.current;
        c.anonymous = false;
        c.current = p;
        if (anonymous.published) {
            changes.enter(anonymous, ThreadState.NOT_ALIVE.ordinal(), t, -1);
            return;
        }
        long from = anonymous.queueLength > 0 ? anonymous.queueTime[0] : t;
        int keep = p.queueLength;
        while (keep > 0 && p.queueTime[keep - 1] >= from
                && (p.queueState[keep - 1] == RUNNABLE_UNRESOLVED || p.queueState[keep - 1] == ThreadState.UNKNOWN.ordinal())) {
            keep--;
        }
        if (keep < p.queueLength) {
            p.queueLength = keep;
            p.lastTime = keep > 0 ? p.queueTime[keep - 1] : p.lastTold;
            p.state = keep > 0 ? p.queueState[keep - 1] : p.toldState;
        }
        int mode = anonymous.mode != MODE_UNKNOWN ? anonymous.mode : p.mode;
        if (mode != MODE_UNKNOWN && p.mode == MODE_UNKNOWN) {
            changes.resolveMode(p, mode);
        }
        for (int i = 0; i < anonymous.queueLength; i++) {
            int state = anonymous.queueState[i];
            if (state == RUN_UNRESOLVED && mode != MODE_UNKNOWN) {
                state = DeferredChanges.modeState(mode);
            }
            changes.enter(p, state, anonymous.queueTime[i], anonymous.queueCpu[i]);
        }
        anonymous.queueLength = 0;
        if (p.lastTime > t && DeferredChanges.onCpu(p.state)) {
            inconsistencies++;
        }
    }

    /**
     * A switch on that CPU at {@code t} names {@code prev} as the thread leaving it: the CPU's unnamed thread was
     * {@code prev}, or the thread followed there left unseen (unknown from now).
     */
    void leaving(Cpu c, ThreadRecord prev, long t) {
        if (c.anonymous) {
            runsOnlyHere(prev, c, t);
            adopt(c, prev, t);
        } else if (c.current != prev) {
            inconsistencies++; // the thread we followed on this CPU left it unseen
            changes.enter(c.current, ThreadState.UNKNOWN.ordinal(), t, -1);
            runsOnlyHere(prev, c, t);
            c.current = prev;
        }
    }

    /** The CPU switches to {@code next} at {@code t}. */
    void switched(Cpu c, ThreadRecord next, long t) {
        c.current = next;
        c.anonymous = false;
        c.switchedAt = t;
        c.switches++;
    }

    /** A thread runs on one CPU at a time: another CPU believed to run it no longer knows what it runs. */
    void runsOnlyHere(ThreadRecord r, Cpu c, long t) {
        if (DeferredChanges.onCpu(r.state) && r.cpu != c.id && r.cpu >= 0 && r.cpu < cpus.length && cpus[r.cpu] != null
                && !cpus[r.cpu].anonymous && cpus[r.cpu].current == r) {
            forgetCurrent(cpus[r.cpu], t);
        }
    }

    /** The thread is gone: no CPU runs it any more. */
    void forgetEverywhere(ThreadRecord r, long t) {
        for (Cpu other : cpus) {
            if (other != null && !other.anonymous && other.current == r) {
                forgetCurrent(other, t);
            }
        }
    }

    /** The CPU's running thread is no longer known (the trace contradicted what we believed). */
    private void forgetCurrent(Cpu c, long t) {
        inconsistencies++;
        if (!c.anonymous) {
            c.current.lostSight();
            changes.enter(c.current, ThreadState.UNKNOWN.ordinal(), t, -1);
        }
        becomeAnonymous(c, t);
    }

    /** Whether a CPU runs a thread the trace has not named yet (none is known before its first switch). */
    boolean anyUnnamed() {
        for (Cpu c : cpus) {
            if (c != null && c.anonymous) {
                return true;
            }
        }
        return false;
    }

    /** An event names that CPU (a wakeup's target, a migration's, the statedump's). */
    void named(int cpu) {
        if (cpu >= 0 && cpu < CPU_BOUND) {
            namedCpus.set(cpu);
        }
    }

    /** Whether the events name that CPU but the trace has no stream for it. */
    boolean missing(int cpu) {
        return presentCpus != null && cpu >= 0 && cpu < CPU_BOUND && !presentCpus.get(cpu);
    }

    /** The trace ends: the running threads it never named are placeholders, whose changes are told. */
    void publishUnnamed() {
        for (Cpu c : cpus) {
            if (c != null && c.anonymous && !c.current.published) {
                c.current.published = true;
                changes.placeholders++;
                changes.guessPending(c.current);
            }
        }
    }

    /** Adds each CPU's running thread, then its idle thread, to {@code threads}, in the CPUs' order. */
    void addRunning(List<ThreadRecord> threads) {
        for (Cpu c : cpus) {
            if (c != null) {
                threads.add(c.current);
                if (c.idle != null) {
                    threads.add(c.idle);
                }
            }
        }
    }

    /**
     * The thread the CPU runs now, as far as the events read so far say: null when the trace has not named it yet (or
     * the CPU has had no event).
     */
    public ThreadRecord onCpu(int cpu) {
        Cpu c = cpu >= 0 && cpu < cpus.length ? cpus[cpu] : null;
        return c == null || c.anonymous ? null : c.current;
    }

    /** When the CPU last switched threads ({@code Long.MIN_VALUE}: no switch yet). */
    public long lastSwitch(int cpu) {
        Cpu c = cpu >= 0 && cpu < cpus.length ? cpus[cpu] : null;
        return c == null ? Long.MIN_VALUE : c.switchedAt;
    }

    /** How many times the CPU switched threads so far. */
    public long switches(int cpu) {
        Cpu c = cpu >= 0 && cpu < cpus.length ? cpus[cpu] : null;
        return c == null ? 0 : c.switches;
    }

    /** CPUs the events name but whose stream the trace lacks (empty when it has them all, or cannot tell). */
    public List<Integer> missingCpus() {
        List<Integer> missing = new ArrayList<>();
        if (presentCpus != null) {
            for (int cpu = namedCpus.nextSetBit(0); cpu >= 0; cpu = namedCpus.nextSetBit(cpu + 1)) {
                if (!presentCpus.get(cpu)) {
                    missing.add(cpu);
                }
            }
        }
        return missing;
    }

    /** Kernel events with no CPU (ignored). */
    long eventsWithoutCpu() {
        return eventsWithoutCpu;
    }

    /** Events that contradicted which thread a CPU runs. */
    long inconsistencies() {
        return inconsistencies;
    }
}
