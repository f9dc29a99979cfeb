package org.lttbench.core.analysis.overhead;

/** The previous event of one thread: what its next event is measured against, when on the same CPU. */
final class ThreadCursor {
    final int trace;
    final long tid;
    /** The (trace, CPU) slot of the previous event. */
    int slot = -1;
    long timestamp;
    TracepointStats tracepoint;
    boolean openedPacket;
    /** The slot's loss epoch when the event was seen: a loss since then makes the gap unknown. */
    long epoch = -1;
    /** Counter values of the previous event, by counter id, valid where {@code stamps[id] == sequence}. */
    long[] counterValues = new long[0];
    long[] stamps = new long[0];
    long sequence;

    ThreadCursor(int trace, long tid) {
        this.trace = trace;
        this.tid = tid;
    }

    void ensureCounters(int n) {
        if (counterValues.length < n) {
            counterValues = java.util.Arrays.copyOf(counterValues, n);
            long[] s = java.util.Arrays.copyOf(stamps, n);
            java.util.Arrays.fill(s, stamps.length, n, -1);
            stamps = s;
        }
    }
}
