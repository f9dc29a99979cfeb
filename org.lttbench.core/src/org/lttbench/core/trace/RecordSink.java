package org.lttbench.core.trace;

/** Something that consumes the one time-ordered record stream: every analysis is one (DESIGN.md: one pass, many sinks). */
public interface RecordSink {

    default void start(TraceSet traces) {
    }

    /** A packet begins; called before its first event, in time order with the other records. */
    default void packet(Packet packet) {
    }

    void event(Event event);

    /** Events or packets the trace lost. Loss is data: it is never only a warning. */
    default void loss(Loss loss) {
    }

    /**
     * Nothing comes before {@code time}: the source's time moved on without a record (a live session's quiet streams
     * said so). Something that acts as time passes (a top's intervals) moves on too; the rest ignore it.
     */
    default void quiet(long time) {
    }

    default void end() {
    }

    /**
     * Whether, once started, it needs the packets, events and losses at all: one that only reads what another sink of
     * the pass makes of them (an analysis built on the pass's process analysis, which another feeds) says no, and a
     * fan-out does not call it for each record (8 M calls of nothing on 2 M events and four such analyses).
     */
    default boolean hearsRecords() {
        return true;
    }

    /**
     * Whether it may hear the records later, on a thread of its own, from copies made as they are read (a staged pass:
     * {@link RecordHandOff}). A copy of an event keeps its class, time, CPU, stream and size, and the integer fields
     * {@link #fieldsRead} names; a copy of a packet or a loss keeps all of it. Asked once the pass's sinks know each
     * other, before it starts; nothing may read the sink before the pass is over.
     */
    default boolean mayHearCopies() {
        return false;
    }

    /**
     * The fields it reads of the events of this class when it hears copies, all integers ({@link Event#longValue}).
     * Asked on the reading thread, once per class, before the first copy of one of its events.
     */
    default java.util.List<FieldHandle> fieldsRead(EventType type) {
        return java.util.List.of();
    }
}
