package org.lttbench.core.ctf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.NamedEventType;
import org.lttbench.core.trace.FieldHandle;

/** An event class of a CTF trace, with its compiled context and payload decoders. */
final class CtfEventType extends NamedEventType {

    StreamClassDecoder streamClass;
    StructDecoder context;
    StructDecoder payload;
    /** Decoder calls one event record of this class makes (headers and contexts included, array elements aside). */
    long cost;
    /** The value slots an event record of this class uses outside the arena (its payload's last, plus one). */
    int slots;
    /**
     * Where an event of this class says its CPU when its packets do not ({@link StreamClassDecoder#cpuField}), or
     * null: the packet context's.
     */
    CtfFieldHandle cpuField;

    private final Map<String, CtfFieldHandle> payloadHandles = new HashMap<>();
    private final Map<String, CtfFieldHandle> contextHandles = new HashMap<>();

    CtfEventType(String name, long id, int index, CtfTrace trace) {
        super(trace, name, id, index);
    }





    @Override
    public FieldHandle payloadField(String fieldName) {
        return payloadHandles.computeIfAbsent(fieldName, n -> handle(payload, n, this));
    }

    @Override
    public FieldHandle contextField(String fieldName) {
        return contextHandles.computeIfAbsent(fieldName, n -> {
            CtfFieldHandle h = handle(context, n, this);
            return h != null ? h : handle(streamClass.streamEventContext, n, null);
        });
    }

    @Override
    public List<String> contextFieldNames() {
        List<String> names = new ArrayList<>();
        for (StructDecoder scope : new StructDecoder[] { context, streamClass.streamEventContext }) {
            if (scope != null) {
                for (String n : scope.names) {
                    if (!names.contains(n)) {
                        names.add(n);
                    }
                }
            }
        }
        return names;
    }

    private CtfFieldHandle handle(StructDecoder scope, String fieldName, CtfEventType owner) {
        if (scope == null) {
            return null;
        }
        // The name as the metadata has it (CTF 2 keeps a leading underscore), else without its underscore (CTF 1.8
        // names lose it, and callers may give LTTng's TSDL spelling).
        int i = scope.indexOf(fieldName);
        String key = fieldName;
        if (i < 0 && fieldName.startsWith("_")) {
            key = fieldName.substring(1);
            i = scope.indexOf(key);
        }
        return i < 0 ? null : new CtfFieldHandle(key, scope.members[i], owner, streamClass, scope == payload);
    }
}
