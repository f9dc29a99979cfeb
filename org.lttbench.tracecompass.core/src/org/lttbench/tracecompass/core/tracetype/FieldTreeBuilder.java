package org.lttbench.tracecompass.core.tracetype;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.ctf.core.CtfEnumPair;
import org.lttbench.core.ctf.ValueWriter;

/**
 * Builds Trace Compass event fields from structures LTTbench's reader writes (or a {@link FieldTape} replays): the
 * members of each top-level structure become fields, named with that structure's prefix; below them members by
 * their names, array elements as {@code name[i]}, a variant as a field holding its option's.
 */
final class FieldTreeBuilder implements ValueWriter {

    /** A compound being built: its own name, its members so far, the name the next member gets. */
    private static final class Frame {
        final String name;
        final boolean array;
        final List<ITmfEventField> members = new ArrayList<>();
        String next;
        /** Integers only so far (an array of them becomes one {@code long[]}), and how to show them. */
        boolean integers = true;
        boolean signed;
        int base = 10;

        Frame(String name, boolean array) {
            this.name = name;
            this.array = array;
        }
    }

    private final String[] prefixes;
    private final List<Frame> stack = new ArrayList<>();
    private final List<ITmfEventField> top = new ArrayList<>();
    private int structures;

    /** @param prefixes the names' prefix for the members of each top-level structure, in order */
    private FieldTreeBuilder(String... prefixes) {
        this.prefixes = prefixes;
    }

    /**
     * The fields the recorded top-level structures hold, the members of the i-th named with {@code prefixes[i]}; a
     * name given twice keeps its first field (Trace Compass keys fields by name).
     */
    static ITmfEventField[] fields(FieldTape.Recorded recorded, String... prefixes) {
        FieldTreeBuilder b = new FieldTreeBuilder(prefixes);
        recorded.replay(b);
        return unique(b.top);
    }

    private Frame frame() {
        return stack.get(stack.size() - 1);
    }

    /** The name of the value about to be written: a member's, an element's, the variant's option's. */
    private String nextName() {
        if (stack.isEmpty()) {
            return "";
        }
        Frame f = frame();
        if (f.array) {
            return f.name + '[' + f.members.size() + ']';
        }
        String n = f.next;
        f.next = null;
        if (n == null) {
            return "";
        }
        if (stack.size() == 1) {
            String prefix = prefixes[Math.min(structures, prefixes.length - 1)];
            return prefix.isEmpty() ? n : prefix + n;
        }
        return n;
    }

    private void add(ITmfEventField field) {
        if (stack.isEmpty()) {
            return; // a value outside any structure: not a field of the event
        }
        Frame f = frame();
        if (!(field instanceof EventField.IntegerField)) {
            f.integers = false;
        }
        f.members.add(field);
    }

    @Override
    public void beginStruct() {
        stack.add(new Frame(nextName(), false));
    }

    @Override
    public void name(String name) {
        frame().next = name;
    }

    @Override
    public void endStruct() {
        Frame f = stack.remove(stack.size() - 1);
        if (stack.isEmpty()) {
            top.addAll(f.members);
            structures++;
            return;
        }
        ITmfEventField[] members = unique(f.members);
        add(new EventField.CompoundField(f.name, members, members, false));
    }

    @Override
    public void beginArray() {
        stack.add(new Frame(nextName(), true));
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
        Frame f = new Frame(nextName(), false);
        f.next = option;
        stack.add(f);
    }

    @Override
    public void endVariant() {
        Frame f = stack.remove(stack.size() - 1);
        ITmfEventField option = f.members.isEmpty() ? null : f.members.get(0);
        add(new EventField.CompoundField(f.name, option,
                option == null ? new ITmfEventField[0] : new ITmfEventField[] { option }, false));
    }

    @Override
    public void integer(long value, boolean signed, int base, int size) {
        if (!stack.isEmpty() && frame().members.isEmpty()) {
            frame().signed = signed;
            frame().base = base;
        }
        add(new EventField.IntegerField(nextName(), value, signed, base));
    }

    @Override
    public void enumeration(long value, boolean signed, int base, int size, String[] labels, int labelCount) {
        // as Trace Compass's CTF enumerations: one label as it is, several as a list
        String label = labelCount == 1 ? labels[0]
                : labelCount == 0 ? "" : Arrays.asList(labels).subList(0, labelCount).toString();
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
        List<ITmfEventField> out = null;
        for (int i = 0; i < members.size(); i++) {
            String name = members.get(i).getName();
            boolean repeated = false;
            for (int j = 0; j < i && !repeated; j++) {
                repeated = members.get(j).getName().equals(name);
            }
            if (repeated && out == null) {
                out = new ArrayList<>(members.subList(0, i));
            } else if (!repeated && out != null) {
                out.add(members.get(i));
            }
        }
        return (out == null ? members : out).toArray(ITmfEventField[]::new);
    }
}
