package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/** A structure: its members decoded one after the other, their values in the structure's slots. */
final class StructDecoder extends FieldDecoder {
    final String[] names;
    final FieldDecoder[] members;
    private final int slots;

    private final long minBits;
    /** See {@link FieldDecoder#fixedBits()}. */
    final long fixedBits;
    /** Member index by name, for large structures (a linear search of many members, often, is quadratic). */
    private java.util.Map<String, Integer> index;
    /** Which members babeltrace2 shows, found at the first write (the metadata is compiled by then). */
    private Shown shown;

    /** Final fields: an instance another thread sees is whole. */
    private record Shown(boolean[] members, boolean any) {
    }

    StructDecoder(int slot, int align, String[] names, FieldDecoder[] members, int slots) {
        super(slot, align);
        this.names = names;
        this.members = members;
        this.slots = slots;
        long n = 0;
        for (FieldDecoder m : members) {
            n = m.minBits() >= Long.MAX_VALUE - n ? Long.MAX_VALUE : n + m.minBits();
        }
        this.minBits = n;
        for (FieldDecoder m : members) {
            cost = addCost(cost, m.cost);
        }
        this.fixedBits = layout(align, members);
    }

    /**
     * The bits of a structure whose members all have a fixed layout and fall at the same offsets from its
     * (aligned) start whatever the values: no member aligned more than the structure, text on whole bytes. Else -1.
     */
    private static long layout(int align, FieldDecoder[] members) {
        long offset = 0;
        for (FieldDecoder m : members) {
            long bits = m.fixedBits();
            if (bits < 0 || m.align > align || align % m.align != 0) {
                return -1;
            }
            offset = (offset + m.align - 1) & -(long) m.align;
            if (m instanceof TextArrayDecoder && (align % 8 != 0 || offset % 8 != 0)) {
                return -1;
            }
            offset += bits;
            if (offset > 1L << 40) {
                return -1;
            }
        }
        return offset;
    }

    @Override
    long fixedBits() {
        return fixedBits;
    }

    @Override
    int slots() {
        return slots;
    }

    @Override
    long minBits() {
        return minBits;
    }

    @Override
    FieldKind kind() {
        return FieldKind.COMPOUND;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        if (align > 1) {
            s.align(align);
        }
        for (FieldDecoder m : members) {
            m.decode(s, b);
        }
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
        boolean[] show = shownMembers().members();
        w.beginStruct();
        for (int i = 0; i < members.length; i++) {
            if (show[i]) {
                w.name(names[i]);
                members[i].write(w, s, b);
            }
        }
        w.endStruct();
    }

    @Override
    boolean shown() {
        return members.length == 0 || shownMembers().any();
    }

    /** Whether babeltrace2 shows member {@code i}. */
    boolean memberShown(int i) {
        return shownMembers().members()[i];
    }

    /** Whether babeltrace2 shows any member. */
    boolean anyMemberShown() {
        return shownMembers().any();
    }

    private Shown shownMembers() {
        Shown known = shown;
        if (known == null) {
            boolean[] show = new boolean[members.length];
            boolean any = false;
            for (int i = 0; i < members.length; i++) {
                show[i] = members[i].shown();
                any |= show[i];
            }
            known = new Shown(show, any);
            shown = known;
        }
        return known;
    }

    /** Member index by name (without underscore), or -1: the first member of that name. */
    int indexOf(String name) {
        if (names.length > 16) {
            if (index == null) {
                java.util.Map<String, Integer> m = new java.util.HashMap<>();
                for (int i = names.length - 1; i >= 0; i--) {
                    m.put(names[i], i);
                }
                index = m;
            }
            Integer i = index.get(name);
            return i == null ? -1 : i;
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
