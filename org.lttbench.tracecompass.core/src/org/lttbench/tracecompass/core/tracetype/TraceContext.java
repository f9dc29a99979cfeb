package org.lttbench.tracecompass.core.tracetype;

import org.eclipse.tracecompass.tmf.core.trace.TmfContext;
import org.eclipse.tracecompass.tmf.core.trace.location.TmfLongLocation;
import org.lttbench.core.ctf.RecordCursor;

/**
 * A place in a trace read by LTTbench's reader: a cursor of its own, at the record of the context's rank. The
 * location is the rank ({@link TmfLongLocation}), which is how Trace Compass's checkpoints and experiments come back.
 */
final class TraceContext extends TmfContext {
    final RecordCursor cursor;
    /** Records the events' fields; the context's own, as the cursor is. */
    final FieldTape fields = new FieldTape();

    TraceContext(RecordCursor cursor, long rank) {
        super(new TmfLongLocation(rank), rank);
        this.cursor = cursor;
    }

    /** At the record of this rank now. */
    void at(long rank) {
        setRank(rank);
        setLocation(new TmfLongLocation(rank));
    }

    @Override
    public void dispose() {
        cursor.release();
    }
}
