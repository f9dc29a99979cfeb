package org.lttbench.core.analysis.process;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;

/**
 * The standalone sink of thread state changes: per thread, the time spent in each state within each time range it
 * was asked for before the pass (the whole trace, a user's {@code --begin/--end}), exact to the ns. Memory grows
 * with threads and ranges, never with events: each change closes the thread's previous state and adds its part
 * inside each range.
 */
public final class ThreadLedger implements ThreadStateSink {
    private static final int STATES = ThreadState.values().length;

    private static final class Account {
        final ThreadRecord thread;
        int state = -1;
        long since;
        long born;
        long died = Long.MIN_VALUE;
        final long[] time;

        Account(ThreadRecord thread, int ranges) {
            this.thread = thread;
            this.time = new long[ranges * STATES];
        }
    }

    /** I/O wait of one device within one range: its total, how many waits, the longest, and which threads. */
    public static final class DeviceWait {
        private final Trace trace;
        private final String device;
        private long ns;
        private long waits;
        private long longest;
        private final BitSet threads = new BitSet();

        DeviceWait(Trace trace, String device) {
            this.trace = trace;
            this.device = device;
        }

        public Trace trace() {
            return trace;
        }

        /** {@code major:minor}, with the disk's name when the trace gave it, or {@code unknown}. */
        public String device() {
            return device;
        }

        public long ns() {
            return ns;
        }

        /** Waits with a part in the range. */
        public long waits() {
            return waits;
        }

        /** The longest wait's part in the range. */
        public long longest() {
            return longest;
        }

        public int threads() {
            return threads.cardinality();
        }
    }

    private final TimeRange[] ranges;
    private final List<Map<List<Object>, DeviceWait>> deviceWaits = new ArrayList<>();
    private Account[] accounts = new Account[256];
    private final List<ThreadRecord> threads = new ArrayList<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    public ThreadLedger(List<TimeRange> ranges) {
        this.ranges = ranges.toArray(new TimeRange[0]);
        for (int r = 0; r < this.ranges.length; r++) {
            deviceWaits.add(new LinkedHashMap<>());
        }
    }

    @Override
    public void ioWait(ThreadRecord thread, String device, long from, long to) {
        for (int r = 0; r < ranges.length; r++) {
            long b = Math.max(from, ranges[r].begin());
            long e = Math.min(to, ranges[r].end());
            if (e > b) {
                DeviceWait d = deviceWaits.get(r).computeIfAbsent(List.of(thread.trace(), device),
                        k -> new DeviceWait(thread.trace(), device));
                d.ns += e - b;
                d.waits++;
                d.longest = Math.max(d.longest, e - b);
                d.threads.set(thread.index());
            }
        }
    }

    /** I/O wait per device (and trace) within range number {@code range}, in the order first seen. */
    public List<DeviceWait> deviceWaits(int range) {
        return List.copyOf(deviceWaits.get(range).values());
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        int i = thread.index();
        if (i >= accounts.length) {
            accounts = Arrays.copyOf(accounts, Math.max(i + 1, accounts.length * 2));
        }
        Account a = accounts[i];
        if (a == null) {
            a = new Account(thread, ranges.length);
            a.born = time;
            accounts[i] = a;
            threads.add(thread);
            first = Math.min(first, time);
        } else if (a.state >= 0) {
            add(a, a.state, a.since, time);
        }
        a.state = state.ordinal();
        a.since = time;
        if (state == ThreadState.NOT_ALIVE) {
            a.died = time;
        }
    }

    private void add(Account a, int state, long from, long to) {
        if (state == ThreadState.NOT_ALIVE.ordinal() || to <= from) {
            return;
        }
        for (int r = 0; r < ranges.length; r++) {
            long b = Math.max(from, ranges[r].begin());
            long e = Math.min(to, ranges[r].end());
            if (e > b) {
                a.time[r * STATES + state] += e - b;
            }
        }
    }

    @Override
    public void end(Trace trace, long time) {
        if (time == Long.MIN_VALUE) {
            return;
        }
        last = Math.max(last, time);
        for (ThreadRecord t : threads) {
            Account a = accounts[t.index()];
            if (t.trace() == trace && a.died == Long.MIN_VALUE) {
                add(a, a.state, a.since, time);
                a.since = time;
                a.died = time;
            }
        }
    }

    /** Every thread told of, in the order first told. */
    public List<ThreadRecord> threads() {
        return List.copyOf(threads);
    }

    /** Time the thread spent in that state within range number {@code range} (the order given). */
    public long time(ThreadRecord thread, ThreadState state, int range) {
        return accounts[thread.index()].time[range * STATES + state.ordinal()];
    }

    /** Running time (user + system + IRQ, and running time not split between user and system) within that range. */
    public long running(ThreadRecord thread, int range) {
        return time(thread, ThreadState.USER, range) + time(thread, ThreadState.SYSCALL, range)
                + time(thread, ThreadState.IRQ, range) + time(thread, ThreadState.USER_OR_SYSTEM, range);
    }

    /** When the thread was first told of: the trace's start for threads alive before it, else its fork. */
    public long born(ThreadRecord thread) {
        return accounts[thread.index()].born;
    }

    /** When it ended: NOT_ALIVE, or its trace's end. */
    public long died(ThreadRecord thread) {
        return accounts[thread.index()].died;
    }

    /** The part of range number {@code range} the traces cover (from the first change to the last end), or null. */
    public TimeRange covered(int range) {
        if (first == Long.MAX_VALUE || last == Long.MIN_VALUE || last < first) {
            return null;
        }
        return ranges[range].intersect(new TimeRange(first, last));
    }

    public TimeRange range(int range) {
        return ranges[range];
    }
}
