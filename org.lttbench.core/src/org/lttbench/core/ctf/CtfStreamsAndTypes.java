package org.lttbench.core.ctf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TraceSet;

/**
 * The streams and event classes of a set of traces our reader decodes, in the order found: a stream's and an event
 * class's index is its place here.
 */
abstract class CtfStreamsAndTypes implements TraceSet {
    final List<CtfStream> streams = new ArrayList<>();
    final List<CtfEventType> eventTypes = new ArrayList<>();

    @Override
    public List<? extends Stream> streams() {
        return Collections.unmodifiableList(streams);
    }

    @Override
    public List<? extends EventType> eventTypes() {
        return Collections.unmodifiableList(eventTypes);
    }
}
