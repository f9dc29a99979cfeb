package org.lttbench.core.trace;

/**
 * A sink made of another: it hands the pass's start, packets, events, losses and end to the sink that does the work
 * (a drop-in's fan-out to its inner analyses, an analysis's process pass). What it says about itself (whether it
 * applies, whether it hears records) stays its own.
 */
public interface ForwardingSink extends RecordSink {

    /** The sink every record goes to. */
    RecordSink recipient();

    @Override
    default void start(TraceSet traces) {
        recipient().start(traces);
    }

    @Override
    default void packet(Packet packet) {
        recipient().packet(packet);
    }

    @Override
    default void event(Event event) {
        recipient().event(event);
    }

    @Override
    default void loss(Loss loss) {
        recipient().loss(loss);
    }

    @Override
    default void end() {
        recipient().end();
    }
}
