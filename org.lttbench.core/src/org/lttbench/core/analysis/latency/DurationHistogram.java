package org.lttbench.core.analysis.latency;

import java.util.Arrays;

/**
 * Durations counted in log-linear buckets, for percentiles in bounded memory: below {@value #EXACT} ns one bucket per
 * ns (exact), above it {@value #EXACT} buckets per power of two, each 1/{@value #EXACT} of its octave's lower bound
 * wide. A percentile is its bucket's midpoint, so it is within {@link #RELATIVE_ERROR} of the true value (the rank
 * itself is exact). A histogram holds its first {@value #SPARSE_LIMIT} buckets in a hash table (most rows of a
 * thread and a call see few distinct durations; 4 KiB at most, where arrays per octave would take 1 KiB for each
 * octave met, and the many rows of a pass would no longer stay in the cache), then one array of {@value #EXACT} counts
 * per octave it meets: at most 57 of them, whatever the number of durations. {@link DurationStats} is one, so that a
 * row's figures and its buckets are one object.
 */
public class DurationHistogram {
    /**
     * Buckets per octave, and the durations below which buckets are 1 ns wide: 64 keeps a percentile within 0.78%,
     * and a row's buckets half as many as 128 would (a pass keeps a row per thread and call: fewer cache misses).
     */
    static final int EXACT = 64;
    private static final int SHIFT = 6;
    /** The largest relative error of a percentile: half a bucket's width over its lower bound. */
    public static final double RELATIVE_ERROR = 0.5 / EXACT;
    private static final int SPARSE_LIMIT = 256;
    /** Octaves of a positive long from 2^7 to 2^62, plus the exact range. */
    private static final int CHUNKS = 64 - SHIFT;
    /** A sparse slot: bucket + 1 in the top bits (0: a free slot), its count in the others. */
    private static final int KEY_SHIFT = 48;
    private static final long COUNT_MASK = (1L << KEY_SHIFT) - 1;

    /**
     * Sparse buckets: an open-addressing table of slots (key and count in one long: one memory access); made at the
     * first duration counted.
     */
    private long[] slots;
    /** 32 - log2(the table's size): the hash's top bits index it. */
    private int shift = 29;
    private int size;
    /** Dense counts per chunk of {@value #EXACT} buckets (chunk 0: the exact range), once sparse is outgrown. */
    private long[][] chunks;

    DurationHistogram() {
    }

    /** The bucket of a duration (negative ones count as 0). */
    static int bucket(long ns) {
        if (ns < EXACT) {
            return (int) Math.max(0, ns);
        }
        int e = 63 - Long.numberOfLeadingZeros(ns);
        return ((e - SHIFT + 1) << SHIFT) + (int) ((ns >>> (e - SHIFT)) - EXACT);
    }

    /** The smallest duration of a bucket. */
    static long lower(int bucket) {
        if (bucket < EXACT) {
            return bucket;
        }
        int octave = (bucket >>> SHIFT) - 1;
        return (long) (EXACT + (bucket & (EXACT - 1))) << octave;
    }

    /** The number of durations a bucket holds: 1 ns below {@value #EXACT} ns, then 2^octave. */
    static long width(int bucket) {
        return bucket < EXACT ? 1 : 1L << ((bucket >>> SHIFT) - 1);
    }

    /** The midpoint of a duration's bucket: what a percentile falling in that bucket is. */
    static long midpoint(long ns) {
        return middle(bucket(ns));
    }

    /** A bucket's midpoint. */
    private static long middle(int bucket) {
        return lower(bucket) + (width(bucket) - 1) / 2;
    }

    /** Counts one duration. */
    final void count(long ns) {
        add(bucket(ns), 1);
    }

    private void add(int b, long n) {
        if (chunks != null) {
            dense(b, n);
            return;
        }
        if (slots == null) {
            slots = new long[8];
        }
        // a hash, not a sorted array: a call adds in constant time (the order is made when the buckets are visited)
        long key = (long) (b + 1) << KEY_SHIFT;
        int mask = slots.length - 1;
        for (int i = (b * 0x9E3779B9) >>> shift;; i = (i + 1) & mask) {
            long slot = slots[i];
            if ((slot & ~COUNT_MASK) == key) {
                slots[i] = slot + n;
                return;
            }
            if (slot == 0) {
                if (size == SPARSE_LIMIT) {
                    toDense();
                    dense(b, n);
                    return;
                }
                slots[i] = key | n;
                if (++size * 4 > slots.length * 3) { // three quarters full: probes stay short, rows small
                    rehash();
                }
                return;
            }
        }
    }

    private void rehash() {
        long[] old = slots;
        slots = new long[old.length * 2];
        shift--;
        size = 0;
        for (long slot : old) {
            if (slot != 0) {
                add((int) (slot >>> KEY_SHIFT) - 1, slot & COUNT_MASK);
            }
        }
    }

    private void toDense() {
        chunks = new long[CHUNKS][];
        for (long slot : slots) {
            if (slot != 0) {
                dense((int) (slot >>> KEY_SHIFT) - 1, slot & COUNT_MASK);
            }
        }
        slots = null;
    }

    private void dense(int b, long n) {
        long[] chunk = chunks[b >>> SHIFT];
        if (chunk == null) {
            chunk = new long[EXACT];
            chunks[b >>> SHIFT] = chunk;
        }
        chunk[b & (EXACT - 1)] += n;
    }

    /** Adds another histogram's counts to this one (in no particular order: the sum does not depend on it). */
    final void mergeCounts(DurationHistogram other) {
        if (other.chunks == null && other.slots != null) {
            for (long slot : other.slots) {
                if (slot != 0) {
                    add((int) (slot >>> KEY_SHIFT) - 1, slot & COUNT_MASK);
                }
            }
            return;
        }
        for (int c = 0; other.chunks != null && c < other.chunks.length; c++) {
            long[] chunk = other.chunks[c];
            for (int i = 0; chunk != null && i < EXACT; i++) {
                if (chunk[i] != 0) {
                    add((c << SHIFT) + i, chunk[i]);
                }
            }
        }
    }

    /** What {@link #forEach} calls for each bucket with durations, in increasing order. */
    @FunctionalInterface
    interface BucketVisitor {
        void visit(int bucket, long count);
    }

    /** The sparse buckets, each as its bucket and slot ({@code bucket << 32 | slot}), sorted by bucket. */
    private long[] sparseInOrder() {
        long[] order = new long[size];
        int n = 0;
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != 0) {
                order[n++] = (slots[i] >>> KEY_SHIFT) - 1 << 32 | i;
            }
        }
        Arrays.sort(order);
        return order;
    }

    /** How many buckets hold durations: what {@link #forEach} visits. */
    final int buckets() {
        if (chunks == null) {
            return size;
        }
        int n = 0;
        for (long[] chunk : chunks) {
            for (int i = 0; chunk != null && i < EXACT; i++) {
                n += chunk[i] != 0 ? 1 : 0;
            }
        }
        return n;
    }

    void forEach(BucketVisitor visitor) {
        if (slots == null && chunks == null) {
            return;
        }
        if (chunks == null) {
            for (long o : sparseInOrder()) {
                visitor.visit((int) (o >>> 32), slots[(int) o] & COUNT_MASK);
            }
            return;
        }
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] != null) {
                for (int i = 0; i < EXACT; i++) {
                    if (chunks[c][i] != 0) {
                        visitor.visit((c << SHIFT) + i, chunks[c][i]);
                    }
                }
            }
        }
    }

    /**
     * The durations at ranks {@code ceil(q * count)} (nearest rank, 1-based) of increasing quantiles {@code qs}, in one
     * walk, each as its bucket's midpoint (-1 when empty). The caller clamps them into the exact min and max.
     */
    long[] percentiles(double[] qs, long count) {
        Ranks ranks = new Ranks(qs, count);
        if (count == 0) {
            return ranks.result;
        }
        if (chunks == null && size <= SELECTED) {
            // a table row's histogram, of few buckets: walked in order by picking the next larger bucket each time (no
            // array to sort: thousands of rows per table)
            int previous = -1;
            for (int k = 0; k < size && !ranks.done(); k++) {
                int bucket = Integer.MAX_VALUE;
                long n = 0;
                for (long slot : slots) {
                    int b = (int) (slot >>> KEY_SHIFT) - 1;
                    if (slot != 0 && b > previous && b < bucket) {
                        bucket = b;
                        n = slot & COUNT_MASK;
                    }
                }
                previous = bucket;
                ranks.visit(bucket, n);
            }
        } else if (chunks == null) {
            long[] order = sparseInOrder();
            for (int k = 0; k < order.length && !ranks.done(); k++) {
                ranks.visit((int) (order[k] >>> 32), slots[(int) order[k]] & COUNT_MASK);
            }
        } else {
            for (int c = 0; c < chunks.length && !ranks.done(); c++) {
                long[] chunk = chunks[c];
                for (int i = 0; chunk != null && i < EXACT && !ranks.done(); i++) {
                    if (chunk[i] != 0) {
                        ranks.visit((c << SHIFT) + i, chunk[i]);
                    }
                }
            }
        }
        return ranks.result;
    }

    /** The nearest ranks of increasing quantiles, met as the buckets are visited in order: each one's midpoint. */
    private static final class Ranks {
        final double[] qs;
        final long count;
        final long[] result;
        int next;
        long rank;
        long seen;

        Ranks(double[] qs, long count) {
            this.qs = qs;
            this.count = count;
            this.result = new long[qs.length];
            java.util.Arrays.fill(result, -1);
            this.rank = qs.length == 0 ? 0 : rank(qs[0], count);
        }

        boolean done() {
            return next == qs.length;
        }

        /** A bucket of {@code n} durations, after the shorter ones. */
        void visit(int bucket, long n) {
            seen += n;
            while (next < qs.length && seen >= rank) {
                result[next++] = middle(bucket);
                rank = next < qs.length ? rank(qs[next], count) : 0;
            }
        }
    }

    /** Below this many sparse buckets, percentiles pick the buckets in order rather than sort them. */
    private static final int SELECTED = 8;

    /** The nearest rank (1-based) of a quantile among {@code count} durations. */
    private static long rank(double q, long count) {
        return Math.max(1, (long) Math.ceil(q * count));
    }
}
