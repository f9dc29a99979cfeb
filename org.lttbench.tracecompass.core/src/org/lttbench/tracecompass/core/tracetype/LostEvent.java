package org.lttbench.tracecompass.core.tracetype;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * Events a stream discarded (its {@code events_discarded} counter went up), over the time range babeltrace2 gives
 * them: from the end of the stream's previous packet to the end of this one. Trace Compass's statistics and
 * histogram count them as lost.
 */
public final class LostEvent extends TraceEvent implements ITmfLostEvent {
    private final TmfTimeRange range;
    private final long count;

    LostEvent(ITmfTrace trace, long rank, ITmfTimestamp timestamp, ITmfEventType type, ITmfEventField content, int cpu,
            String channel, TmfTimeRange range, long count) {
        super(trace, rank, timestamp, type, content, cpu, channel);
        this.range = range;
        this.count = count;
    }

    @Override
    public TmfTimeRange getTimeRange() {
        return range;
    }

    @Override
    public long getNbLostEvents() {
        return count;
    }
}
