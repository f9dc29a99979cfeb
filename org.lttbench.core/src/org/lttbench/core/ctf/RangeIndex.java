package org.lttbench.core.ctf;

import java.util.Arrays;
import java.util.TreeSet;

/**
 * The first of several value ranges (in the order given, overlaps allowed) that holds a value, in logarithmic time:
 * variant and optional selectors with many ranges would otherwise cost a scan of them all for every event. The ranges
 * are cut at their bounds into segments, each knowing its first holding range.
 */
final class RangeIndex {
    /** Below this many ranges a scan is as fast: no index. */
    static final int MIN_RANGES = 9;

    /** Segment starts, as sortable keys (signed order; unsigned values have their sign bit flipped). */
    private final long[] starts;
    /** The first range holding each segment, or -1. */
    private final int[] first;
    private final boolean signed;

    private RangeIndex(long[] starts, int[] first, boolean signed) {
        this.starts = starts;
        this.first = first;
        this.signed = signed;
    }

    /** An index of {@code [low[i], high[i]]} (bounds signed or unsigned), or null when there are few ranges. */
    static RangeIndex of(long[] low, long[] high, boolean signed) {
        int n = low.length;
        if (n < MIN_RANGES) {
            return null;
        }
        // Events: a range starts at its low key and ends after its high key.
        long[][] events = new long[2 * n][];
        int e = 0;
        for (int i = 0; i < n; i++) {
            long lo = key(low[i], signed);
            long hi = key(high[i], signed);
            if (lo > hi) {
                continue; // empty
            }
            events[e++] = new long[] { lo, i, 1 };
            if (hi != Long.MAX_VALUE) {
                events[e++] = new long[] { hi + 1, i, 0 };
            }
        }
        long[][] sorted = Arrays.copyOf(events, e);
        Arrays.sort(sorted, (a, b) -> Long.compare(a[0], b[0]));
        TreeSet<Integer> active = new TreeSet<>();
        long[] starts = new long[e];
        int[] first = new int[e];
        int segments = 0;
        for (int k = 0; k < e;) {
            long at = sorted[k][0];
            for (; k < e && sorted[k][0] == at; k++) {
                if (sorted[k][2] == 1) {
                    active.add((int) sorted[k][1]);
                } else {
                    active.remove((int) sorted[k][1]);
                }
            }
            starts[segments] = at;
            first[segments] = active.isEmpty() ? -1 : active.first();
            segments++;
        }
        return new RangeIndex(Arrays.copyOf(starts, segments), Arrays.copyOf(first, segments), signed);
    }

    private static long key(long v, boolean signed) {
        return signed ? v : v ^ Long.MIN_VALUE;
    }

    /** The index of the first range holding {@code v}, or -1. */
    int first(long v) {
        int i = Arrays.binarySearch(starts, key(v, signed));
        if (i < 0) {
            i = -i - 2; // the segment starting before v
        }
        return i < 0 ? -1 : first[i];
    }
}
