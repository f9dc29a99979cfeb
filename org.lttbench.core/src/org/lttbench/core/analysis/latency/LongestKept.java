package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The N longest of a stream of latencies, in bounded memory: a min-heap of N, whose root (the shortest kept) a longer
 * one replaces. Of two equally long, the earlier is kept, so the result does not depend on the order of ties.
 * Ask {@link #keeps} before making what {@link #offer} keeps: most latencies are not among the longest.
 */
public final class LongestKept<T> {
    private final int capacity;
    private final long[] durations;
    private final long[] starts;
    private final Object[] items;
    private int size;

    /** @param capacity how many to keep (0 keeps none) */
    public LongestKept(int capacity) {
        this.capacity = Math.max(0, capacity);
        this.durations = new long[this.capacity];
        this.starts = new long[this.capacity];
        this.items = new Object[this.capacity];
    }

    /** Whether a latency of that duration, starting then, would be kept now. */
    public boolean keeps(long duration, long start) {
        if (size < capacity) {
            return true;
        }
        return capacity > 0 && before(duration, start, durations[0], starts[0]);
    }

    /** Keeps it if it is among the longest so far. */
    public void offer(long duration, long start, T item) {
        if (!keeps(duration, start)) {
            return;
        }
        if (size < capacity) {
            durations[size] = duration;
            starts[size] = start;
            items[size] = item;
            up(size++);
            return;
        }
        durations[0] = duration;
        starts[0] = start;
        items[0] = item;
        down(0);
    }

    /** Whether (d1, s1) ranks above (d2, s2): longer, or as long and earlier. */
    private static boolean before(long d1, long s1, long d2, long s2) {
        return d1 > d2 || (d1 == d2 && s1 < s2);
    }

    private void up(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!before(durations[parent], starts[parent], durations[i], starts[i])) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void down(int i) {
        while (true) {
            int low = i;
            for (int c = 2 * i + 1; c <= 2 * i + 2 && c < size; c++) {
                if (before(durations[low], starts[low], durations[c], starts[c])) {
                    low = c;
                }
            }
            if (low == i) {
                return;
            }
            swap(i, low);
            i = low;
        }
    }

    private void swap(int a, int b) {
        long d = durations[a];
        durations[a] = durations[b];
        durations[b] = d;
        long s = starts[a];
        starts[a] = starts[b];
        starts[b] = s;
        Object o = items[a];
        items[a] = items[b];
        items[b] = o;
    }

    /** The kept ones, longest first (ties: earliest first). */
    @SuppressWarnings("unchecked")
    public List<T> longestFirst() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong((Integer i) -> -durations[i]).thenComparingLong(i -> starts[i]));
        List<T> out = new ArrayList<>();
        for (int i : order) {
            out.add((T) items[i]);
        }
        return out;
    }
}
