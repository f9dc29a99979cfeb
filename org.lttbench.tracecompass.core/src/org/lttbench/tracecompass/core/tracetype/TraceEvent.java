package org.lttbench.tracecompass.core.tracetype;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * An event of a trace read by LTTbench's reader, with the CPU of its packet and its stream's name (LTTng's
 * {@code <channel>_<cpu>}): what the CPU and Channel columns show and Trace Compass's analyses ask for.
 */
public class TraceEvent extends TmfEvent {
    private final int cpu;
    private final String channel;

    /** For Trace Compass's extension point (the trace type's event class); not an event of any trace. */
    public TraceEvent() {
        this.cpu = -1;
        this.channel = "";
    }

    TraceEvent(ITmfTrace trace, long rank, ITmfTimestamp timestamp, ITmfEventType type, ITmfEventField content,
            int cpu, String channel) {
        super(trace, rank, timestamp, type, content);
        this.cpu = cpu;
        this.channel = channel;
    }

    /** The CPU of the event's packet, or -1 when the packet does not say. */
    public int getCpu() {
        return cpu;
    }

    /** The stream's name (its first file's name). */
    public String getChannel() {
        return channel;
    }
}
