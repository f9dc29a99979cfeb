package org.lttbench.core.analysis.dropin;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.kernel.ThreadStateSink;
import org.lttbench.core.trace.TimeRange;

/**
 * lttng-analyses' "Chronological priorities" ({@code prio_list}) of each TID: the priorities the thread had in the
 * range, each with how many times it took it (its priority at the range's start, or when the trace first gives it,
 * then each change), as {@code [20, 21 (2 times)]}: the priorities in increasing order, as lttng-analyses writes
 * them. A TID's list grows only when its priority changes: the changes kept are the machine's
 * ({@link ThreadStateSink#priority}), in time order. A TID reused by another thread goes on in the same list (rows
 * are per TID).
 */
final class Priorities implements ThreadStateSink.WithoutStates {

    /** One TID's priority changes, in time order. */
    private static final class Changes {
        long[] times = new long[2];
        int[] prios = new int[2];
        int count;

        void add(long time, int prio) {
            if (count == times.length) {
                times = Arrays.copyOf(times, count * 2);
                prios = Arrays.copyOf(prios, count * 2);
            }
            times[count] = time;
            prios[count] = prio;
            count++;
        }
    }

    private final Map<Long, Changes> byTid = new HashMap<>();

    @Override
    public void priority(ThreadRecord thread, long time, int prio) {
        byTid.computeIfAbsent((long) thread.tid(), k -> new Changes()).add(time, prio);
    }

    @Override
    public boolean followsPriorities() {
        return true;
    }

    /**
     * The TID's priorities in the range as lttng-analyses writes them ({@code [20, 21 (2 times)]}), or null when the
     * trace gave none of that thread's priorities up to the range's end.
     */
    String list(long tid, TimeRange range) {
        Changes c = byTid.get(tid);
        if (c == null || c.times[0] > range.end()) {
            return null;
        }
        TreeMap<Integer, Integer> times = new TreeMap<>();
        for (int i = 0; i < c.count && c.times[i] <= range.end(); i++) {
            // the priority it had when the range began, then each change in it
            if (c.times[i] >= range.begin() || i + 1 == c.count || c.times[i + 1] > range.begin()) {
                times.merge(c.prios[i], 1, Integer::sum);
            }
        }
        StringBuilder s = new StringBuilder("[");
        times.forEach((prio, n) -> {
            s.append(s.length() > 1 ? ", " : "").append(prio);
            if (n > 1) {
                s.append(" (").append(n).append(" times)");
            }
        });
        return s.append(']').toString();
    }
}
