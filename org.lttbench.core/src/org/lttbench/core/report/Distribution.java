package org.lttbench.core.report;

import java.util.Arrays;
import java.util.TreeMap;

/**
 * The values one row of a table summarises (a row's durations), as the histogram its analysis kept: buckets in
 * increasing order, each with its lowest value, its width and how many values fell in it. A comparison of two runs
 * tests a row's distribution on these ({@code lttbench diff}); no writer shows it.
 */
public record Distribution(long[] lower, long[] width, long[] counts) {

    public Distribution {
        if (lower.length != width.length || lower.length != counts.length) {
            throw new IllegalArgumentException("a distribution's buckets need a lower bound, a width and a count each");
        }
    }

    /** How many values. */
    public long count() {
        return Arrays.stream(counts).sum();
    }

    /** The values of both, in one histogram (a group of rows: a thread pool's threads). */
    public Distribution plus(Distribution other) {
        TreeMap<Long, long[]> buckets = new TreeMap<>();
        for (Distribution d : new Distribution[] { this, other }) {
            for (int i = 0; i < d.lower.length; i++) {
                long[] wc = buckets.computeIfAbsent(d.lower[i], k -> new long[2]);
                wc[0] = Math.max(wc[0], d.width[i]);
                wc[1] += d.counts[i];
            }
        }
        long[] l = new long[buckets.size()];
        long[] w = new long[l.length];
        long[] c = new long[l.length];
        int i = 0;
        for (var e : buckets.entrySet()) {
            l[i] = e.getKey();
            w[i] = e.getValue()[0];
            c[i++] = e.getValue()[1];
        }
        return new Distribution(l, w, c);
    }

    /** The value at that quantile, nearest rank, as its bucket's midpoint; null when empty. */
    public Long quantile(double q) {
        long n = count();
        if (n == 0) {
            return null;
        }
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return lower[i] + (width[i] - 1) / 2;
            }
        }
        return lower[lower.length - 1];
    }

    /** The mean of the buckets' midpoints; null when empty. */
    public Double mean() {
        return moment(1);
    }

    /** The mean of the buckets' midpoints squared (ns^2 for durations); null when empty. */
    public Double meanSquare() {
        return moment(2);
    }

    private Double moment(int power) {
        long n = count();
        if (n == 0) {
            return null;
        }
        double sum = 0;
        for (int i = 0; i < counts.length; i++) {
            sum += Math.pow(lower[i] + (width[i] - 1) / 2.0, power) * counts[i];
        }
        return sum / n;
    }
}
