package org.lttbench.core.trace;

import java.util.List;

/** Hands each record to several sinks: how one pass over the trace feeds every analysis. */
public final class RecordFanOut implements RecordSink {
    private final RecordSink[] sinks;

    public RecordFanOut(List<? extends RecordSink> sinks) {
        this.sinks = sinks.toArray(new RecordSink[0]);
    }

    @Override
    public void start(TraceSet traces) {
        for (RecordSink s : sinks) {
            s.start(traces);
        }
    }

    @Override
    public void packet(Packet packet) {
        for (RecordSink s : sinks) {
            s.packet(packet);
        }
    }

    @Override
    public void event(Event event) {
        for (RecordSink s : sinks) {
            s.event(event);
        }
    }

    @Override
    public void loss(Loss loss) {
        for (RecordSink s : sinks) {
            s.loss(loss);
        }
    }

    @Override
    public void quiet(long time) {
        for (RecordSink s : sinks) {
            s.quiet(time);
        }
    }

    @Override
    public void end() {
        for (RecordSink s : sinks) {
            s.end();
        }
    }
}
