package org.lttbench.core.trace;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/** The traces given to one run (one or several), read together in one pass as one time-ordered stream. */
public interface TraceSet extends Closeable {

    List<? extends Trace> traces();

    /** Every stream of every trace; {@link Stream#index()} is the position in this list. */
    List<? extends Stream> streams();

    /** Every event class of every trace; {@link EventType#index()} is the position in this list. */
    List<? extends EventType> eventTypes();

    /**
     * The traces' first and last event times, in ns since the epoch: the one span that range checks, reports and
     * views use. Known before a read (it may cost reading the packet headers) and after one.
     */
    TimeRange span();

    /** The first and last event times of one of the set's traces. */
    default TimeRange span(Trace trace) {
        return span();
    }

    /**
     * Stream files that could not be read (FIFOs, sockets or devices in place of a stream file, files we may not
     * read): the traces are then read in part, without them. Empty when every stream file is read.
     */
    default List<UnreadFile> unreadFiles() {
        return List.of();
    }

    /**
     * Whether the set gains streams and event classes while it is read (a live session's): what a sink reads of them
     * then changes under the pass, so no sink hears the records on another thread ({@link RecordHandOff}).
     */
    default boolean grows() {
        return false;
    }

    /** Bytes of stream data to read: the denominator of progress. */
    long totalBytes();

    /**
     * Reads every record of every stream once, in timestamp order, into the sink: packets as they start, events,
     * and losses (discarded events, lost packets) as records. Calls {@link RecordSink#start}, then the records,
     * then {@link RecordSink#end}.
     *
     * @throws TraceFormatException when the data is malformed (file, byte offset, what was expected)
     */
    void read(RecordSink sink, ProgressListener progress) throws IOException;
}
