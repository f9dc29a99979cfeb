package org.lttbench.ui.compute;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;

/**
 * Where a session's runs get their reports: by reading the traces ({@link TraceReading}), or from a host that keeps
 * results between runs (the Trace Compass integration answers from its analysis module and its state system, and
 * reads only for what they cannot answer).
 */
@FunctionalInterface
public interface ReportSource {

    /**
     * The reports of the wanted analyses over this range ({@link TimeRange#ALL}: the whole trace), on the session's
     * thread.
     *
     * @param span     told the traces' span as soon as it is known; {@code null} when the session knows it already
     *                 (reading it can cost a pass over the packet headers)
     * @param progress told how far the run has got; it throws when the run is abandoned, so long work calls it often
     * @throws IOException when the traces cannot be read ({@link org.lttbench.core.trace.TraceFormatException}: where)
     */
    ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span, ProgressListener progress)
            throws IOException;

    /**
     * The same, telling {@code sofar} the figures so far while the run goes on (a live session's, every second), on
     * the session's thread; by default the run tells only its end.
     */
    default ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress, Consumer<ReportSet> sofar) throws IOException {
        return reports(range, wanted, span, progress);
    }

    /**
     * Whether the source can be read only once (a live session): its first run is its only one, whatever range or
     * analyses are asked for later.
     */
    default boolean readsOnce() {
        return false;
    }

    /** The session is closed: a run under way stops as soon as it can (any thread may call it). */
    default void dispose() {
    }
}
