package org.lttbench.core.kernel;

/**
 * One machine's time, as its trackers share it: its first event's, and its latest. Time never goes back: an event
 * earlier than the latest one (overlapping packets) counts at the latest one's time.
 */
final class Clock {
    private long start;
    private long now = Long.MIN_VALUE;
    private boolean started;

    /** An event at {@code t}: the machine's time from then on (never earlier than before). */
    long time(long t) {
        if (!started) {
            started = true;
            start = t;
            now = t;
        } else if (t > now) {
            now = t;
        }
        return now;
    }

    /** Whether an event came. */
    boolean started() {
        return started;
    }

    /** The first event's time (once {@link #started()}). */
    long start() {
        return start;
    }

    /** The latest event's time ({@code Long.MIN_VALUE} before the first). */
    long now() {
        return now;
    }
}
