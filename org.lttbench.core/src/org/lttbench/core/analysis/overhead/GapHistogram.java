package org.lttbench.core.analysis.overhead;

import java.util.ArrayList;
import java.util.List;

/**
 * Gaps between events (ns) in fixed log-scale bins, with the exact sum of each bin, so that memory does not grow with
 * the number of gaps while means over any range of bins stay exact. Bin 0 holds gaps of 0 ns; bin {@code b >= 1}
 * holds gaps in [2^((b-1)/16), 2^(b/16)) ns, about 4.4 % wide; the last bin also holds everything longer (hours).
 */
public final class GapHistogram {
    static final int BINS_PER_OCTAVE = 16;
    private static final int OCTAVES = 44;
    static final int BINS = OCTAVES * BINS_PER_OCTAVE + 2;
    /** {@link #lower(int)} of each bin. */
    private static final double[] LOWER = new double[BINS];
    /** By the top bits of a gap's mantissa: the bin within its octave where that 256th of the octave starts. */
    private static final int IN_OCTAVE_BITS = 8;
    private static final byte[] IN_OCTAVE = new byte[1 << IN_OCTAVE_BITS];
    static {
        for (int b = 0; b < BINS; b++) {
            LOWER[b] = lower(b);
        }
        for (int m = 0; m < IN_OCTAVE.length; m++) {
            double x = 1 + m / (double) IN_OCTAVE.length;
            int k = 0;
            while (k + 1 < BINS_PER_OCTAVE && LOWER[k + 2] <= x) { // bin k + 2 opens at 2^((k + 1) / 16)
                k++;
            }
            IN_OCTAVE[m] = (byte) k;
        }
    }

    /** Half-width, in bins, of the triangular kernel that smooths the histogram before looking for modes. */
    private static final int SMOOTHING = BINS_PER_OCTAVE / 4;
    /** By default a mode must hold this share of the gaps within half an octave of its peak. */
    static final double MODE_MIN_SHARE = 0.05;
    /** Two peaks are two modes when the histogram between them falls below this fraction of the smaller peak. */
    private static final double VALLEY_DEPTH = 0.5;

    private final long[] counts = new long[BINS];
    private final double[] sums = new double[BINS];
    private long total;

    public void add(long gapNs) {
        addInBin(bin(gapNs), gapNs);
    }

    /** Adds a gap whose {@link #bin} the caller already knows (one gap going into two histograms). */
    void addInBin(int b, long gapNs) {
        counts[b]++;
        sums[b] += gapNs;
        total++;
    }

    public void addAll(GapHistogram other) {
        for (int b = 0; b < BINS; b++) {
            counts[b] += other.counts[b];
            sums[b] += other.sums[b];
        }
        total += other.total;
    }

    public long count() {
        return total;
    }

    static int bin(long gapNs) {
        if (gapNs <= 0) {
            return 0;
        }
        // One gap per event: no logarithm. The double's exponent is the octave, and the top bits of its mantissa
        // name a 256th of the octave, which lies in at most two bins: the table gives the first, a comparison with
        // the lower bounds settles it (and makes the bin exactly the one whose bounds hold the gap).
        double g = gapNs;
        long bits = Double.doubleToRawLongBits(g);
        int octave = (int) (bits >>> 52) - 1023;
        if (octave * BINS_PER_OCTAVE + 1 >= BINS - 1) {
            return BINS - 1;
        }
        int sub = (int) (bits >>> (52 - IN_OCTAVE_BITS)) & ((1 << IN_OCTAVE_BITS) - 1);
        int b = octave * BINS_PER_OCTAVE + 1 + IN_OCTAVE[sub];
        while (b > 1 && g < LOWER[b]) {
            b--;
        }
        while (b < BINS - 1 && g >= LOWER[b + 1]) {
            b++;
        }
        return b;
    }

    /** Lower bound of a bin, in ns. */
    static double lower(int bin) {
        return bin == 0 ? 0 : Math.pow(2, (bin - 1) / (double) BINS_PER_OCTAVE);
    }

    /** Upper bound of a bin, in ns (the last bin is open above). */
    static double upper(int bin) {
        return bin == 0 ? 0 : Math.pow(2, bin / (double) BINS_PER_OCTAVE);
    }

    /** The gap below which a fraction {@code p} of gaps lie, interpolated geometrically inside its bin; NaN if empty. */
    public double percentile(double p) {
        if (total == 0) {
            return Double.NaN;
        }
        double rank = p * total;
        long below = 0;
        for (int b = 0; b < BINS; b++) {
            if (counts[b] > 0 && below + counts[b] >= rank) {
                if (b == 0) {
                    return 0;
                }
                double f = Math.max(0, (rank - below) / counts[b]);
                return lower(b) * Math.pow(upper(b) / lower(b), f);
            }
            below += counts[b];
        }
        return sums[BINS - 1] / Math.max(1, counts[BINS - 1]);
    }

    /** Exact mean of the gaps in bins that lie wholly at or below {@code limitNs}; NaN when there are none. */
    public double meanUpTo(double limitNs) {
        long n = 0;
        double sum = 0;
        for (int b = 0, last = lastBinUpTo(limitNs); b <= last; b++) {
            n += counts[b];
            sum += sums[b];
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** How many gaps lie in bins wholly at or below {@code limitNs}. */
    public long countUpTo(double limitNs) {
        long n = 0;
        for (int b = 0, last = lastBinUpTo(limitNs); b <= last; b++) {
            n += counts[b];
        }
        return n;
    }

    /** What {@link #forEachBin} tells of each bin that holds gaps. */
    public interface BinVisitor {
        /** @param meanNs the exact mean of the bin's gaps */
        void bin(long count, double meanNs);
    }

    /** Visits the bins that hold gaps, shortest first. */
    public void forEachBin(BinVisitor visitor) {
        for (int b = 0; b < BINS; b++) {
            if (counts[b] > 0) {
                visitor.bin(counts[b], sums[b] / counts[b]);
            }
        }
    }

    /** Sum of all gaps, ns. */
    public double sum() {
        double s = 0;
        for (double v : sums) {
            s += v;
        }
        return s;
    }

    private static int lastBinUpTo(double limitNs) {
        int last = 0;
        // The bin holding the limit counts too when the limit is at least its centre: the cut is then within half a
        // bin (about 2 %) of the limit asked for.
        while (last + 1 < BINS && Math.sqrt(lower(last + 1) * upper(last + 1)) <= limitNs) {
            last++;
        }
        return last;
    }

    /**
     * The modes of the distribution of log(gap), lowest first, as the geometric centres of their peak bins (ns). A
     * mode is a peak of the smoothed histogram that holds at least 5 % of the gaps within half an octave, separated
     * from its neighbour by a valley below half the smaller peak; shallower dips are one mode.
     */
    public List<Double> modes() {
        return modes(MODE_MIN_SHARE, 1);
    }

    /**
     * The modes, as {@link #modes()}, where a mode must hold at least {@code minShare} of the gaps and at least
     * {@code minCount} of them within half an octave of its peak.
     */
    public List<Double> modes(double minShare, long minCount) {
        List<Double> result = new ArrayList<>();
        if (total == 0) {
            return result;
        }
        double[] smooth = new double[BINS];
        for (int b = 0; b < BINS; b++) {
            if (counts[b] == 0) {
                continue;
            }
            for (int d = -SMOOTHING; d <= SMOOTHING; d++) {
                int t = b + d;
                if (t >= 0 && t < BINS) {
                    smooth[t] += counts[b] * (SMOOTHING + 1 - Math.abs(d)) / (double) (SMOOTHING + 1);
                }
            }
        }
        List<Integer> peaks = new ArrayList<>();
        for (int b = 0; b < BINS; b++) {
            double left = b == 0 ? -1 : smooth[b - 1];
            double right = b == BINS - 1 ? -1 : smooth[b + 1];
            long mass = smooth[b] > 0 ? massNear(b) : 0;
            if (smooth[b] > 0 && smooth[b] >= left && smooth[b] > right && mass >= minShare * total && mass >= minCount) {
                if (!peaks.isEmpty()) {
                    int previous = peaks.get(peaks.size() - 1);
                    double valley = Double.MAX_VALUE;
                    for (int v = previous; v <= b; v++) {
                        valley = Math.min(valley, smooth[v]);
                    }
                    if (valley >= VALLEY_DEPTH * Math.min(smooth[previous], smooth[b])) {
                        if (smooth[b] > smooth[previous]) {
                            peaks.set(peaks.size() - 1, b);
                        }
                        continue;
                    }
                }
                peaks.add(b);
            }
        }
        for (int p : peaks) {
            result.add(p == 0 ? 0.0 : Math.sqrt(lower(p) * upper(p)));
        }
        return result;
    }

    private long massNear(int bin) {
        long n = 0;
        for (int b = Math.max(0, bin - BINS_PER_OCTAVE / 2); b <= Math.min(BINS - 1, bin + BINS_PER_OCTAVE / 2); b++) {
            n += counts[b];
        }
        return n;
    }

    /**
     * The histogram merged into coarser bins of {@code 16 / binsPerOctave} fine bins (for charts): one entry per
     * non-empty coarse bin, as {lower ns, upper ns, count}.
     */
    public List<double[]> coarse(int binsPerOctave) {
        if (BINS_PER_OCTAVE % binsPerOctave != 0) {
            throw new IllegalArgumentException("bins per octave must divide " + BINS_PER_OCTAVE + ": " + binsPerOctave);
        }
        int width = BINS_PER_OCTAVE / binsPerOctave;
        List<double[]> rows = new ArrayList<>();
        if (counts[0] > 0) {
            rows.add(new double[] { 0, 0, counts[0] });
        }
        for (int first = 1; first < BINS; first += width) {
            long n = 0;
            int last = Math.min(BINS - 1, first + width - 1);
            for (int b = first; b <= last; b++) {
                n += counts[b];
            }
            if (n > 0) {
                rows.add(new double[] { lower(first), upper(last), n });
            }
        }
        return rows;
    }
}
