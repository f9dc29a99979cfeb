package org.lttbench.core.analysis.overhead;

/**
 * The deltas of one perf counter between consecutive events of one thread on one CPU: count, mean and standard
 * deviation (Welford's running update, stable over millions of deltas), minimum and maximum. This is what LTTng's old
 * {@code calibrate} command read from a trace of back-to-back events.
 */
public final class CounterDeltas {
    private long n;
    private double mean;
    private double m2;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    public void add(long delta) {
        n++;
        double d = delta - mean;
        mean += d / n;
        m2 += d * (delta - mean);
        min = Math.min(min, delta);
        max = Math.max(max, delta);
    }

    public long count() {
        return n;
    }

    public double mean() {
        return n == 0 ? Double.NaN : mean;
    }

    /** Sample standard deviation; NaN with fewer than two deltas. */
    public double standardDeviation() {
        return n < 2 ? Double.NaN : Math.sqrt(m2 / (n - 1));
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }
}
