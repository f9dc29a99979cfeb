package org.lttbench.core.analysis.latency;

import java.math.BigInteger;

/**
 * The durations of one row of a latency table: count, total, min and max exact; the standard deviation from the exact
 * sum of squares (128 bits: a duration of seconds squared overflows a long), so that adding costs no division and
 * merging rows (threads into their process, per-thread rows into the per-call totals) is exact; percentiles from its
 * buckets ({@link DurationHistogram}).
 */
public class DurationStats extends DurationHistogram {
    private long count;
    private long total;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    /** The sum of the squared durations: its low 64 bits (unsigned) and high 64. */
    private long squaresLow;
    private long squaresHigh;

    /**
     * Adds a duration. The first two are counted in the buckets only when a third comes: until then they are min and
     * max (most per-thread rows hold one or two durations, and a pass keeps hundreds of thousands of such rows).
     */
    public void add(long ns) {
        if (count == 2) {
            countUnbucketed(this);
        }
        count++;
        total += ns;
        min = Math.min(min, ns);
        max = Math.max(max, ns);
        long low = ns * ns;
        long sum = squaresLow + low;
        squaresHigh += Math.multiplyHigh(ns, ns) + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
        squaresLow = sum;
        if (count > 2) {
            count(ns);
        }
    }

    /** Adds another row's durations (rows of threads summed into their process's). */
    public void merge(DurationStats other) {
        if (other.count == 0) {
            return;
        }
        if (count + other.count > 2) {
            if (count <= 2) {
                countUnbucketed(this);
            }
            if (other.count > 2) {
                mergeCounts(other);
            } else {
                other.countUnbucketed(this);
            }
        }
        count += other.count;
        total += other.total;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        long sum = squaresLow + other.squaresLow;
        squaresHigh += other.squaresHigh + (Long.compareUnsigned(sum, other.squaresLow) < 0 ? 1 : 0);
        squaresLow = sum;
    }

    /** Counts in {@code buckets} the one or two durations not yet in this row's own: its min and max. */
    private void countUnbucketed(DurationHistogram buckets) {
        if (count > 0) {
            buckets.count(min);
        }
        if (count == 2) {
            buckets.count(max);
        }
    }

    /** Its buckets: itself, or for one or two durations a histogram of them, made for the reader. */
    private DurationHistogram bucketed() {
        if (count > 2) {
            return this;
        }
        DurationHistogram buckets = new DurationHistogram();
        countUnbucketed(buckets);
        return buckets;
    }

    public long count() {
        return count;
    }

    public long total() {
        return total;
    }

    /** The shortest, or null when empty. */
    public Long min() {
        return count == 0 ? null : min;
    }

    public Long max() {
        return count == 0 ? null : max;
    }

    /** The mean, exact (total over count), or null when empty. */
    public Double mean() {
        return count == 0 ? null : (double) total / count;
    }

    /** The sample standard deviation (over count - 1, as lttng-analyses and Python's statistics.stdev give it), or null below 2 durations. */
    public Double stddev() {
        if (count < 2) {
            return null;
        }
        // (n * sum of squares - total^2) / (n (n - 1)), in integers until the one division: in 128 bits when they
        // hold it (nearly always), else in a BigInteger
        long nLow = count * squaresLow;
        long nHigh = Math.unsignedMultiplyHigh(count, squaresLow);
        long carry = Math.multiplyHigh(count, squaresHigh);
        long nHighMore = count * squaresHigh;
        long tLow = total * total;
        long tHigh = Math.multiplyHigh(total, total);
        if (carry == 0 && nHighMore >= 0 && nHigh >= 0 && nHigh + nHighMore >= 0) {
            long high = nHigh + nHighMore - tHigh - (Long.compareUnsigned(nLow, tLow) < 0 ? 1 : 0);
            long low = nLow - tLow;
            if (high >= 0) {
                double deviations = high * 0x1p64 + (low >= 0 ? low : (low >>> 1) * 2.0 + (low & 1));
                return Math.sqrt(deviations / ((double) count * (count - 1)));
            }
        }
        BigInteger squares = BigInteger.valueOf(squaresHigh).shiftLeft(64)
                .add(new BigInteger(Long.toUnsignedString(squaresLow)));
        BigInteger n = BigInteger.valueOf(count);
        BigInteger t = BigInteger.valueOf(total);
        BigInteger deviations = n.multiply(squares).subtract(t.multiply(t));
        return Math.sqrt(deviations.doubleValue() / ((double) count * (count - 1)));
    }

    /**
     * The duration at that quantile ({@code 0.99}), nearest rank, within {@link DurationHistogram#RELATIVE_ERROR} of
     * the true one and never outside [min, max]; null when empty.
     */
    public Long percentile(double q) {
        return percentiles(new double[] { q })[0];
    }

    /** The same for increasing quantiles, in one walk of the histogram; nulls when empty. */
    public Long[] percentiles(double[] qs) {
        Long[] out = new Long[qs.length];
        long[] p = percentileValues(qs);
        for (int i = 0; p != null && i < qs.length; i++) {
            out[i] = p[i];
        }
        return out;
    }

    /** The same, unboxed; null when empty. */
    long[] percentileValues(double[] qs) {
        if (count == 0) {
            return null;
        }
        long[] out;
        if (min == max) {
            out = new long[qs.length];
            java.util.Arrays.fill(out, min); // what the buckets would give, clamped (many rows hold one duration)
            return out;
        }
        if (count == 2) {
            // rank 1 is min's bucket, rank 2 max's: what the walk would give, without walking the buckets (per-thread
            // tables hold thousands of such rows)
            out = new long[qs.length];
            for (int i = 0; i < qs.length; i++) {
                out[i] = midpoint(qs[i] * 2 <= 1 ? min : max);
            }
        } else {
            out = percentiles(qs, count);
        }
        for (int i = 0; i < qs.length; i++) {
            out[i] = Math.max(min, Math.min(max, out[i]));
        }
        return out;
    }

    /**
     * The durations per power of two: {from, to (exclusive), count} for each octave that has some, shortest first
     * (0 ns is the octave [0, 1)). A log-scale histogram's bars.
     */
    public java.util.List<long[]> octaves() {
        java.util.List<long[]> bars = new java.util.ArrayList<>();
        bucketed().forEach((bucket, n) -> {
            long lower = DurationHistogram.lower(bucket);
            long from = lower == 0 ? 0 : Long.highestOneBit(lower);
            long to = lower == 0 ? 1 : from == 1L << 62 ? Long.MAX_VALUE : from * 2;
            long[] last = bars.isEmpty() ? null : bars.get(bars.size() - 1);
            if (last != null && last[0] == from) {
                last[2] += n;
            } else {
                bars.add(new long[] { from, to, n });
            }
        });
        return bars;
    }

    /** Its durations as the buckets hold them, for comparisons of two runs. */
    public org.lttbench.core.report.Distribution distribution() {
        // written straight into its arrays: a comparison asks it of each of tens of thousands of per-thread rows
        DurationHistogram buckets = bucketed();
        long[] l = new long[buckets.buckets()];
        long[] w = new long[l.length];
        long[] c = new long[l.length];
        int[] at = { 0 };
        buckets.forEach((bucket, n) -> {
            l[at[0]] = lower(bucket);
            w[at[0]] = width(bucket);
            c[at[0]++] = n;
        });
        return new org.lttbench.core.report.Distribution(l, w, c);
    }
}
