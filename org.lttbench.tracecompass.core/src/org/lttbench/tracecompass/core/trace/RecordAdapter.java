package org.lttbench.tracecompass.core.trace;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;

/**
 * Turns the events of one Trace Compass read into LTTbench's records for one sink: a packet record when a stream's
 * events move to a new packet, a {@link Loss} for each lost event, and the event itself. One per read: it keeps the
 * read's state (each stream's current packet), so two reads of one trace set never share it.
 */
public final class RecordAdapter {
    private final TmfTraceSet traces;
    private final RecordSink sink;
    private final EventCursor cursor = new EventCursor();
    /** Per stream: the attribute map of its current packet (one map per packet: compared by identity). */
    private final Object[] packet;
    private final long[] packetBegin;
    private final long[] packetEnd;
    private final long[] previousEnd;
    /**
     * Per trace: event classes by the name String Trace Compass gives its events, which is the declaration's own
     * instance; checked against the stream id, since names repeat across stream classes.
     */
    private final IdentityHashMap<String, MetadataEventType>[] classes;
    private MetadataTrace lastTrace;

    @SuppressWarnings("unchecked")
    RecordAdapter(TmfTraceSet traces, RecordSink sink) {
        this.traces = traces;
        this.sink = sink;
        int streams = traces.streams().size();
        packet = new Object[streams];
        packetBegin = new long[streams];
        packetEnd = new long[streams];
        previousEnd = new long[streams];
        Arrays.fill(packetEnd, -1);
        Arrays.fill(previousEnd, -1);
        classes = new IdentityHashMap[traces.traces().size()];
        for (int i = 0; i < classes.length; i++) {
            classes[i] = new IdentityHashMap<>();
        }
    }

    /** Hands the records this Trace Compass event stands for to the sink (events of other trace types: none). */
    public void accept(ITmfEvent e) {
        if (!(e instanceof CtfTmfEvent event)) {
            return;
        }
        MetadataTrace trace = lastTrace != null && lastTrace.tmf == event.getTrace() ? lastTrace : traces.traceOf(event.getTrace());
        if (trace == null) {
            return;
        }
        lastTrace = trace;
        MetadataStream stream = trace.streamOfFile(event.getChannel());
        if (stream == null) {
            return;
        }
        int s = stream.index();
        Map<String, Object> attributes = event.getPacketAttributes();
        if (attributes != packet[s]) {
            PacketRecord p = new PacketRecord(stream, attributes, event.getCPU());
            packet[s] = attributes;
            previousEnd[s] = packetEnd[s];
            packetBegin[s] = p.beginNs();
            packetEnd[s] = p.endNs();
            sink.packet(p);
        }
        if (event instanceof ITmfLostEvent lost) {
            // Trace Compass's lost event stands for the packet's events_discarded increase; its time range starts at
            // the packet's last event, babeltrace2's (which Loss follows) at the end of the stream's previous packet.
            long begin = previousEnd[s] >= 0 ? previousEnd[s] : packetBegin[s];
            sink.loss(new Loss(Loss.Kind.DISCARDED_EVENTS, lost.getNbLostEvents(), begin, packetEnd[s], stream, event.getCPU()));
            return;
        }
        MetadataEventType type = type(trace, event);
        if (type == null) {
            return; // Trace Compass makes events from the declarations: cannot happen
        }
        cursor.set(event, type, stream);
        sink.event(cursor);
    }

    private MetadataEventType type(MetadataTrace trace, CtfTmfEvent event) {
        IdentityHashMap<String, MetadataEventType> known = classes[trace.position];
        String name = event.getName();
        long streamId = event.getStreamId();
        MetadataEventType t = known.get(name);
        if (t != null && t.streamId() == streamId) {
            return t;
        }
        t = trace.type(streamId, name);
        if (t != null) {
            known.put(name, t);
        }
        return t;
    }
}
