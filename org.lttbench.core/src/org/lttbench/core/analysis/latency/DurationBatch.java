package org.lttbench.core.analysis.latency;

import java.util.Arrays;

/**
 * Latencies held as they come and added to their rows a batch at a time, grouped by row. A pass adds to the rows of
 * thousands of threads in no order, and each add that finds its row and that row's buckets is a few cache misses;
 * grouped, a row is looked up and brought into the cache once per batch, however many latencies it gets. The figures
 * do not depend on the order of adds ({@link DurationStats} sums exactly), so the grouping changes none of them.
 *
 * <p>Each latency is a row key (what the analysis makes its row from: a thread's index and a call, say) and
 * {@code width} values (the duration first). Memory is fixed: {@value #CAPACITY} latencies. A key too large to hold
 * beside a batch position goes to its row at once. Whatever reads the rows calls {@link #flush()} first.
 */
final class DurationBatch {
    /** Where the batch's latencies go. */
    interface Rows {
        /** Adds the latency at {@code values[at]} ({@code width} values) to the row of that key. */
        void add(long key, long[] values, int at);

        /**
         * The same for a run of latencies of one key: the analysis looks its row up once. The default adds each on
         * its own.
         */
        default void addRun(long key, long[] values, int[] positions, int from, int to, int width) {
            for (int i = from; i < to; i++) {
                add(key, values, positions[i] * width);
            }
        }
    }

    static final int CAPACITY = 1 << 15;
    private static final int POSITION_BITS = 15;
    /** The largest key a batch holds (the others go to their rows at once). */
    static final long MAX_KEY = (1L << (63 - POSITION_BITS)) - 1;

    private final Rows rows;
    private final int width;
    private final long[] order = new long[CAPACITY];
    private final long[] values;
    private final int[] positions = new int[CAPACITY];
    private int size;

    DurationBatch(Rows rows, int width) {
        this.rows = rows;
        this.width = width;
        this.values = new long[CAPACITY * width];
    }

    /** The array to write the next latency's values into, at {@link #at()}; then {@link #add(long)}. */
    long[] values() {
        return values;
    }

    /** Where the next latency's values go in {@link #values()}. */
    int at() {
        return size * width;
    }

    /** Takes the latency whose values were just written at {@link #at()}, for the row of that key. */
    void add(long key) {
        if (key < 0 || key > MAX_KEY) {
            rows.add(key, values, size * width);
            return;
        }
        order[size] = key << POSITION_BITS | size;
        if (++size == CAPACITY) {
            flush();
        }
    }

    /** Adds what the batch holds to the rows, a run of one key at a time. */
    void flush() {
        if (size == 0) {
            return;
        }
        Arrays.sort(order, 0, size);
        int from = 0;
        long mask = (1L << POSITION_BITS) - 1;
        for (int i = 0; i < size; i++) {
            positions[i] = (int) (order[i] & mask);
        }
        while (from < size) {
            long key = order[from] >>> POSITION_BITS;
            int to = from + 1;
            while (to < size && order[to] >>> POSITION_BITS == key) {
                to++;
            }
            rows.addRun(key, values, positions, from, to, width);
            from = to;
        }
        size = 0;
    }
}
