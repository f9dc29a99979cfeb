package org.lttbench.core.kernel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.lttbench.core.trace.Trace;

/**
 * The block requests of one machine, and which uninterruptible sleeps were I/O waits, on which device, with the check
 * of them against the requests in flight. A wakeup is made by block-device I/O completion when a completion happened
 * in the waker's own context: the same interrupt handler, or in process context since the CPU's last switch or system
 * call boundary. Being in the block softirq is not enough: it also wakes workers and runs completions that were not
 * disk I/O. The check: each I/O wait's part within intervals when a block request was in flight
 * ({@link InFlightRequests}); a trace whose I/O wait lies mostly outside them did not wait on the disk all that time.
 * A {@link BlockSink} hears each request that completes, and each I/O wait.
 */
public final class BlockTracker {
    /** {@link #completionDevice} when nothing completed in that context. */
    static final long NO_IO = Long.MIN_VALUE;

    private final Clock clock;
    private final CpuTracker cpus;
    private final ThreadTracker threads;
    private final BlockSink sink;
    /** Whether the trace can tell I/O waits: it declares wakeups and block completions. */
    private final boolean known;
    /** Whether it records block request issues: I/O waits can be checked against requests in flight. */
    private final boolean checked;
    /** Whether it records both issues and completions: requests are followed (and told to the sink). */
    private final boolean tracked;
    private final InFlightRequests requests;
    private final Map<Long, String> deviceNames = new HashMap<>();
    /** Per CPU, per interrupt nesting level (0: process context): the device of the latest completion, or NO_IO. */
    private long[][] completions = new long[0][];
    private long ioWaitChecked;
    private long ioWaitInFlight;
    private long statedumpWaitsEndedByIo;

    /**
     * @param known   whether the trace declares wakeups and block completions (it tells I/O waits)
     * @param checked whether I/O waits are checked against the block requests in flight; it needs {@code tracked}
     * @param tracked whether the trace records block request issues and completions (then each request is followed
     *                and told to the sink)
     */
    BlockTracker(Trace trace, Clock clock, CpuTracker cpus, ThreadTracker threads, BlockSink sink, boolean known,
            boolean checked, boolean tracked) {
        this.clock = clock;
        this.cpus = cpus;
        this.threads = threads;
        this.sink = sink;
        this.known = known;
        this.checked = checked;
        this.tracked = tracked;
        this.requests = new InFlightRequests((device, op, sectors, inserted, issued, completed, issuer) -> sink
                .blockRequest(trace, device, op, sectors, inserted, issued, completed, issuer));
    }

    /**
     * A block request issued or completed ({@code request}: of a request, with its sectors; else a bio's completion)
     * on that device (a kernel {@code dev_t}, {@link BlockDevice#UNKNOWN} when the event names none).
     */
    public void block(int cpu, long time, boolean issue, long device, boolean request, long sector, long sectors) {
        block(cpu, time, issue, device, request, sector, sectors, BlockOperation.OTHER, ThreadStateMachine.UNTOLD);
    }

    /**
     * The same, with an issue's operation and the thread that issued it (the event's {@code tid};
     * {@link ThreadStateMachine#UNTOLD}: the CPU's running thread, which the kernel's {@code current} is).
     */
    public void block(int cpu, long time, boolean issue, long device, boolean request, long sector, long sectors,
            BlockOperation op, int issuerTid) {
        Cpu c = cpus.cpu(cpu, time);
        if (c == null) {
            return;
        }
        ThreadRecord issuer = null;
        if (issue) {
            ThreadRecord running = c.anonymous ? null : c.current;
            if (issuerTid == ThreadStateMachine.UNTOLD || (running != null && running.tid() == issuerTid)) {
                issuer = running;
            } else if (issuerTid > 0) {
                issuer = threads.aliveThread(issuerTid);
            }
        }
        long t = clock.time(time);
        if (device == 0) {
            return; // a request without a disk (a command such as a CD-ROM's media poll): not disk I/O
        }
        if (issue) {
            if (request && tracked) { // without completions nothing would end them
                requests.issue(t, device, sector, sectors, op, issuer);
            }
            return;
        }
        if (request && tracked && requests.complete(t, device, sector, sectors) && checked) {
            ioWaitInFlight = ioWaitChecked; // a request in flight since the trace began covered every wait so far
        }
        context(c.id)[c.depth] = device;
    }

    /** A block request inserted into its device's I/O scheduler queue ({@code block_rq_insert}). */
    public void blockInserted(int cpu, long time, long device, long sector) {
        if (cpus.cpu(cpu, time) != null) {
            long t = clock.time(time);
            if (device != 0 && tracked) {
                requests.insert(t, device, sector);
            }
        }
    }

    /** The statedump names a block device: the name holds for the whole trace. */
    public void blockDeviceNamed(int cpu, long time, long device, String name) {
        cpus.observe(cpu, time);
        deviceNames.put(device, name);
    }

    private long[] context(int cpu) {
        if (cpu >= completions.length) {
            completions = Arrays.copyOf(completions, Math.max(cpu + 1, completions.length * 2));
        }
        long[] c = completions[cpu];
        if (c == null) {
            c = new long[Cpu.MAX_NESTING + 1];
            Arrays.fill(c, NO_IO);
            completions[cpu] = c;
        }
        return c;
    }

    /** The CPU enters a context (an interrupt at that level; a switch or system call boundary at 0): none completed in it yet. */
    void contextStarts(int cpu, int level) {
        context(cpu)[level] = NO_IO;
    }

    /** The device of the latest completion in the CPU's context at that level, or {@link #NO_IO}. */
    long completionDevice(int cpu, int level) {
        return context(cpu)[level];
    }

    /** The thread falls into an uninterruptible sleep at {@code t}: where the check's busy time stands then. */
    void sleeps(ThreadRecord r, long t) {
        r.sleepStart = t;
        r.busyAtSleep = checked ? requests.busy(t) : 0;
    }

    /** An uninterruptible sleep ends by I/O completion at {@code t}: sinks hear it, and it is checked. */
    void ended(ThreadRecord r, long device, long t) {
        long from = r.sleepStart;
        sink.ioWait(r, device, from, t);
        if (checked && t > from) {
            ioWaitChecked += t - from;
            ioWaitInFlight += requests.busyWithin(from, r.busyAtSleep, t);
        }
    }

    /** A wait begun before the trace (the statedump's, never an I/O wait) ended with block I/O completion. */
    void statedumpWaitEndedByIo() {
        statedumpWaitsEndedByIo++;
    }

    /** Whether the trace tells I/O waits from other waits (it declares wakeups and block completions). */
    public boolean known() {
        return known;
    }

    /** Whether I/O waits were checked against block requests in flight (the trace records their issue). */
    public boolean checked() {
        return checked;
    }

    /** The block devices' names the trace's statedump gave, by {@code dev_t}. */
    public Map<Long, String> deviceNames() {
        return Map.copyOf(deviceNames);
    }

    /** I/O wait over the whole trace, in ns, as checked against block requests in flight: {total, in flight}. */
    public long[] check() {
        return new long[] { ioWaitChecked, ioWaitInFlight };
    }

    /** Requests forgotten at their timeout, where the I/O wait check counts them (else 0: nothing read them). */
    long timedOutRequests() {
        return checked ? requests.timedOut() : 0;
    }

    long statedumpWaitsEndedByIo() {
        return statedumpWaitsEndedByIo;
    }
}
