package org.lttbench.core.batch;

import java.util.List;

import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceSet;

/**
 * No trace at all: an analysis run over it reports its tables with no rows, which is what LAMI's {@code --metadata}
 * describes before any trace is read.
 */
public final class NoTraces implements TraceSet {
    public static final NoTraces INSTANCE = new NoTraces();

    private NoTraces() {
    }

    @Override
    public List<? extends Trace> traces() {
        return List.of();
    }

    @Override
    public List<? extends Stream> streams() {
        return List.of();
    }

    @Override
    public List<? extends EventType> eventTypes() {
        return List.of();
    }

    @Override
    public TimeRange span() {
        return new TimeRange(0, 0);
    }

    @Override
    public long totalBytes() {
        return 0;
    }

    @Override
    public void read(RecordSink sink, ProgressListener progress) {
        sink.start(this);
        sink.end();
    }

    @Override
    public void close() {
        // nothing open
    }
}
