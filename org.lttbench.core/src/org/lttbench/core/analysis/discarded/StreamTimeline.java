package org.lttbench.core.analysis.discarded;

import java.util.Arrays;

/**
 * What one stream recorded and lost per time bin of a {@link BinGrid}: events and their bytes, discarded events and
 * lost packets. A loss is known only as a count over a time range, so it is spread over the bins of its range in
 * proportion to the overlap.
 */
final class StreamTimeline {
    final long[] events = new long[BinGrid.BINS];
    /** Bytes of the events whose size the reader knew; {@link #sizedEvents} says how many those were. */
    final long[] bytes = new long[BinGrid.BINS];
    final long[] sizedEvents = new long[BinGrid.BINS];
    final double[] discardedEvents = new double[BinGrid.BINS];
    final double[] lostPackets = new double[BinGrid.BINS];

    void event(int bin, int sizeBytes) {
        events[bin]++;
        if (sizeBytes >= 0) {
            bytes[bin] += sizeBytes;
            sizedEvents[bin]++;
        }
    }

    /** Spreads {@code count} over [begin, end] (both already fitted into the grid). */
    void loss(BinGrid grid, boolean packets, long count, long begin, long end) {
        double[] into = packets ? lostPackets : discardedEvents;
        int first = grid.bin(begin);
        int last = grid.bin(end);
        if (first == last || end <= begin) {
            into[first] += count;
            return;
        }
        double span = end - begin;
        for (int b = first; b <= last; b++) {
            long lo = Math.max(begin, grid.binBegin(b));
            long hi = Math.min(end, grid.binBegin(b) + grid.width());
            if (hi > lo) {
                into[b] += count * ((hi - lo) / span);
            }
        }
    }

    boolean lostIn(int bin) {
        return discardedEvents[bin] > 0 || lostPackets[bin] > 0;
    }

    /** The grid's width doubled {@code times}: bins 2i and 2i+1 become bin i. */
    void merge(int times) {
        for (int t = 0; t < times; t++) {
            merge(events);
            merge(bytes);
            merge(sizedEvents);
            merge(discardedEvents);
            merge(lostPackets);
        }
    }

    private static void merge(long[] a) {
        for (int i = 0; i < a.length / 2; i++) {
            a[i] = a[2 * i] + a[2 * i + 1];
        }
        Arrays.fill(a, a.length / 2, a.length, 0);
    }

    private static void merge(double[] a) {
        for (int i = 0; i < a.length / 2; i++) {
            a[i] = a[2 * i] + a[2 * i + 1];
        }
        Arrays.fill(a, a.length / 2, a.length, 0);
    }
}
