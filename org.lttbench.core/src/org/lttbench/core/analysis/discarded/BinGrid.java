package org.lttbench.core.analysis.discarded;

/**
 * The time bins every stream's timeline shares: a fixed number of bins of equal width from the first record binned.
 * The width starts at 1 µs; when a record falls past the last bin it doubles and each timeline merges its bins
 * pairwise. So the bins always cover just the records seen (a 0.3 s burst in a trace whose idle packets span 30 s
 * still gets fine bins), memory stays fixed however long the trace is, and every stream keeps the same bins.
 */
final class BinGrid {
    static final int BINS = 512;

    /** The first width, 1 µs: every width is it times a power of two. */
    private static final long FIRST_WIDTH = 1000;

    private final long origin;
    /** How many times the width doubled: an event's bin is found with a shift, not a division by the width. */
    private int doubled;

    /** @param origin first timestamp to bin (ns) */
    BinGrid(long origin) {
        this.origin = origin;
    }

    long origin() {
        return origin;
    }

    long width() {
        return FIRST_WIDTH << doubled;
    }

    /** Widens the grid until {@code t} falls inside it; returns how many times the width doubled. */
    int fit(long t) {
        int doublings = 0;
        while (t - origin >= width() * BINS && width() < Long.MAX_VALUE / (4L * BINS)) {
            doubled++;
            doublings++;
        }
        return doublings;
    }

    /** Bin of a timestamp already {@link #fit}: times before the origin go to the first bin. */
    int bin(long t) {
        // floor(x / (a b)) = floor(floor(x / a) / b); below the origin: bin 0
        long i = ((t - origin) / FIRST_WIDTH) >> doubled;
        return (int) Math.max(0, Math.min(BINS - 1, i));
    }

    long binBegin(int bin) {
        return origin + bin * width();
    }
}
