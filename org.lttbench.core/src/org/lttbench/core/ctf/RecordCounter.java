package org.lttbench.core.ctf;

import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;

/** Counts events and loss records: the reader decodes every field of every event anyway, so this is pure reading. */
public final class RecordCounter implements RecordSink {
    private long events;
    private long losses;
    private long checksum;

    @Override
    public void event(Event event) {
        events++;
        checksum += event.timestamp();
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

    /** Sum of the timestamps: keeps the reading from being optimised away, and lets runs be compared. */
    public long checksum() {
        return checksum;
    }
}
