package org.lttbench.core.trace;

/** A closed time range in ns since the epoch. */
public record TimeRange(long begin, long end) {

    public static final TimeRange ALL = new TimeRange(Long.MIN_VALUE, Long.MAX_VALUE);

    public TimeRange {
        if (end < begin) {
            throw new IllegalArgumentException("time range ends (" + end + ") before it begins (" + begin + ")");
        }
    }

    public boolean contains(long t) {
        return t >= begin && t <= end;
    }

    public long duration() {
        return end - begin;
    }

    /** The part of this range inside {@code other}, or {@code null} when they do not meet. */
    public TimeRange intersect(TimeRange other) {
        long b = Math.max(begin, other.begin);
        long e = Math.min(end, other.end);
        return e < b ? null : new TimeRange(b, e);
    }
}
