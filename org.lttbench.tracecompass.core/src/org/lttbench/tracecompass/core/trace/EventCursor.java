package org.lttbench.tracecompass.core.trace;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.ctf.core.CtfEnumPair;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.FieldHandle.FieldKind;
import org.lttbench.core.trace.Stream;

/**
 * A Trace Compass event as an analysis sees it. A cursor, like the reader's: set to each event in turn. Values come
 * from the event's content, which Trace Compass builds once per event and only if a field is asked for.
 */
final class EventCursor implements Event {
    private CtfTmfEvent event;
    private MetadataEventType type;
    private MetadataStream stream;
    private long timestamp;
    private ITmfEventField content;

    void set(CtfTmfEvent e, MetadataEventType t, MetadataStream s) {
        event = e;
        type = t;
        stream = s;
        timestamp = e.getTimestamp().toNanos();
        content = null;
    }

    @Override
    public EventType type() {
        return type;
    }

    @Override
    public long timestamp() {
        return timestamp;
    }

    @Override
    public int cpu() {
        return event.getCPU();
    }

    @Override
    public Stream stream() {
        return stream;
    }

    /** Trace Compass does not tell how many bytes a record took. */
    @Override
    public int sizeBytes() {
        return -1;
    }

    private Object value(FieldHandle field) {
        if (content == null) {
            content = event.getContent();
        }
        ITmfEventField f = content.getField(((ContentField) field).key());
        return f == null ? null : f.getValue();
    }

    /** A field's value as a number is read: an enumeration as its integer, any other value as it is. */
    private Object number(FieldHandle field) {
        Object v = value(field);
        return v instanceof CtfEnumPair pair ? pair.getLongValue() : v;
    }

    @Override
    public long longValue(FieldHandle field) {
        return number(field) instanceof Number n ? n.longValue() : 0;
    }

    @Override
    public double doubleValue(FieldHandle field) {
        Object v = number(field);
        if (v instanceof Long l) {
            // an unsigned 64-bit value above Long.MAX_VALUE wraps to a negative long
            return field.kind() == FieldKind.UNSIGNED_INTEGER && l < 0 ? (l >>> 1) * 2.0 + (l & 1) : l;
        }
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    @Override
    public String stringValue(FieldHandle field) {
        Object v = value(field);
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof CtfEnumPair pair) {
            return pair.getStringValue();
        }
        if (v instanceof Long l) {
            return field.kind() == FieldKind.UNSIGNED_INTEGER ? Long.toUnsignedString(l) : Long.toString(l);
        }
        return v == null ? null : v.toString();
    }
}
