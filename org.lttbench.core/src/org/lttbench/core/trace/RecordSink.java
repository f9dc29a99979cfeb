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
}
