package org.lttbench.core.analysis.latency;

/**
 * Latencies held as they come and added to their rows a batch at a time, grouped by row. A pass adds to the rows of
 * thousands of threads in no order, and each add that finds its row and that row's buckets is a few cache misses;
 * grouped, a row is looked up and brought into the cache once per batch, however many latencies it gets. A batch is
 * large ({@value #CAPACITY}: a busy machine's thousands of live rows get tens of latencies each, not one or two) and
 * grouped by a counting sort on a hash of the key, whose passes run through memory in order (a hash table that large
 * would miss the cache at each latency). The figures do not depend on the order of adds ({@link DurationStats} sums
 * exactly), so the grouping changes none of them.
 *
 * <p>Each latency is a row key (what the analysis makes its row from: a thread's index and a call, say) and
 * {@code width} values (the duration first). Memory is bounded: at most {@value #CAPACITY} latencies, in arrays grown
 * as they fill (a small trace's are small). Whatever reads the rows calls {@link #flush()} first.
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

    private static final int BITS = 16;
    static final int CAPACITY = 1 << BITS;
    /** The buckets latencies are sorted into by a hash of their key: their counts stay in the first-level cache. */
    private static final int BUCKET_BITS = 12;
    private static final int BUCKETS = 1 << BUCKET_BITS;
    /** The keys of a bucket gathered by key, at most (see {@link #flush()}). */
    private static final int ROUNDS = 16;
    /** The arrays' first length. */
    private static final int FIRST = 1 << 12;

    private final Rows rows;
    private final int width;
    /** The latencies' keys and values: arrays grown up to {@link #CAPACITY} (a small trace fills a fraction). */
    private long[] keys = new long[FIRST];
    private long[] values;
    /** Per latency, the one before it of the same key (-1: none), made by {@link #flush()}. */
    private int[] next = new int[FIRST];
    /** The latencies by bucket, and where each bucket starts (a counting sort). */
    private int[] order = new int[FIRST];
    private final int[] starts = new int[BUCKETS + 1];
    private final int[] cursor = new int[BUCKETS];
    private int size;

    DurationBatch(Rows rows, int width) {
        this.rows = rows;
        this.width = width;
        this.values = new long[FIRST * width];
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
        if (++size == keys.length) {
            if (size == CAPACITY) {
                flush();
            } else {
                keys = java.util.Arrays.copyOf(keys, 2 * size);
                values = java.util.Arrays.copyOf(values, 2 * size * width);
                next = new int[2 * size];
                order = new int[2 * size];
            }
        }
    }

    private static int bucket(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - BUCKET_BITS));
    }

    /**
     * Adds what the batch holds to the rows, all the latencies of a key at a time: sorted into buckets by a hash of the
     * key (a counting sort: sequential passes), then within a bucket (a key or few) gathered by key.
     */
    void flush() {
        java.util.Arrays.fill(starts, 0);
        for (int i = 0; i < size; i++) {
            starts[bucket(keys[i]) + 1]++;
        }
        for (int b = 0; b < BUCKETS; b++) {
            starts[b + 1] += starts[b];
        }
        System.arraycopy(starts, 0, cursor, 0, BUCKETS);
        for (int i = 0; i < size; i++) {
            order[cursor[bucket(keys[i])]++] = i;
        }
        for (int b = 0; b < BUCKETS; b++) {
            int from = starts[b];
            int to = starts[b + 1];
            // a bucket holds a key or few, each gathered in a round: the first key's latencies chained, the others' kept
            // at the front for the next round. Keys made to share one (a trace of thousands of priorities, say) get up to
            // ROUNDS rounds, then the rest is added one latency at a time: never n^2
            for (int round = 0; from < to; round++) {
                if (round == ROUNDS) {
                    for (int j = from; j < to; j++) {
                        rows.add(keys[order[j]], values, order[j] * width);
                    }
                    break;
                }
                long key = keys[order[from]];
                int last = -1;
                int kept = from;
                for (int j = from; j < to; j++) {
                    int i = order[j];
                    if (keys[i] == key) {
                        next[i] = last;
                        last = i;
                    } else {
                        order[kept++] = i;
                    }
                }
                rows.addAll(key, values, next, last, width);
                to = kept;
            }
        }
        size = 0;
    }
}
