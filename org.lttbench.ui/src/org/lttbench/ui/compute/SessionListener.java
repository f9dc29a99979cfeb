package org.lttbench.ui.compute;

import org.lttbench.core.trace.TimeRange;

/** What a session tells its views; always called on the UI thread. */
public interface SessionListener {

    /** The traces' span, known once they are opened (the range bar's limits). */
    default void spanKnown(TimeRange span) {
    }

    /** A run for this range started (a previous one, if any, was abandoned). */
    default void runStarted(TimeRange range) {
    }

    /** Bytes read so far in the current run (throttled: a few times a second). */
    default void progress(long bytesDone, long bytesTotal) {
    }

    /** The current run's results. */
    void finished(ReportSet reports);
}
