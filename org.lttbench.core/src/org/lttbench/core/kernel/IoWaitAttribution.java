package org.lttbench.core.kernel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which uninterruptible sleeps of one machine were I/O waits, on which device, and the check of them against the
 * block requests in flight. A wakeup is made by block-device I/O completion when a completion happened in the
 * waker's own context: the same interrupt handler, or in process context since the CPU's last switch or system call
 * boundary. Being in the block softirq is not enough: it also wakes workers and runs completions that were not disk
 * I/O. The check: each I/O wait's part within intervals when a block request was in flight
 * ({@link InFlightRequests}); a trace whose I/O wait lies mostly outside them did not wait on the disk all that time.
 */
final class IoWaitAttribution {
    /** {@link #completionDevice} when nothing completed in that context. */
    static final long NO_IO = Long.MIN_VALUE;

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
    private final int levels;
    private long ioWaitChecked;
    private long ioWaitInFlight;
    long statedumpWaitsEndedByIo;

    /**
     * @param tracked whether the trace records block request issues and completions (then each request is followed
     *                and told to the sink); {@code checked} needs it
     */
    IoWaitAttribution(BlockSink sink, org.lttbench.core.trace.Trace trace, boolean known, boolean checked,
            boolean tracked, int levels) {
        this.sink = sink;
        this.known = known;
        this.checked = checked;
        this.tracked = tracked;
        this.levels = levels;
        this.requests = new InFlightRequests((device, op, sectors, inserted, issued, completed, issuer) -> sink
                .blockRequest(trace, device, op, sectors, inserted, issued, completed, issuer));
    }

    boolean known() {
        return known;
    }

    boolean checked() {
        return checked;
    }

    private long[] context(int cpu) {
        if (cpu >= completions.length) {
            completions = Arrays.copyOf(completions, Math.max(cpu + 1, completions.length * 2));
        }
        long[] c = completions[cpu];
        if (c == null) {
            c = new long[levels];
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

    /**
     * A block request issued or completed (a bio completed: {@code request} false), in the CPU's context at that level;
     * an issue's operation and issuer (null when unknown).
     */
    void block(int cpu, int level, long t, boolean issue, long device, boolean request, long sector, long sectors,
            BlockOperation op, ThreadRecord issuer) {
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
        context(cpu)[level] = device;
    }

    /** A block request inserted into its device's I/O scheduler queue. */
    void inserted(long t, long device, long sector) {
        if (device != 0 && tracked) {
            requests.insert(t, device, sector);
        }
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

    void named(long device, String name) {
        deviceNames.put(device, name);
    }

    Map<Long, String> deviceNames() {
        return Map.copyOf(deviceNames);
    }

    /** I/O wait over the whole trace, in ns, as checked against block requests in flight: {total, in flight}. */
    long[] check() {
        return new long[] { ioWaitChecked, ioWaitInFlight };
    }

    /** Requests forgotten at their timeout, where the I/O wait check counts them (else 0: nothing read them). */
    long timedOutRequests() {
        return checked ? requests.timedOut() : 0;
    }
}
