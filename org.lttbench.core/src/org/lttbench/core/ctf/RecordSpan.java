package org.lttbench.core.ctf;

import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;

/**
 * The records a merge hands on, and the span of their times (events' timestamps, losses' known ranges): one rule for
 * the merge of trace files ({@link RecordMerge}) and of a live source ({@link FedTraceSet}).
 */
final class RecordSpan {
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    /** Hands the reader's current record (an event, a packet or a loss) to the sink, the span widened by it. */
    void handOn(StreamReader r, RecordSink sink) {
        switch (r.kind) {
        case StreamReader.EVENT -> {
            long t = r.timestamp();
            first = Math.min(first, t);
            last = Math.max(last, t);
            sink.event(r);
        }
        case StreamReader.PACKET -> sink.packet(r);
        default -> {
            Loss loss = r.loss();
            if (loss.beginNs() != -1 && loss.endNs() >= loss.beginNs()) {
                first = Math.min(first, loss.beginNs());
                last = Math.max(last, loss.endNs());
            }
            sink.loss(loss);
        }
        }
    }

    /** The earliest record time handed on ({@code Long.MAX_VALUE} before any). */
    long first() {
        return first;
    }

    /** The latest record time handed on ({@code Long.MIN_VALUE} before any). */
    long last() {
        return last;
    }

    /** The span so far, or {@code empty} before any record with a time. */
    TimeRange range(TimeRange empty) {
        return first <= last ? new TimeRange(first, last) : empty;
    }
}
