package org.lttbench.core.ctf;

import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;

/**
 * Counts events and loss records: pure reading. The reader steps over payloads of fixed layout that no one reads;
 * {@link #decodingEveryPayload()} decodes them all the same (as babeltrace2's dummy sink does: decode for decode).
 */
public final class RecordCounter implements RecordSink {
    private final boolean decodePayloads;
    private long events;
    private long losses;

    /** Counts what the reader must read (headers, contexts, payloads whose layout depends on their values). */
    public RecordCounter() {
        this(false);
    }

    private RecordCounter(boolean decodePayloads) {
        this.decodePayloads = decodePayloads;
    }

    /** Counts after decoding every field of every event, the payloads stepped over included. */
    public static RecordCounter decodingEveryPayload() {
        return new RecordCounter(true);
    }

    @Override
    public void event(Event event) {
        events++;
        if (decodePayloads && event instanceof StreamReader r) {
            r.decodePayload();
        }
    }

    @Override
    public void loss(Loss loss) {
        losses++;
    }

    public long events() {
        return events;
    }

    public long losses() {
        return losses;
    }
}
