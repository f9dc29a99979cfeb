package org.lttbench.core.trace;

/**
 * One event record as an analysis sees it, whoever decoded it (our CTF reader, or Trace Compass through the
 * integration bundle). The object is a cursor: the reader reuses it, so an analysis copies what it keeps and
 * never holds on to the event after {@link RecordSink#event(Event)} returns.
 */
public interface Event {

    EventType type();

    /** Nanoseconds since the Unix epoch (clock offset applied). */
    long timestamp();

    /** CPU that recorded the event (from the packet context), or -1 when the trace does not say. */
    int cpu();

    Stream stream();

    /** Bytes this record took in its stream (header, contexts and payload), or -1 when unknown. */
    int sizeBytes();

    /** Integer or enumeration value of the field (unsigned 64-bit values wrap to negative longs). */
    long longValue(FieldHandle field);

    /** Floating-point value, or an integer's value as a double. */
    double doubleValue(FieldHandle field);

    /** String value; an enumeration's label; an integer in decimal. Allocates: use on rare events only. */
    String stringValue(FieldHandle field);

    /**
     * Whether {@link #stringValue(FieldHandle)} would equal {@code expected}: for checks made on frequent events
     * (a thread's name at each context switch), where a reader can answer without making the string.
     */
    default boolean stringEquals(FieldHandle field, String expected) {
        return expected.equals(stringValue(field));
    }
}
