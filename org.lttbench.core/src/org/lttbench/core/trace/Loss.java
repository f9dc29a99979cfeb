package org.lttbench.core.trace;

/**
 * A loss the trace reveals, with babeltrace2's semantics: {@link Kind#DISCARDED_EVENTS} from an increase of the
 * stream's {@code events_discarded} counter, {@link Kind#DISCARDED_PACKETS} from a gap in {@code packet_seq_num};
 * the loss happened somewhere in [beginNs, endNs].
 */
public record Loss(Kind kind, long count, long beginNs, long endNs, Stream stream, int cpu) {

    public enum Kind {
        DISCARDED_EVENTS, DISCARDED_PACKETS
    }
}
