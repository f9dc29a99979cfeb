package org.lttbench.core.analysis.cpu;

import java.util.Arrays;

/** One CPU's time: known, busy, in interrupt handlers, and its run queue's waiting time, in all and per bin. */
final class CpuTally {
    static final int KNOWN = 0, BUSY = 1, IRQ = 2, QUEUE = 3;
    private static final int KINDS = 4;

    final int cpu;
    private final long[] totals = new long[KINDS];
    /** Per bin, the four kinds side by side. */
    private long[] bins = new long[0];
    private int lastBin = -1;

    CpuTally(int cpu) {
        this.cpu = cpu;
    }

    /**
     * Adds {@code [from, to)} of that kind, split over the bins it spans: {@code first} to {@code last}, the timeline's
     * bins of {@code from} and {@code to - 1} (found once for the kinds an interval counts as).
     */
    void add(int kind, long from, long to, int first, int last, CpuUsageAnalysis timeline) {
        totals[kind] += to - from;
        if ((last + 1) * KINDS > bins.length) {
            bins = Arrays.copyOf(bins, Math.max((last + 1) * KINDS, bins.length * 2));
        }
        lastBin = Math.max(lastBin, last);
        for (int b = first; b <= last; b++) {
            long start = timeline.binStart(b);
            long end = start + timeline.binWidth();
            bins[b * KINDS + kind] += Math.min(to, end) - Math.max(from, start);
        }
    }

    long total(int kind) {
        return totals[kind];
    }

    /** Bins with any time, 0 to {@link #lastBin()}. */
    int lastBin() {
        return lastBin;
    }

    long inBin(int bin, int kind) {
        return bins[bin * KINDS + kind];
    }
}
