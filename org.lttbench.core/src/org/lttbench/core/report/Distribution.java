package org.lttbench.core.report;

import java.util.Arrays;

/**
 * The values one row of a table summarises (a row's durations), as the histogram its analysis kept: buckets in
 * increasing order, each with its lowest value, its width and how many values fell in it. A comparison of two runs
 * tests a row's distribution on these ({@code lttbench diff}); no writer shows it.
 */
public final class Distribution {
    private final long[] lower;
    private final long[] width;
    private final long[] counts;
    /** How many values: a comparison asks it of each distribution many times. */
    private final long count;

    public Distribution(long[] lower, long[] width, long[] counts) {
        if (lower.length != width.length || lower.length != counts.length) {
            throw new IllegalArgumentException("a distribution's buckets need a lower bound, a width and a count each");
        }
        this.lower = lower;
        this.width = width;
        this.counts = counts;
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        this.count = n;
    }

    /** The buckets' lowest values, increasing. */
    public long[] lower() {
        return lower;
    }

    /** The buckets' widths. */
    public long[] width() {
        return width;
    }

    /** How many values each bucket holds. */
    public long[] counts() {
        return counts;
    }

    /** How many values. */
    public long count() {
        return count;
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
     * Distributions added one by one into one histogram, as folding them with {@link #plus} would give: each bucket
     * counted into a table by its lower bound (its width the largest met), sorted once when the total is asked for. A
     * thread pool of n threads costs its buckets' work, with no histogram made in between.
     */
    public static final class Sum {
        /** Open addressing on the lower bound: the slots' bounds, widths and counts, and which slots are used. */
        private long[] lower = new long[16];
        private long[] width = new long[16];
        private long[] count = new long[16];
        private boolean[] used = new boolean[16];
        private int size;
        private boolean added;
        private Distribution total;
        /** The one distribution added so far, not yet in the table: most groups are of one row. */
        private Distribution single;

        public void add(Distribution d) {
            total = null;
            if (!added) {
                added = true;
                single = d;
                return;
            }
            if (single != null) {
                count(single);
                single = null;
            }
            count(d);
        }

        /** Counts a distribution's buckets into the table. */
        private void count(Distribution d) {
            for (int i = 0; i < d.lower.length; i++) {
                if (size * 4 >= lower.length * 3) {
                    grow();
                }
                int at = slot(d.lower[i]);
                if (!used[at]) {
                    used[at] = true;
                    lower[at] = d.lower[i];
                    size++;
                }
                width[at] = Math.max(width[at], d.width[i]);
                count[at] += d.counts[i];
            }
        }

        /** The slot of that lower bound: its own, or the free one where it goes. */
        private int slot(long bound) {
            int mask = lower.length - 1;
            int at = (int) (bound * 0x9E3779B97F4A7C15L >>> 32) & mask; // the product's middle bits: bounds share low ones
            while (used[at] && lower[at] != bound) {
                at = at + 1 & mask;
            }
            return at;
        }

        private void grow() {
            long[] l = lower;
            long[] w = width;
            long[] c = count;
            boolean[] was = used;
            lower = new long[l.length * 2];
            width = new long[l.length * 2];
            count = new long[l.length * 2];
            used = new boolean[l.length * 2];
            for (int i = 0; i < was.length; i++) {
                if (!was[i]) {
                    continue;
                }
                int at = slot(l[i]);
                used[at] = true;
                lower[at] = l[i];
                width[at] = w[i];
                count[at] = c[i];
            }
        }

        /** Every distribution added, in one; null when none was. */
        public Distribution total() {
            if (total == null && single != null) {
                if (inOrder(single)) {
                    return total = single; // what the table would give: its buckets, one per lower bound, in order
                }
                count(single);
                single = null;
            }
            if (total == null && added) {
                long[] l = new long[size];
                int n = 0;
                for (int i = 0; i < used.length; i++) {
                    if (used[i]) {
                        l[n++] = lower[i];
                    }
                }
                Arrays.sort(l);
                long[] w = new long[size];
                long[] c = new long[size];
                for (int k = 0; k < size; k++) {
                    int at = slot(l[k]);
                    w[k] = width[at];
                    c[k] = count[at];
                }
                total = new Distribution(l, w, c);
            }
            return total;
        }
    }

    /** Whether each bucket's lower bound is above the one before, and no width is negative. */
    private static boolean inOrder(Distribution d) {
        for (int i = 0; i < d.lower.length; i++) {
            if (d.width[i] < 0 || (i > 0 && d.lower[i] <= d.lower[i - 1])) {
                return false;
            }
        }
        return true;
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
            double mid = lower[i] + (width[i] - 1) / 2.0;
            sum += (power == 1 ? mid : mid * mid) * counts[i]; // Math.pow's own results for 1 and 2, without its call
        }
        return sum / n;
    }
}
