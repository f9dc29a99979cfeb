package org.lttbench.tests.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Distribution;

/**
 * A group's distribution (a thread pool's rows, summed by a comparison of two runs) holds every value of its rows: the
 * merge of two histograms is, bucket by bucket, what counting both rows' values into one histogram gives.
 */
class DistributionTest {

    /** Buckets at random lower bounds, in increasing order, each as wide as its bound's power of two. */
    private static Distribution random(Random r) {
        TreeMap<Long, Long> buckets = new TreeMap<>();
        for (int i = r.nextInt(40); i > 0; i--) {
            buckets.merge((long) r.nextInt(200), 1L + r.nextInt(1000), Long::sum);
        }
        long[] lower = buckets.keySet().stream().mapToLong(Long::longValue).toArray();
        long[] width = new long[lower.length];
        for (int i = 0; i < lower.length; i++) {
            width[i] = Long.highestOneBit(Math.max(1, lower[i]));
        }
        return new Distribution(lower, width, buckets.values().stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void twoHistogramsMergedCountEveryValueOfBoth() {
        Random r = new Random(42);
        for (int round = 0; round < 500; round++) {
            Distribution a = random(r);
            Distribution b = random(r);
            // the same counts, bucket by bucket, as a map of every bucket met gives them
            TreeMap<Long, long[]> both = new TreeMap<>();
            for (Distribution d : new Distribution[] { a, b }) {
                for (int i = 0; i < d.lower().length; i++) {
                    long[] wc = both.computeIfAbsent(d.lower()[i], k -> new long[2]);
                    wc[0] = d.width()[i];
                    wc[1] += d.counts()[i];
                }
            }
            Distribution sum = a.plus(b);
            assertArrayEquals(both.keySet().stream().mapToLong(Long::longValue).toArray(), sum.lower(), "round " + round);
            assertArrayEquals(both.values().stream().mapToLong(wc -> wc[0]).toArray(), sum.width(), "round " + round);
            assertArrayEquals(both.values().stream().mapToLong(wc -> wc[1]).toArray(), sum.counts(), "round " + round);
            assertEquals(a.count() + b.count(), sum.count());
            Distribution none = new Distribution(new long[0], new long[0], new long[0]);
            assertArrayEquals(a.counts(), a.plus(none).counts(), "with no values, round " + round);
            assertArrayEquals(a.lower(), none.plus(a).lower(), "with no values, round " + round);
            assertArrayEquals(sum.counts(), b.plus(a).counts(), "in either order, round " + round);
        }
    }

    /** A thread pool's many rows summed give what adding them one by one gives, for every pool size. */
    @Test
    void aSumOfManyIsTheirFoldOneByOne() {
        assertNull(new Distribution.Sum().total(), "a sum of none");
        // a sum of one whose buckets are not in order (a distribution not made by a histogram) puts them in order
        Distribution.Sum one = new Distribution.Sum();
        one.add(new Distribution(new long[] { 50, 30, 30 }, new long[] { 10, 10, 5 }, new long[] { 2, 4, 1 }));
        assertArrayEquals(new long[] { 30, 50 }, one.total().lower(), "one out of order");
        assertArrayEquals(new long[] { 10, 10 }, one.total().width(), "one out of order");
        assertArrayEquals(new long[] { 5, 2 }, one.total().counts(), "one out of order");
        sumsAndFoldsAgree(0);
    }

    /** The same with bounds of long durations, multiples of 2^24 ns, as a log-linear histogram's upper buckets are. */
    @Test
    void aSumOfBoundsThatShareTheirLowBitsIsTheirFold() {
        sumsAndFoldsAgree(24);
    }

    private static void sumsAndFoldsAgree(int shift) {
        Random r = new Random(7);
        for (int n = 1; n <= 70; n++) {
            List<Distribution> rows = new ArrayList<>();
            Distribution.Sum sum = new Distribution.Sum();
            Distribution folded = null;
            for (int i = 0; i < n; i++) {
                Distribution d = random(r);
                long[] lower = d.lower().clone();
                long[] width = d.width().clone();
                for (int k = 0; k < lower.length; k++) {
                    lower[k] <<= shift;
                    width[k] = (width[k] << shift) + (r.nextBoolean() ? 1 : 0); // a bound's width may differ by row
                }
                d = new Distribution(lower, width, d.counts());
                rows.add(d);
                sum.add(d);
                folded = folded == null ? d : folded.plus(d);
            }
            Distribution total = sum.total();
            assertArrayEquals(folded.lower(), total.lower(), n + " rows");
            assertArrayEquals(folded.width(), total.width(), n + " rows");
            assertArrayEquals(folded.counts(), total.counts(), n + " rows");
            assertEquals(rows.stream().mapToLong(Distribution::count).sum(), total.count(), n + " rows");
            sum.add(rows.get(0)); // one more after a total was asked for: counted too
            assertEquals(total.count() + rows.get(0).count(), sum.total().count(), n + " rows and one more");
        }
    }
}
