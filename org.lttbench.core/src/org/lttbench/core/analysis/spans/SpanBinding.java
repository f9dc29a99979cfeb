package org.lttbench.core.analysis.spans;

import java.util.List;

import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle.FieldKind;
import org.lttbench.core.trace.FieldHandle;

/**
 * What an event class does to spans, resolved once per event class before its first event (never by name per event);
 * several, chained by {@link #next}, when two definitions use one event.
 */
final class SpanBinding {
    static final int ENTRY = 1, EXIT = 2, BEGIN = 3, END = 4, CALLBACK_START = 5, CALLBACK_END = 6,
            CALLBACK_NAME = 7;

    int kind;
    /** The user-space trace's index among this run's. */
    int trace;
    FieldHandle address;
    FieldHandle vtid;
    FieldHandle vpid;
    FieldHandle procname;
    /** A callback's registered symbol ({@code CALLBACK_NAME}), or what it was added as (that kind's name). */
    FieldHandle symbol;
    String addedAs;
    /** A definition's: its span name, and the field that pairs its events (null: per thread). */
    int name;
    int definition = -1;
    FieldHandle key;
    SpanBinding next;

    private SpanBinding() {
    }

    /**
     * The bindings of a user-space event class that opens or closes spans, or null; the definitions' span names are
     * given their index in {@code names}.
     */
    static SpanBinding bind(EventType e, int trace, List<SpanDefinition> defs, SpanTallies names) {
        SpanBinding first = null;
        if (SpanDefinition.FUNCTION_ENTRIES.contains(e.name()) || SpanDefinition.FUNCTION_EXITS.contains(e.name())) {
            FieldHandle addr = FieldHandle.integer(e.payloadField("addr"));
            if (addr != null) {
                first = binding(e, trace, SpanDefinition.FUNCTION_ENTRIES.contains(e.name()) ? ENTRY : EXIT);
                first.address = addr;
            }
        }
        if (e.name().equals(SpanDefinition.CALLBACK_START) || e.name().equals(SpanDefinition.CALLBACK_END)) {
            FieldHandle callback = FieldHandle.integer(e.payloadField("callback"));
            if (callback != null) {
                first = binding(e, trace, e.name().equals(SpanDefinition.CALLBACK_START) ? CALLBACK_START : CALLBACK_END);
                first.address = callback;
            }
        }
        for (int d = 0; d < defs.size(); d++) {
            SpanDefinition def = defs.get(d);
            boolean begin = def.begin().equals(e.name());
            if (!begin && !def.end().equals(e.name())) {
                continue;
            }
            SpanBinding b = binding(e, trace, begin ? BEGIN : END);
            b.definition = d;
            b.name = names.name(def.name());
            if (def.field() != null) {
                b.key = e.payloadField(def.field());
                if (b.key == null) {
                    continue; // said by whyNotApplicable when no event class of that name has it
                }
            }
            b.next = first;
            first = b;
        }
        return first;
    }

    /** What a ROS 2 set-up event says of callbacks' names: the symbol registered for one, or what it was added as. */
    static SpanBinding bindRegistry(EventType e, int trace) {
        FieldHandle callback = FieldHandle.integer(e.payloadField("callback"));
        String addedAs = SpanDefinition.CALLBACK_KINDS.get(e.name());
        boolean register = e.name().equals(SpanDefinition.CALLBACK_REGISTER);
        if (callback == null || (!register && addedAs == null)) {
            return null;
        }
        SpanBinding b = binding(e, trace, CALLBACK_NAME);
        b.address = callback;
        FieldHandle symbol = register ? e.payloadField("symbol") : null;
        b.symbol = symbol != null && symbol.kind() == FieldKind.STRING ? symbol : null;
        b.addedAs = addedAs;
        return b.symbol == null && addedAs == null ? null : b;
    }

    private static SpanBinding binding(EventType e, int trace, int kind) {
        SpanBinding b = new SpanBinding();
        b.kind = kind;
        b.trace = trace;
        b.vtid = FieldHandle.integer(e.contextField("vtid"));
        b.vpid = FieldHandle.integer(e.contextField("vpid"));
        FieldHandle procname = e.contextField("procname");
        b.procname = procname != null && procname.kind() == FieldKind.STRING ? procname : null;
        return b;
    }
}
