package org.lttbench.core.trace;

import java.util.Arrays;
import java.util.List;

/** Hands each record to several sinks: how one pass over the trace feeds every analysis. */
public final class RecordFanOut implements RecordSink {
    private final RecordSink[] sinks;
    /** Those that hear the records, once started ({@link RecordSink#hearsRecords}). */
    private RecordSink[] hearing;

    public RecordFanOut(List<? extends RecordSink> sinks) {
        this.sinks = sinks.toArray(new RecordSink[0]);
        this.hearing = this.sinks;
    }

    @Override
    public void start(TraceSet traces) {
        for (RecordSink s : sinks) {
            s.start(traces);
        }
        hearing = Arrays.stream(sinks).filter(RecordSink::hearsRecords).toArray(RecordSink[]::new);
    }

    @Override
    public void packet(Packet packet) {
        for (RecordSink s : hearing) {
            s.packet(packet);
        }
    }

    @Override
    public void event(Event event) {
        for (RecordSink s : hearing) {
            s.event(event);
        }
    }

    @Override
    public void loss(Loss loss) {
        for (RecordSink s : hearing) {
            s.loss(loss);
        }
    }

    @Override
    public void quiet(long time) {
        for (RecordSink s : hearing) {
            s.quiet(time);
        }
    }

    @Override
    public boolean hearsRecords() {
        return hearing.length > 0;
    }

    @Override
    public void end() {
        for (RecordSink s : sinks) {
            s.end();
        }
    }
}
