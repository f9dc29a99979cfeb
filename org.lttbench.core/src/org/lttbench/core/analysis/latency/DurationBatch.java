package org.lttbench.core.analysis.latency;

/**
 * Latencies held as they come and added to their rows a batch at a time, grouped by row. A pass adds to the rows of
 * thousands of threads in no order, and each add that finds its row and that row's buckets is a few cache misses;
 * grouped, a row is looked up and brought into the cache once per batch, however many latencies it gets. The figures
 * do not depend on the order of adds ({@link DurationStats} sums exactly), so the grouping changes none of them.
 *
 * <p>Each latency is a row key (what the analysis makes its row from: a thread's index and a call, say) and
 * {@code width} values (the duration first). Memory is fixed: {@value #CAPACITY} latencies. Whatever reads the rows
 * calls {@link #flush()} first.
 */
final class DurationBatch {
    /** Where the batch's latencies go. */
    interface Rows {
        /** Adds the latency at {@code values[at]} ({@code width} values) to the row of that key. */
        void add(long key, long[] values, int at);

        /**
         * The same for all the latencies of one key: those at {@code values[i * width]} for {@code i = last},
         * {@code next[last]}, ... until -1 (latest first). The analysis looks its row up once. The default adds each
         * on its own.
         */
        default void addAll(long key, long[] values, int[] next, int last, int width) {
            for (int i = last; i >= 0; i = next[i]) {
                add(key, values, i * width);
            }
        }
    }

    private static final int BITS = 13;
    static final int CAPACITY = 1 << BITS;

    private final Rows rows;
    private final int width;
    private final long[] keys = new long[CAPACITY];
    private final long[] values;
    /** Per latency, the one before it of the same key (-1: none), made by {@link #flush()}. */
    private final int[] next = new int[CAPACITY];
    /** The keys' table (twice the capacity, so at most half full): key + 1 (0: free), and its latest latency. */
    private final long[] slotKeys = new long[2 * CAPACITY];
    private final int[] slotLast = new int[2 * CAPACITY];
    /** The slots used, in the order their keys came. */
    private final int[] used = new int[CAPACITY];
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

    /** Takes the latency whose values were just written at {@link #at()}, for the row of that key (not negative). */
    void add(long key) {
        if (key < 0 || key == Long.MAX_VALUE) {
            rows.add(key, values, size * width);
            return;
        }
        keys[size] = key;
        if (++size == CAPACITY) {
            flush();
        }
    }

    /** Adds what the batch holds to the rows, all the latencies of a key at a time (grouped by a hash table). */
    void flush() {
        int mask = 2 * CAPACITY - 1;
        int distinct = 0;
        for (int i = 0; i < size; i++) {
            long key = keys[i] + 1;
            int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> (63 - BITS));
            while (slotKeys[h] != 0 && slotKeys[h] != key) {
                h = (h + 1) & mask;
            }
            if (slotKeys[h] == 0) {
                slotKeys[h] = key;
                slotLast[h] = -1;
                used[distinct++] = h;
            }
            next[i] = slotLast[h];
            slotLast[h] = i;
        }
        for (int d = 0; d < distinct; d++) {
            int h = used[d];
            rows.addAll(slotKeys[h] - 1, values, next, slotLast[h], width);
            slotKeys[h] = 0;
        }
        size = 0;
    }
}
