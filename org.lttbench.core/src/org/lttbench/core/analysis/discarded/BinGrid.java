package org.lttbench.core.analysis.discarded;

/**
 * The time bins every stream's timeline shares: a fixed number of bins of equal width from an origin. When a record
 * falls past the last bin the width doubles and each timeline merges its bins pairwise, so memory stays fixed however
 * long the trace is, and every stream keeps the same bins (charts line up).
 */
final class BinGrid {
    static final int BINS = 256;

    private final long origin;
    private long width;

    /**
     * @param origin first timestamp to bin (ns)
     * @param span   expected duration (ns), or 0 when unknown: sets the first width, which grows as needed
     */
    BinGrid(long origin, long span) {
        this.origin = origin;
        this.width = Math.max(1, span / BINS + 1);
    }

    long origin() {
        return origin;
    }

    long width() {
        return width;
    }

    /** Widens the grid until {@code t} falls inside it; returns how many times the width doubled. */
    int fit(long t) {
        int doublings = 0;
        while (t - origin >= width * BINS && width < Long.MAX_VALUE / (4L * BINS)) {
            width *= 2;
            doublings++;
        }
        return doublings;
    }

    /** Bin of a timestamp already {@link #fit}: times before the origin go to the first bin. */
    int bin(long t) {
        long i = (t - origin) / width;
        return (int) Math.max(0, Math.min(BINS - 1, i));
    }

    long binBegin(int bin) {
        return origin + bin * width;
    }
}
