package org.lttbench.tests.analysis.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.latency.DurationHistogram;
import org.lttbench.core.analysis.latency.DurationStats;
import org.lttbench.core.analysis.latency.LongestKept;

/**
 * {@link DurationStats} against the durations themselves, sorted and summed: counts, totals, min, max and means exact,
 * the standard deviation as a two-pass computation gives it, every percentile within the stated error of the exact
 * nearest rank, merged halves equal to the whole; {@link LongestKept} against a full sort.
 */
class DurationStatsTest {

    /** Durations over ten orders of magnitude (1 ns to 10 s), log-uniform, and some repeated. */
    private static long[] durations(long seed, int n) {
        Random random = new Random(seed);
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = i % 7 == 0 && i > 0 ? d[i - 1] : (long) Math.pow(10, random.nextDouble() * 10);
        }
        return d;
    }

    @Test
    void exactFiguresAndPercentilesWithinTheirError() {
        for (int n : new int[] { 1, 2, 3, 31, 32, 33, 1000, 100_000 }) {
            long[] d = durations(n, n);
            DurationStats s = new DurationStats();
            for (long x : d) {
                s.add(x);
            }
            long[] sorted = d.clone();
            Arrays.sort(sorted);
            assertEquals(n, s.count());
            assertEquals(Arrays.stream(d).sum(), s.total());
            assertEquals(sorted[0], s.min());
            assertEquals(sorted[n - 1], s.max());
            assertEquals((double) s.total() / n, s.mean(), 0);
            if (n < 2) {
                assertNull(s.stddev());
            } else {
                double mean = (double) s.total() / n;
                double sq = 0;
                for (long x : d) {
                    sq += (x - mean) * (x - mean);
                }
                assertEquals(Math.sqrt(sq / (n - 1)), s.stddev(), 1e-9 * Math.sqrt(sq / (n - 1)), "n = " + n);
            }
            for (double q : new double[] { 0.001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 1.0 }) {
                long exact = sorted[(int) Math.max(0, Math.ceil(q * n) - 1)];
                long got = s.percentile(q);
                assertTrue(Math.abs(got - exact) <= exact * DurationHistogram.RELATIVE_ERROR,
                        "n = " + n + ", q = " + q + ": " + got + " for " + exact);
            }
        }
        assertTrue(DurationHistogram.RELATIVE_ERROR <= 0.01, "the error stated is at most 1%");
    }

    @Test
    void mergedHalvesAreTheWhole() {
        long[] d = durations(7, 50_000);
        DurationStats whole = new DurationStats();
        DurationStats a = new DurationStats();
        DurationStats b = new DurationStats();
        for (int i = 0; i < d.length; i++) {
            whole.add(d[i]);
            (i < 20_000 ? a : b).add(d[i]);
        }
        a.merge(b);
        assertEquals(whole.count(), a.count());
        assertEquals(whole.total(), a.total());
        assertEquals(whole.min(), a.min());
        assertEquals(whole.max(), a.max());
        assertEquals(whole.stddev(), a.stddev(), 1e-9 * whole.stddev());
        for (double q : new double[] { 0.5, 0.9, 0.99, 0.999 }) {
            assertEquals(whole.percentile(q), a.percentile(q), "q = " + q);
        }
        List<long[]> bars = whole.octaves();
        long counted = 0;
        for (long[] bar : bars) {
            long inBar = Arrays.stream(d).filter(x -> x >= bar[0] && x < bar[1]).count();
            assertEquals(inBar, bar[2], "bar from " + bar[0]);
            assertEquals(bar[0] == 0 ? 1 : 2 * bar[0], bar[1]);
            counted += bar[2];
        }
        assertEquals(d.length, counted);
    }

    /**
     * Rows of zero to four durations (a row keeps its first two as min and max only), merged in every grouping: the
     * buckets, octaves and percentiles hold exactly the durations added, as counted from the durations themselves.
     */
    @Test
    void smallRowsMergedHoldTheirDurations() {
        long[] d = durations(11, 9);
        d[3] = d[2]; // two equal durations: one bucket of two
        for (int[] sizes : new int[][] { { 1 }, { 2 }, { 3 }, { 1, 1 }, { 2, 1 }, { 1, 2 }, { 2, 2 }, { 0, 2, 1 }, { 3, 1 },
                { 1, 3 }, { 2, 0, 2, 0 }, { 1, 1, 1, 1 }, { 4, 2 }, { 2, 2, 2, 2, 1 } }) {
            DurationStats merged = new DurationStats();
            int n = 0;
            for (int size : sizes) {
                DurationStats row = new DurationStats();
                for (int i = 0; i < size; i++) {
                    row.add(d[n++]);
                }
                merged.merge(row);
            }
            long[] values = Arrays.copyOf(d, n);
            String what = Arrays.toString(sizes);
            assertEquals(n, merged.count(), what);
            var buckets = merged.distribution();
            assertEquals(n, buckets.count(), what);
            for (int b = 0; b < buckets.lower().length; b++) {
                long from = buckets.lower()[b];
                long to = from + buckets.width()[b];
                assertEquals(Arrays.stream(values).filter(x -> x >= from && x < to).count(), buckets.counts()[b], what);
            }
            long inBars = 0;
            for (long[] bar : merged.octaves()) {
                assertEquals(Arrays.stream(values).filter(x -> x >= bar[0] && x < bar[1]).count(), bar[2], what);
                inBars += bar[2];
            }
            assertEquals(n, inBars, what);
            long[] sorted = values.clone();
            Arrays.sort(sorted);
            for (double q : new double[] { 0.1, 0.5, 0.75, 0.99, 1.0 }) {
                long exact = sorted[(int) Math.max(0, Math.ceil(q * n) - 1)];
                assertTrue(Math.abs(merged.percentile(q) - exact) <= exact * DurationHistogram.RELATIVE_ERROR,
                        what + ", q = " + q);
            }
        }
    }

    @Test
    void theLongestAreTheLongestOfASort() {
        long[] d = durations(3, 10_000);
        record Item(long duration, long start) {
        }
        LongestKept<Item> kept = new LongestKept<>(25);
        List<Item> all = new ArrayList<>();
        for (int i = 0; i < d.length; i++) {
            Item item = new Item(d[i] / 1000, i); // many ties
            all.add(item);
            kept.offer(item.duration(), item.start(), item);
        }
        all.sort(Comparator.comparingLong((Item x) -> -x.duration()).thenComparingLong(Item::start));
        assertEquals(all.subList(0, 25), kept.longestFirst());
        assertEquals(List.of(), new LongestKept<Item>(0).longestFirst());
    }
}
