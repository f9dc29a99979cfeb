package org.lttbench.core.analysis.process;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.kernel.BlockDevice;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.kernel.WaitCauses;
import org.lttbench.core.kernel.Waker;
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

    /**
     * I/O wait of one device within one range: its total, how many waits, the longest, and which threads.
     *
     * @param device the kernel {@code dev_t} ({@link BlockDevice}), or {@link BlockDevice#UNKNOWN}
     * @param waits waits with a part in the range
     * @param longest the longest wait's part in the range
     * @param threads how many threads waited on it
     */
    public record DeviceWait(Trace trace, long device, long ns, long waits, long longest, int threads) {
    }

    /** What {@link DeviceWait} says of one device within one range, as the waits come. */
    private static final class DeviceTally {
        final Trace trace;
        final long device;
        long ns;
        long waits;
        long longest;
        final BitSet threads = new BitSet();

        DeviceTally(Trace trace, long device) {
            this.trace = trace;
            this.device = device;
        }
    }

    /**
     * What blocked time (WAIT_BLOCKED) is told as, per thread within one range for one reason: a cause
     * ({@link WaitCauses}) or a waker ({@link Waker}) by its code; how many waits had a part in the range.
     */
    @FunctionalInterface
    public interface TallyVisitor {
        void visit(ThreadRecord thread, int code, long ns, long waits);
    }

    private final TimeRange[] ranges;
    /** Per range: blocked time by thread and reason (cause and waker together, as {@link #reasons} codes them). */
    private final List<WaitTallies> byReason = new ArrayList<>();
    private final WaitReasons reasons;
    private ThreadRecord[] byIndex = new ThreadRecord[256];
    private final long[] rangeBegin;
    private final long[] rangeEnd;
    private final List<Map<List<Object>, DeviceTally>> deviceWaits = new ArrayList<>();
    /**
     * Per thread index, {@link #stride} longs side by side (a change touches one place in memory, not a record, its
     * array and the array of records): the state + 1 (0: not told of yet), since when, born, died, then the time in
     * each state within each range. In pages of about {@value #PAGE_LONGS} longs, a power of two threads each, added as
     * threads come and never copied: a book that doubled would leave its old copies behind, which the serial collector
     * has often promoted by then (15 MB of 106,000 threads).
     */
    private long[][] book = new long[8][];
    private static final int PAGE_LONGS = 1 << 16;
    /** log2 of the threads a page holds. */
    private final int pageShift;
    private final int stride;
    private static final int STATE = 0;
    private static final int SINCE = 1;
    private static final int BORN = 2;
    private static final int DIED = 3;
    /** The reason of the thread's current wait, as told with it. */
    private static final int WHY = 4;
    private static final int TIMES = 5;
    private final List<ThreadRecord> threads;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    public ThreadLedger(List<TimeRange> ranges) {
        this.reasons = new WaitReasons();
        this.threads = new ArrayList<>();
        this.ranges = ranges.toArray(new TimeRange[0]);
        rangeBegin = new long[this.ranges.length];
        rangeEnd = new long[this.ranges.length];
        for (int r = 0; r < this.ranges.length; r++) {
            deviceWaits.add(new LinkedHashMap<>());
            byReason.add(new WaitTallies());
            rangeBegin[r] = this.ranges[r].begin();
            rangeEnd[r] = this.ranges[r].end();
        }
        stride = TIMES + this.ranges.length * STATES;
        pageShift = Math.max(0, 31 - Integer.numberOfLeadingZeros(PAGE_LONGS / stride));
    }

    /** A copy of {@code of}, which its later changes leave as it is (the I/O waits' devices are shared, not changed). */
    private ThreadLedger(ThreadLedger of) {
        ranges = of.ranges;
        rangeBegin = of.rangeBegin;
        rangeEnd = of.rangeEnd;
        deviceWaits.addAll(of.deviceWaits);
        of.byReason.forEach(t -> byReason.add(t.copy()));
        reasons = of.reasons.copy();
        byIndex = of.byIndex.clone();
        book = new long[of.book.length][];
        for (int p = 0; p < book.length; p++) {
            book[p] = of.book[p] == null ? null : of.book[p].clone();
        }
        stride = of.stride;
        pageShift = of.pageShift;
        threads = new ArrayList<>(of.threads);
        first = of.first;
        last = of.last;
    }

    /**
     * This ledger as it would stand had each of those traces ended at its time: the threads alive then, each with its
     * ongoing state counted as far as it is known (up to then, or to its first change the machine has not told yet:
     * what it was is not known yet). For a report taken during the pass, which goes on with this ledger unchanged.
     */
    public ThreadLedger endedCopy(Map<Trace, Long> ends) {
        ThreadLedger c = new ThreadLedger(this);
        ends.forEach((trace, time) -> c.endThreads(trace, time, true));
        return c;
    }

    @Override
    public void ioWait(ThreadRecord thread, long device, long from, long to) {
        for (int r = 0; r < ranges.length; r++) {
            long b = Math.max(from, ranges[r].begin());
            long e = Math.min(to, ranges[r].end());
            if (e > b) {
                DeviceTally d = deviceWaits.get(r).computeIfAbsent(List.of(thread.trace(), device),
                        k -> new DeviceTally(thread.trace(), device));
                d.ns += e - b;
                d.waits++;
                d.longest = Math.max(d.longest, e - b);
                d.threads.set(thread.index());
            }
        }
    }

    /** I/O wait per device (and trace) within range number {@code range}, in the order first seen. */
    public List<DeviceWait> deviceWaits(int range) {
        return deviceWaits.get(range).values().stream()
                .map(d -> new DeviceWait(d.trace, d.device, d.ns, d.waits, d.longest, d.threads.cardinality())).toList();
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu) {
        stateChange(thread, state, time, cpu, 0);
    }

    @Override
    public void stateChange(ThreadRecord thread, ThreadState state, long time, int cpu, long why) {
        long[] page = page(thread.index());
        int at = at(thread.index());
        long told = page[at + STATE];
        if (told == 0) {
            page[at + BORN] = time;
            page[at + DIED] = Long.MIN_VALUE;
            threads.add(thread);
            knowOf(thread);
            first = Math.min(first, time);
        } else {
            close(thread, page, at, (int) told - 1, time);
        }
        page[at + STATE] = state.ordinal() + 1;
        page[at + SINCE] = time;
        page[at + WHY] = why;
        if (state == ThreadState.NOT_ALIVE) {
            page[at + DIED] = time;
        }
    }

    /** The page of the book that holds thread {@code index}'s longs, made room for. */
    private long[] page(int index) {
        int p = index >>> pageShift;
        if (p >= book.length) {
            book = Arrays.copyOf(book, Math.max(p + 1, book.length * 2));
        }
        if (book[p] == null) {
            book[p] = new long[(1 << pageShift) * stride];
        }
        return book[p];
    }

    /** One of thread {@code index}'s longs, read without making room (0 for a thread never told of). */
    private long read(int index, int field) {
        int p = index >>> pageShift;
        return p < book.length && book[p] != null ? book[p][at(index) + field] : 0;
    }

    /** Where thread {@code index}'s longs start in its page. */
    private int at(int index) {
        return (index & ((1 << pageShift) - 1)) * stride;
    }

    /** The thread's current state ends at {@code to}: its time, and a wait's reasons, within each range. */
    private void close(ThreadRecord thread, long[] page, int at, int state, long to) {
        long from = page[at + SINCE];
        add(page, at, state, from, to);
        if (state == BLOCKED && to > from) {
            int reason = reasons.code(page[at + WHY]);
            for (int r = 0; r < rangeBegin.length; r++) {
                long b = Math.max(from, rangeBegin[r]);
                long e = Math.min(to, rangeEnd[r]);
                if (e > b) {
                    byReason.get(r).add(thread.index(), reason, e - b);
                }
            }
        }
    }

    private static final int BLOCKED = ThreadState.WAIT_BLOCKED.ordinal();

    /**
     * Blocked time by thread and cause ({@link WaitCauses}) within range number {@code range}, in the order of thread
     * index, then code: they sum to WAIT_BLOCKED.
     */
    public void blockedByCause(int range, TallyVisitor visitor) {
        byPart(range, ThreadStateSink::cause).forEach((index, code, ns, waits) -> visitor.visit(byIndex[index], code, ns, waits));
    }

    /** The same by waker ({@link Waker}). */
    public void blockedByWaker(int range, TallyVisitor visitor) {
        byPart(range, ThreadStateSink::waker).forEach((index, code, ns, waits) -> visitor.visit(byIndex[index], code, ns, waits));
    }

    /** The reasons' tallies of that range summed by one part of the reason. */
    private WaitTallies byPart(int range, java.util.function.LongToIntFunction part) {
        WaitTallies by = new WaitTallies(byReason.get(range).size()); // at most as many pairs: made once
        byReason.get(range).forEach((index, reason, ns, waits) -> by.add(index, part.applyAsInt(reasons.why(reason)), ns, waits));
        return by;
    }

    /** Blocked time of one thread within one range for one cause and one waker together; waits with a part in it. */
    public record BlockedTally(ThreadRecord thread, int cause, int waker, long ns, long waits) {
    }

    /**
     * Blocked time by thread, cause and waker together within range number {@code range}, in the order of thread index:
     * they sum to WAIT_BLOCKED, and to the tallies by cause and by waker.
     */
    public List<BlockedTally> blocked(int range) {
        List<BlockedTally> all = new ArrayList<>();
        byReason.get(range).forEach((index, reason, ns, waits) -> {
            long why = reasons.why(reason);
            all.add(new BlockedTally(byIndex[index], ThreadStateSink.cause(why), ThreadStateSink.waker(why), ns, waits));
        });
        return all;
    }

    /**
     * Who a thread is, without any of its time: a replay over a range tells the threads it holds first, so a waker
     * whose states all lie outside the range is still named (as a read names it, having seen it before the range).
     */
    public void knowOf(ThreadRecord thread) {
        if (thread.index() >= byIndex.length) {
            byIndex = Arrays.copyOf(byIndex, Math.max(thread.index() + 1, byIndex.length * 2));
        }
        if (byIndex[thread.index()] == null) {
            byIndex[thread.index()] = thread;
        }
    }

    /** The thread of that index, once told of (a waker's identity), or null. */
    public ThreadRecord thread(int index) {
        return index >= 0 && index < byIndex.length ? byIndex[index] : null;
    }

    private void add(long[] page, int at, int state, long from, long to) {
        if (state == ThreadState.NOT_ALIVE.ordinal() || to <= from) {
            return;
        }
        for (int r = 0; r < rangeBegin.length; r++) {
            long b = Math.max(from, rangeBegin[r]);
            long e = Math.min(to, rangeEnd[r]);
            if (e > b) {
                page[at + TIMES + r * STATES + state] += e - b;
            }
        }
    }

    /** Reads nothing but its calls' arguments while the pass runs: its calls may come on another thread. */
    @Override
    public boolean mayBeToldLater() {
        return true;
    }

    @Override
    public void end(Trace trace, long time) {
        if (time == Long.MIN_VALUE) {
            return;
        }
        endThreads(trace, time, false);
    }

    /** The trace's threads still alive end at {@code time}, or (toldOnly) where what was told of them stops. */
    private void endThreads(Trace trace, long time, boolean toldOnly) {
        last = Math.max(last, time);
        for (ThreadRecord t : threads) {
            long[] page = page(t.index());
            int at = at(t.index());
            if (t.trace() == trace && page[at + DIED] == Long.MIN_VALUE) {
                long until = toldOnly ? Math.max(page[at + SINCE], t.toldUntil(time)) : time;
                close(t, page, at, (int) page[at + STATE] - 1, until);
                page[at + SINCE] = until;
                page[at + DIED] = until;
            }
        }
    }

    /** Every thread told of, in the order first told. */
    public List<ThreadRecord> threads() {
        return List.copyOf(threads);
    }

    /** Time the thread spent in that state within range number {@code range} (the order given). */
    public long time(ThreadRecord thread, ThreadState state, int range) {
        return read(thread.index(), TIMES + range * STATES + state.ordinal());
    }

    /** Running time (user + system + IRQ, and running time not split between user and system) within that range. */
    public long running(ThreadRecord thread, int range) {
        return time(thread, ThreadState.USER, range) + time(thread, ThreadState.SYSCALL, range)
                + time(thread, ThreadState.IRQ, range) + time(thread, ThreadState.USER_OR_SYSTEM, range);
    }

    /** When the thread was first told of: the trace's start for threads alive before it, else its fork. */
    public long born(ThreadRecord thread) {
        return read(thread.index(), BORN);
    }

    /** When it ended: NOT_ALIVE, or its trace's end. */
    public long died(ThreadRecord thread) {
        return read(thread.index(), DIED);
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
