package org.lttbench.core.trace;

/** One stream of a trace: in LTTng, one channel on one CPU (possibly split over several files). */
public interface Stream {

    Trace trace();

    /** The stream file's name, e.g. {@code channel0_3} (the first file's name when rotation split it). */
    String name();

    /** Channel name: the stream file name without its {@code _<cpu>} (and rotation {@code _<n>}) suffix. */
    String channel();

    /** CPU of the stream's packets ({@code cpu_id} in the packet context), or -1 when unknown. */
    int cpu();

    /** The CPU as a report shows it: null (unknown) when the packets do not say. */
    default Long cpuOrUnknown() {
        return cpu() >= 0 ? Long.valueOf(cpu()) : null;
    }

    /** Dense index, unique over all streams of one {@link TraceSet}. */
    int index();

    /** Whether the packet context carries {@code events_discarded}: if not, discarded events cannot be known. */
    boolean hasDiscardedEventsCounter();

    /** Whether the packet context carries {@code packet_seq_num}: if not, lost packets cannot be known. */
    boolean hasPacketSequenceNumber();
}
