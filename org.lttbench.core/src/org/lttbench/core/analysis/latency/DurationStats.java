package org.lttbench.core.analysis.latency;

/**
 * The durations of one row of a latency table: count, total, min and max exact; mean and standard deviation from a
 * running mean and sum of squared deviations (Welford's, merged by Chan's formula: stable where a sum of squares
 * loses the small deviations of large durations); percentiles from its buckets ({@link DurationHistogram}).
 */
public class DurationStats extends DurationHistogram {
    private long count;
    private long total;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private double mean;
    private double squares;

    public void add(long ns) {
        count++;
        total += ns;
        min = Math.min(min, ns);
        max = Math.max(max, ns);
        double delta = ns - mean;
        mean += delta / count;
        squares += delta * (ns - mean);
        count(ns);
    }

    /** Adds another row's durations (rows of threads summed into their process's). */
    public void merge(DurationStats other) {
        if (other.count == 0) {
            return;
        }
        long n = count + other.count;
        double delta = other.mean - mean;
        squares += other.squares + delta * delta * count * other.count / n;
        mean += delta * other.count / n;
        count = n;
        total += other.total;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
        mergeCounts(other);
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
        return count < 2 ? null : Math.sqrt(Math.max(0, squares) / (count - 1));
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
        if (count > 0) {
            long[] p = percentiles(qs, count);
            for (int i = 0; i < qs.length; i++) {
                out[i] = Math.max(min, Math.min(max, p[i]));
            }
        }
        return out;
    }

    /**
     * The durations per power of two: {from, to (exclusive), count} for each octave that has some, shortest first
     * (0 ns is the octave [0, 1)). A log-scale histogram's bars.
     */
    public java.util.List<long[]> octaves() {
        java.util.List<long[]> bars = new java.util.ArrayList<>();
        forEach((bucket, n) -> {
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
}
