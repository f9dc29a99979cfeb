package org.lttbench.core.analysis.dropin;

import org.lttbench.core.report.Table;

/**
 * Latency table rows summed into one (a thread's woken and new-thread waits, the system calls of one I/O category):
 * count, total, min and max exact; the mean as total over count; the standard deviation pooled from each row's count,
 * mean and standard deviation (the sum of squared deviations of the whole is each row's plus its count times the
 * square of its mean's distance to the whole's).
 */
final class MergedRows {
    private final String countKey;
    private long count;
    private long total;
    private Long min;
    private Long max;
    /** Per row: count, mean, stddev (for the pooled deviation, once the whole's mean is known). */
    private final java.util.List<double[]> parts = new java.util.ArrayList<>();

    /** @param countKey the rows' count column ({@code calls}, {@code waits}...) */
    MergedRows(String countKey) {
        this.countKey = countKey;
    }

    MergedRows add(Table t, int r) {
        long n = (Long) t.cell(r, countKey);
        if (n == 0) {
            return this;
        }
        count += n;
        total += (Long) t.cell(r, "total_ns");
        long lo = (Long) t.cell(r, "min_ns");
        long hi = (Long) t.cell(r, "max_ns");
        min = min == null ? lo : Math.min(min, lo);
        max = max == null ? hi : Math.max(max, hi);
        Object sd = t.cell(r, "stddev_ns");
        parts.add(new double[] { n, (Double) t.cell(r, "mean_ns"), sd == null ? 0 : (Double) sd });
        return this;
    }

    long count() {
        return count;
    }

    long total() {
        return total;
    }

    Long min() {
        return min;
    }

    Long max() {
        return max;
    }

    /** The mean in whole ns (a LAMI duration), or null when empty. */
    Long mean() {
        return count == 0 ? null : Math.round((double) total / count);
    }

    /** The sample standard deviation in whole ns, or null below 2. */
    Long stddev() {
        if (count < 2) {
            return null;
        }
        double mean = (double) total / count;
        double squares = 0;
        for (double[] p : parts) {
            squares += p[2] * p[2] * (p[0] - 1) + p[0] * (p[1] - mean) * (p[1] - mean);
        }
        return Math.round(Math.sqrt(squares / (count - 1)));
    }
}
