package org.lttbench.tests.analysis.overhead;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.overhead.GapHistogram;

/** The gap histogram against samples whose statistics are known by construction. */
class GapHistogramTest {

    /** A log-normal cluster around {@code centre} ns, 10 % wide, from a fixed seed. */
    private static long[] cluster(Random random, int n, double centre) {
        long[] gaps = new long[n];
        for (int i = 0; i < n; i++) {
            gaps[i] = Math.round(centre * Math.exp(0.1 * random.nextGaussian()));
        }
        return gaps;
    }

    private static GapHistogram of(long[]... samples) {
        GapHistogram h = new GapHistogram();
        for (long[] s : samples) {
            for (long g : s) {
                h.add(g);
            }
        }
        return h;
    }

    @Test
    void meansBelowALimitAreExact() {
        long[] gaps = new long[100];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = 100 + i;
        }
        GapHistogram h = of(gaps, new long[] { 50_000, 1_000_000 });
        assertEquals(102, h.count());
        assertEquals(100, h.countUpTo(1000));
        assertEquals(149.5, h.meanUpTo(1000), 1e-9);
        assertEquals(100 + 149.5 * 100 + 50_000 + 1_000_000 - 100, h.sum(), 1e-6);
    }

    @Test
    void percentilesAreWithinOneBinOfTheSortedSample() {
        Random random = new Random(42);
        long[] gaps = new long[100_000];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = 1 + (long) (Math.exp(random.nextDouble() * Math.log(1e7)));
        }
        GapHistogram h = of(gaps);
        long[] sorted = gaps.clone();
        Arrays.sort(sorted);
        for (double p : new double[] { 0.01, 0.1, 0.5, 0.9, 0.99 }) {
            double exact = sorted[(int) (p * (sorted.length - 1))];
            double got = h.percentile(p);
            assertEquals(exact, got, exact * 0.05, "p" + p);
        }
    }

    @Test
    void oneClusterWithRareOutliersIsOneMode() {
        Random random = new Random(1);
        GapHistogram h = of(cluster(random, 10_000, 110), cluster(random, 100, 20_000), cluster(random, 50, 3e6));
        List<Double> modes = h.modes();
        assertEquals(1, modes.size(), modes.toString());
        assertEquals(110, modes.get(0), 110 * 0.05);
    }

    @Test
    void twoSeparateClustersAreTwoModesLowestFirst() {
        Random random = new Random(2);
        GapHistogram h = of(cluster(random, 3_000, 20_000), cluster(random, 7_000, 600));
        List<Double> modes = h.modes();
        assertEquals(2, modes.size(), modes.toString());
        assertEquals(600, modes.get(0), 600 * 0.05);
        assertEquals(20_000, modes.get(1), 20_000 * 0.05);
    }

    @Test
    void closeClustersWithoutAValleyAreOneMode() {
        Random random = new Random(3);
        // 100 and 115 ns overlap: no valley between them.
        GapHistogram h = of(cluster(random, 5_000, 100), cluster(random, 5_000, 115));
        assertEquals(1, h.modes().size(), h.modes().toString());
    }

    @Test
    void zeroAndHugeGapsHaveBins() {
        GapHistogram h = of(new long[] { 0, 0, 0, Long.MAX_VALUE });
        assertEquals(4, h.count());
        assertEquals(0, h.percentile(0.5));
        assertEquals(3, h.countUpTo(1e9));
        List<double[]> bins = h.coarse(4);
        assertEquals(2, bins.size());
        assertEquals(3, bins.get(0)[2]);
        assertTrue(bins.get(1)[0] >= 1L << 44, Arrays.toString(bins.get(1)));
    }

    @Test
    void coarseBinsKeepEveryGap() {
        Random random = new Random(4);
        GapHistogram h = of(cluster(random, 1_000, 300), cluster(random, 1_000, 9_000));
        double total = 0;
        double previousUpper = 0;
        for (double[] bin : h.coarse(4)) {
            assertTrue(bin[0] >= previousUpper - 1e-9, "bins in order");
            assertEquals(Math.pow(2, 0.25), bin[1] / bin[0], 1e-9);
            previousUpper = bin[1];
            total += bin[2];
        }
        assertEquals(2_000, total);
    }

    /**
     * Each gap lands in the one fine bin whose bounds hold it, [2^((b-1)/16), 2^(b/16)): at and next to every
     * bound (where a rounded logarithm would err), every power of two, and random gaps of every magnitude.
     */
    @Test
    void eachGapLandsInTheBinWhoseBoundsHoldIt() {
        java.util.TreeSet<Long> gaps = new java.util.TreeSet<>();
        for (int b = 1; b <= 44 * 16 + 1; b++) {
            double bound = Math.pow(2, (b - 1) / 16.0);
            for (long g = (long) Math.floor(bound) - 2; g <= (long) Math.ceil(bound) + 2; g++) {
                gaps.add(Math.max(1, g));
            }
        }
        Random random = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            gaps.add(1 + (random.nextLong() >>> (1 + random.nextInt(63))));
        }
        List<String> wrong = new java.util.ArrayList<>();
        for (long g : gaps) {
            List<double[]> bins = of(new long[] { g }).coarse(16);
            double[] bin = bins.get(0);
            boolean last = bin[0] >= 0x1p44;
            if (bins.size() != 1 || bin[2] != 1 || g < bin[0] || !last && g >= bin[1]) {
                wrong.add(g + " in " + Arrays.toString(bin));
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(gaps.size() > 20_000);
    }
}
