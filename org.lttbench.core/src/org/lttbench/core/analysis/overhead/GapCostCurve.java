package org.lttbench.core.analysis.overhead;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What one event costs as a function of the gap before it (the time since its thread's previous event), as
 * {@code lttbench calibrate} measured it at a few amounts of work between events. An event that comes back to back
 * costs least: the longer the thread works between two events, the less of the tracer's code, data and buffer is
 * still in the caches and predictors when the next event comes, and the calibration's tight loop alone is low for
 * programs that work between their events.
 *
 * <p>Between two calibrated gaps the cost is interpolated linearly in log(gap) (the calibrated gaps grow
 * geometrically); outside them it is the nearest end's cost (clamped), and {@link #over} says how much of a
 * distribution fell outside.
 *
 * @param gapNs  calibrated gaps, ns, increasing, at least one
 * @param costNs ns per event at each gap
 */
public record GapCostCurve(double[] gapNs, double[] costNs) {

    public GapCostCurve {
        if (gapNs.length == 0 || gapNs.length != costNs.length) {
            throw new IllegalArgumentException("a curve needs as many costs as gaps, and one at least");
        }
        gapNs = gapNs.clone();
        costNs = costNs.clone();
        for (int i = 1; i < gapNs.length; i++) {
            if (!(gapNs[i] > gapNs[i - 1])) {
                throw new IllegalArgumentException("calibrated gaps must increase: " + Arrays.toString(gapNs));
            }
        }
    }

    /** One calibrated point: the gap between events, and what an event cost there. */
    public record Point(double gapNs, double costNs) {
    }

    /**
     * The curve through these points, in any order; points at the same gap are averaged, and costs below 0 (noise)
     * read 0. Null when no point has a positive, finite gap and a finite cost.
     */
    public static GapCostCurve of(List<Point> points) {
        List<Point> sorted = new ArrayList<>();
        for (Point p : points) {
            if (p.gapNs() > 0 && Double.isFinite(p.gapNs()) && Double.isFinite(p.costNs())) {
                sorted.add(p);
            }
        }
        if (sorted.isEmpty()) {
            return null;
        }
        sorted.sort((a, b) -> Double.compare(a.gapNs(), b.gapNs()));
        List<double[]> merged = new ArrayList<>(); // {gap, cost sum, count}
        for (Point p : sorted) {
            double[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && last[0] == p.gapNs()) {
                last[1] += p.costNs();
                last[2]++;
            } else {
                merged.add(new double[] { p.gapNs(), p.costNs(), 1 });
            }
        }
        double[] gaps = new double[merged.size()];
        double[] costs = new double[merged.size()];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = merged.get(i)[0];
            costs[i] = Math.max(0, merged.get(i)[1] / merged.get(i)[2]);
        }
        return new GapCostCurve(gaps, costs);
    }

    @Override
    public double[] gapNs() {
        return gapNs.clone();
    }

    @Override
    public double[] costNs() {
        return costNs.clone();
    }

    public double shortestGapNs() {
        return gapNs[0];
    }

    public double longestGapNs() {
        return gapNs[gapNs.length - 1];
    }

    /** The cost of an event after a gap of {@code gap} ns: interpolated in log(gap), clamped to the calibrated gaps. */
    public double at(double gap) {
        if (!(gap > gapNs[0])) {
            return costNs[0];
        }
        int last = gapNs.length - 1;
        if (gap >= gapNs[last]) {
            return costNs[last];
        }
        int i = 1;
        while (gapNs[i] < gap) {
            i++;
        }
        double f = Math.log(gap / gapNs[i - 1]) / Math.log(gapNs[i] / gapNs[i - 1]);
        return costNs[i - 1] + f * (costNs[i] - costNs[i - 1]);
    }

    /**
     * The mean cost over a distribution of gaps.
     *
     * @param ns          mean ns per event, the cost at each gap averaged over the gaps
     * @param shortShare  share of the gaps shorter than the shortest calibrated one (costed as there)
     * @param longShare   share of the gaps longer than the longest calibrated one (costed as there)
     */
    public record Reading(double ns, double shortShare, double longShare) {
    }

    /** The mean cost over the gaps of a histogram (each bin at its mean gap); null when it holds no gap. */
    public Reading over(GapHistogram gaps) {
        long n = gaps.count();
        if (n == 0) {
            return null;
        }
        double[] sum = new double[1];
        long[] outside = new long[2];
        gaps.forEachBin((count, mean) -> {
            sum[0] += count * at(mean);
            if (mean < shortestGapNs()) {
                outside[0] += count;
            } else if (mean > longestGapNs()) {
                outside[1] += count;
            }
        });
        return new Reading(sum[0] / n, outside[0] / (double) n, outside[1] / (double) n);
    }

    /** The calibrated points in words, for notes: {@code 112 ns at 0.13 µs, ...}. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < gapNs.length; i++) {
            s.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f ns at %s", costNs[i],
                    microseconds(gapNs[i])));
        }
        return s.toString();
    }

    static String microseconds(double ns) {
        return String.format(Locale.ROOT, ns < 1_000 ? "%.2f µs" : ns < 10_000 ? "%.1f µs" : "%.0f µs", ns / 1000);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GapCostCurve c && Arrays.equals(gapNs, c.gapNs) && Arrays.equals(costNs, c.costNs);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(gapNs) + Arrays.hashCode(costNs);
    }

    @Override
    public String toString() {
        return "GapCostCurve[" + describe() + "]";
    }
}
