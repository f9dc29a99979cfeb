package org.lttbench.core.trace;

/** What a packet's context says (the reader reuses the object: copy what you keep). */
public interface Packet {

    Stream stream();

    /** {@code timestamp_begin} and {@code timestamp_end} in ns since the epoch, or -1 when absent. */
    long beginNs();

    long endNs();

    /** {@code packet_size} in bits: the sub-buffer size in LTTng. */
    long sizeBits();

    /** {@code content_size} in bits: what the packet really holds. */
    long contentBits();

    /** {@code packet_seq_num}, or -1 when absent. */
    long sequenceNumber();

    /** The running {@code events_discarded} counter of the stream, or -1 when absent. */
    long discardedEventsCounter();

    int cpu();

    /** Byte offset of the packet in its file, and the file, for error messages and indexes. */
    long fileOffset();

    java.nio.file.Path file();
}
