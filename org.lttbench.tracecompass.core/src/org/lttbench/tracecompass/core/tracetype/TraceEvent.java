package org.lttbench.tracecompass.core.tracetype;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * An event of a trace read by LTTbench's reader, with the CPU of its packet and its stream's name (LTTng's
 * {@code <channel>_<cpu>}): what the CPU and Channel columns show and Trace Compass's analyses ask for. Its fields
 * are made the first time they are asked for, from what the reader recorded ({@link FieldTape}): the payload's
 * members, then the packet context's as {@code context.NAME}, then the stream's and event's contexts as
 * {@code context._NAME}.
 */
public class TraceEvent extends TmfEvent {
    private static final String[] PREFIXES = { "", LttbenchCtfTrace.PACKET_PREFIX, LttbenchCtfTrace.CONTEXT_PREFIX };

    private final int cpu;
    private final String channel;
    private FieldTape.Recorded recorded;
    private volatile ITmfEventField content;

    /** For Trace Compass's extension point (the trace type's event class); not an event of any trace. */
    public TraceEvent() {
        this.cpu = -1;
        this.channel = "";
    }

    TraceEvent(ITmfTrace trace, long rank, ITmfTimestamp timestamp, ITmfEventType type, FieldTape.Recorded recorded,
            int cpu, String channel) {
        super(trace, rank, timestamp, type, null);
        this.cpu = cpu;
        this.channel = channel;
        this.recorded = recorded;
    }

    TraceEvent(ITmfTrace trace, long rank, ITmfTimestamp timestamp, ITmfEventType type, ITmfEventField content, int cpu,
            String channel) {
        super(trace, rank, timestamp, type, content);
        this.cpu = cpu;
        this.channel = channel;
        this.content = content;
    }

    /** The CPU of the event's packet, or -1 when the packet does not say. */
    public int getCpu() {
        return cpu;
    }

    /** The stream's name (its first file's name). */
    public String getChannel() {
        return channel;
    }

    @Override
    public ITmfEventField getContent() {
        ITmfEventField c = content;
        if (c == null) {
            synchronized (this) {
                c = content;
                if (c == null) {
                    FieldTape.Recorded r = recorded;
                    c = r == null ? super.getContent()
                            : new EventField(ITmfEventField.ROOT_FIELD_ID, null, FieldTreeBuilder.fields(r, PREFIXES));
                    content = c;
                    recorded = null;
                }
            }
        }
        return c;
    }
}
