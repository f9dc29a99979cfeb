package org.lttbench.tracecompass.core.tracetype;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.ctf.core.CtfEnumPair;
import org.lttbench.core.ctf.ValueWriter;

/**
 * Builds Trace Compass event fields from the tree LTTbench's reader writes (one structure per call of
 * {@link #take()}): members by their names, array elements as {@code name[i]}, a variant as a field holding its
 * option's. One builder per reading context, reused from event to event.
 */
final class FieldTreeBuilder implements ValueWriter {
    private static final ITmfEventField[] NONE = new ITmfEventField[0];

    /** A compound being built: its own name, its members so far, the name the next member gets. */
    private static final class Frame {
        final String name;
        final boolean array;
        final boolean variant;
        final List<ITmfEventField> members = new ArrayList<>();
        String next;
        /** Integers only so far (an array of them becomes one {@code long[]}), and how to show them. */
        boolean integers = true;
        boolean signed;
        int base = 10;

        Frame(String name, boolean array, boolean variant) {
            this.name = name;
            this.array = array;
            this.variant = variant;
        }
    }

    private final List<Frame> stack = new ArrayList<>();
    private ITmfEventField result;
    private String prefix = "";

    /** The members of the next structure written are named with this before their names. */
    void prefix(String p) {
        prefix = p;
    }

    /** The structure written since the last call, as its members. */
    ITmfEventField[] take() {
        ITmfEventField r = result;
        result = null;
        prefix = "";
        stack.clear();
        if (r == null) {
            return NONE;
        }
        return r.getFields().toArray(ITmfEventField[]::new);
    }

    private Frame top() {
        return stack.get(stack.size() - 1);
    }

    /** The name of the value about to be written: a member's, an element's, the variant's option's. */
    private String nextName() {
        if (stack.isEmpty()) {
            return "";
        }
        Frame f = top();
        if (f.array) {
            return f.name + '[' + f.members.size() + ']';
        }
        String n = f.next;
        f.next = null;
        return n == null ? "" : stack.size() == 1 ? prefix + n : n;
    }

    private void add(ITmfEventField field) {
        if (stack.isEmpty()) {
            result = field;
            return;
        }
        Frame f = top();
        if (!(field instanceof EventField.IntegerField)) {
            f.integers = false;
        }
        f.members.add(field);
    }

    @Override
    public void beginStruct() {
        stack.add(new Frame(nextName(), false, false));
    }

    @Override
    public void name(String name) {
        top().next = name;
    }

    @Override
    public void endStruct() {
        Frame f = stack.remove(stack.size() - 1);
        ITmfEventField[] members = unique(f.members);
        add(new EventField.CompoundField(f.name, members, members, false));
    }

    @Override
    public void beginArray() {
        stack.add(new Frame(nextName(), true, false));
    }

    @Override
    public void endArray() {
        Frame f = stack.remove(stack.size() - 1);
        if (f.integers && !f.members.isEmpty()) {
            long[] values = new long[f.members.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = (Long) f.members.get(i).getValue();
            }
            add(new EventField.IntegerArrayField(f.name, values, f.signed, f.base));
            return;
        }
        ITmfEventField[] elements = f.members.toArray(ITmfEventField[]::new);
        add(new EventField.CompoundField(f.name, elements, elements, true));
    }

    @Override
    public void beginVariant(String option) {
        Frame f = new Frame(nextName(), false, true);
        f.next = option;
        stack.add(f);
    }

    @Override
    public void endVariant() {
        Frame f = stack.remove(stack.size() - 1);
        ITmfEventField option = f.members.isEmpty() ? null : f.members.get(0);
        add(new EventField.CompoundField(f.name, option, option == null ? NONE : new ITmfEventField[] { option },
                false));
    }

    @Override
    public void integer(long value, boolean signed, int base) {
        if (!stack.isEmpty() && top().members.isEmpty()) {
            top().signed = signed;
            top().base = base;
        }
        add(new EventField.IntegerField(nextName(), value, signed, base));
    }

    @Override
    public void enumeration(long value, boolean signed, String[] labels, int labelCount) {
        // Trace Compass's CTF enumerations: one label as it is, several as a list
        String label = labelCount == 1 ? labels[0]
                : labelCount == 0 ? "" : java.util.Arrays.asList(labels).subList(0, labelCount).toString();
        add(new EventField.EnumField(nextName(), new CtfEnumPair(label, value)));
    }

    @Override
    public void floating(double value, boolean single) {
        add(new EventField(nextName(), value, null));
    }

    @Override
    public void string(ByteBuffer bytes, int index, int length) {
        add(new EventField.StringField(nextName(), ValueWriter.utf8(bytes, index, length)));
    }

    @Override
    public void bool(boolean value) {
        add(new EventField(nextName(), value, null));
    }

    @Override
    public void text(String value) {
        add(new EventField.StringField(nextName(), value));
    }

    @Override
    public void nil() {
        add(new EventField(nextName(), null, null));
    }

    /** Members by name once (Trace Compass keys a field's members by name): the first of a repeated name. */
    private static ITmfEventField[] unique(List<ITmfEventField> members) {
        Set<String> seen = new HashSet<>();
        List<ITmfEventField> out = new ArrayList<>(members.size());
        for (ITmfEventField m : members) {
            if (seen.add(m.getName())) {
                out.add(m);
            }
        }
        return out.toArray(ITmfEventField[]::new);
    }
}
