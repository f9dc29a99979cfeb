package org.lttbench.core.ctf;

import org.lttbench.core.trace.FieldHandle;

/**
 * A top-level payload or context field of one event class: its decoder, whose fixed slot holds the value. A handle
 * from the stream event context ({@code owner} null) is valid for every event class of its stream class. A payload
 * field's value may be read only when asked for ({@code inPayload}).
 */
record CtfFieldHandle(String name, FieldDecoder decoder, CtfEventType owner, StreamClassDecoder streamClass,
        boolean inPayload) implements FieldHandle {

    @Override
    public FieldKind kind() {
        return decoder.kind();
    }

    boolean appliesTo(CtfEventType type) {
        return owner == null ? type.streamClass == streamClass : owner == type;
    }
}
