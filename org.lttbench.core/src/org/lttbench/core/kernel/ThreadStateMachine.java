package org.lttbench.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import org.lttbench.core.trace.KernelLayout;
import org.lttbench.core.trace.KernelLayout.Role;
import org.lttbench.core.trace.PrevStateEncoding;
import org.lttbench.core.trace.Trace;

/**
 * The thread state machine of one LTTng kernel trace (one machine): the trackers that follow its kernel along the data
 * flow, fed typed calls, one per kernel event ({@link KernelEventBinder} makes them from a trace; tests call them
 * directly), and telling a {@link ThreadStateSink} every change:
 * <ul>
 * <li>{@link CpuTracker}: each CPU's running thread, and the CPUs the trace lacks;</li>
 * <li>{@link ThreadTracker}: the threads' lives and names (fork, exec, exit, free, the statedump, priorities);</li>
 * <li>{@link StateTracker}: the threads' states at each context switch;</li>
 * <li>{@link WakeupTracker}: the wakeups, the waits for a CPU they start and who woke each thread;</li>
 * <li>{@link SyscallTracker}: the system calls (user or system time, what a sleep waits in) and file descriptors;</li>
 * <li>{@link InterruptTracker}: the interrupt handlers and timer callbacks running on each CPU;</li>
 * <li>{@link BlockTracker}: the block requests, and which sleeps were I/O waits.</li>
 * </ul>
 * The changes they cannot tell yet wait in {@link DeferredChanges}. Time never goes back: an event earlier than the
 * last one (overlapping packets) counts at the last one's time.
 */
public final class ThreadStateMachine {
    /** A value (a running thread, a priority) the event does not tell. */
    public static final int UNTOLD = Integer.MIN_VALUE;

    private final Trace trace;
    private final KernelLayout layout;
    private final ThreadStateSink sink;
    private final Clock clock = new Clock();
    private final DeferredChanges changes;
    private final CpuTracker cpus;
    private final ThreadTracker threads;
    private final BlockTracker blocks;
    private final InterruptTracker interrupts;
    private final SyscallTracker syscalls;
    private final WakeupTracker wakeups;
    private final StateTracker states;
    private boolean ended;

    /**
     * @param indexes gives each new {@link ThreadRecord} its dense index (shared by every machine of one run)
     */
    public ThreadStateMachine(Trace trace, KernelLayout layout, ThreadStateSink sink, IntSupplier indexes) {
        this(trace, layout, sink, indexes, new WaitCauses());
    }

    /** @param causes the run's wait causes (shared by its machines: codes mean the same in all) */
    public ThreadStateMachine(Trace trace, KernelLayout layout, ThreadStateSink sink, IntSupplier indexes,
            WaitCauses causes) {
        this.trace = trace;
        this.layout = layout;
        this.sink = sink;
        boolean syscallsDeclared = layout.declares(Role.SYSCALL_ENTRY);
        boolean ioKnown = layout.declaresWakeups()
                && (layout.declares(Role.BLOCK_RQ_COMPLETE) || layout.declares(Role.BLOCK_BIO_COMPLETE));
        boolean requests = layout.declares(Role.BLOCK_RQ_ISSUE) && layout.declares(Role.BLOCK_RQ_COMPLETE);
        FileDescriptors fds = new FileDescriptors(sink.followsFiles());
        this.changes = new DeferredChanges(sink, syscallsDeclared, clock::now);
        this.cpus = new CpuTracker(trace, indexes, clock, changes);
        this.threads = new ThreadTracker(trace, indexes, clock, changes, cpus, fds, sink, syscallsDeclared,
                layout.declares(Role.STATEDUMP_PROCESS_STATE), layout.declares(Role.SCHED_WAKEUP_NEW));
        this.blocks = new BlockTracker(trace, clock, cpus, threads, sink, ioKnown, ioKnown && requests, requests);
        this.interrupts = new InterruptTracker(trace, clock, cpus, changes, blocks, sink);
        this.syscalls = new SyscallTracker(trace, clock, cpus, changes, blocks, causes, fds, sink, syscallsDeclared);
        this.wakeups = new WakeupTracker(trace, clock, cpus, threads, changes, blocks, syscalls, sink);
        this.states = new StateTracker(clock, cpus, threads, changes, interrupts, blocks, syscalls, wakeups,
                layout.prevStateEncoding());
    }

    public CpuTracker cpus() {
        return cpus;
    }

    public ThreadTracker threads() {
        return threads;
    }

    public StateTracker states() {
        return states;
    }

    public WakeupTracker wakeups() {
        return wakeups;
    }

    public SyscallTracker syscalls() {
        return syscalls;
    }

    public InterruptTracker interrupts() {
        return interrupts;
    }

    public BlockTracker blocks() {
        return blocks;
    }

    public KernelLayout layout() {
        return layout;
    }

    public Trace trace() {
        return trace;
    }

    /** The {@code prev_state} encoding as this trace's values decided it. */
    public PrevStateEncoding prevStates() {
        return states.prevStates();
    }

    /**
     * Ends the trace at its last event: what is still open is resolved by its likely answer (running time of a
     * thread that made no system call: user, or system for kernel threads; a wait no wakeup ended: WAIT_BLOCKED;
     * a CPU's thread never named: a placeholder), then sinks hear the end.
     */
    public void end() {
        if (ended) {
            return;
        }
        ended = true;
        if (!clock.started()) {
            sink.end(trace, Long.MIN_VALUE);
            return;
        }
        cpus.publishUnnamed();
        List<ThreadRecord> open = new ArrayList<>();
        threads.end(open);
        cpus.addRunning(open);
        for (ThreadRecord r : open) {
            if (r.queueLength > 0) {
                changes.settle(r, false);
            }
        }
        sink.end(trace, clock.now());
    }

    /**
     * The thread the CPU runs now, as far as the events read so far say: null when the trace has not named it yet (or
     * the CPU has had no event).
     */
    public ThreadRecord onCpu(int cpu) {
        return cpus.onCpu(cpu);
    }

    /** When the CPU last switched threads ({@code Long.MIN_VALUE}: no switch yet). */
    public long lastSwitch(int cpu) {
        return cpus.lastSwitch(cpu);
    }

    /** How many times the CPU switched threads so far. */
    public long switches(int cpu) {
        return cpus.switches(cpu);
    }

    /** The live thread of that TID the trace has shown so far, or null (never creates one). */
    public ThreadRecord aliveThread(int tid) {
        return threads.aliveThread(tid);
    }

    /** First event time of this trace ({@code Long.MIN_VALUE} when it had none). */
    public long first() {
        return clock.started() ? clock.start() : Long.MIN_VALUE;
    }

    /** Last event time of this trace (never earlier than an event before it). */
    public long last() {
        return clock.started() ? clock.now() : Long.MIN_VALUE;
    }

    /** Whether the trace tells user from system time (it declares system call events). */
    public boolean userSystemKnown() {
        return syscalls.known();
    }

    /** Whether the trace tells I/O waits from other waits (it declares wakeups and block completions). */
    public boolean ioWaitKnown() {
        return blocks.known();
    }

    /** Whether I/O waits were checked against block requests in flight (the trace records their issue). */
    public boolean ioWaitChecked() {
        return blocks.checked();
    }

    /** I/O wait over the whole trace, in ns, as checked against block requests in flight: {total, in flight}. */
    public long[] ioWaitCheck() {
        return blocks.check();
    }

    /** The IRQs' names the trace gave, by IRQ number (x86 vectors from {@code 1 << 16}). */
    public Map<Integer, String> irqNames() {
        return interrupts.irqNames();
    }

    /** The block devices' names the trace's statedump gave, by {@code dev_t}. */
    public Map<Long, String> deviceNames() {
        return blocks.deviceNames();
    }

    /** CPUs the events name but whose stream the trace lacks (empty when it has them all, or cannot tell). */
    public List<Integer> missingCpus() {
        return cpus.missingCpus();
    }

    /** What the machine guessed or found contradicted so far. */
    public MachineCounters counters() {
        long inconsistencies = cpus.inconsistencies() + threads.inconsistencies() + interrupts.inconsistencies();
        return new MachineCounters(missingCpus(), wakeups.movedToMissingCpu(), blocks.statedumpWaitsEndedByIo(),
                changes.placeholders, changes.guessedModes, changes.guessedWaits, inconsistencies,
                cpus.eventsWithoutCpu(), blocks.timedOutRequests(), syscalls.known());
    }

    /** Sentences a report must show about how far these results can be trusted. */
    public List<String> caveats() {
        return MachineNotes.caveats(counters());
    }
}
