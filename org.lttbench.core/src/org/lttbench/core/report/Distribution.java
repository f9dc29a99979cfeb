package org.lttbench.core.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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

    /**
     * The values of both, in one histogram (a group of rows: a thread pool's threads): their buckets merged in order
     * (each distribution's are in increasing order, one per lower bound), a bucket in both counted once with both
     * counts.
     */
    public Distribution plus(Distribution other) {
        int n = lower.length;
        int m = other.lower.length;
        long[] l = new long[n + m];
        long[] w = new long[n + m];
        long[] c = new long[n + m];
        int size = 0;
        for (int i = 0, j = 0; i < n || j < m;) {
            boolean mine = j == m || (i < n && lower[i] <= other.lower[j]);
            boolean theirs = i == n || (j < m && other.lower[j] <= lower[i]);
            l[size] = mine ? lower[i] : other.lower[j];
            w[size] = Math.max(mine ? width[i] : 0, theirs ? other.width[j] : 0);
            c[size++] = (mine ? counts[i++] : 0) + (theirs ? other.counts[j++] : 0);
        }
        return new Distribution(Arrays.copyOf(l, size), Arrays.copyOf(w, size), Arrays.copyOf(c, size));
    }

    /**
     * Distributions added one by one into one histogram, as folding them with {@link #plus} would give, but merged as a
     * binary counter carries (two sums of 2^k parts into one of 2^(k+1)): a thread pool of n threads costs n log n
     * buckets' work, not n squared, and holds log n partial sums.
     */
    public static final class Sum {
        private final List<Distribution> partial = new ArrayList<>(); // partial.get(k): 2^k parts, or null
        private Distribution total;

        public void add(Distribution d) {
            total = null;
            Distribution carry = d;
            int k = 0;
            for (; k < partial.size() && partial.get(k) != null; k++) {
                carry = partial.get(k).plus(carry);
                partial.set(k, null);
            }
            if (k == partial.size()) {
                partial.add(carry);
            } else {
                partial.set(k, carry);
            }
        }

        /** Every distribution added, in one; null when none was. */
        public Distribution total() {
            if (total == null) {
                for (Distribution p : partial) {
                    total = p == null ? total : total == null ? p : p.plus(total);
                }
            }
            return total;
        }
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
