package org.lttbench.core.ctf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Compiles the field types of one stream class's dynamic scopes into {@link FieldDecoder}s: assigns each value its
 * slot, resolves sequence lengths and variant tags to slots, applies the trace's byte order, and gives the
 * integers babeltrace2 gives a meaning to their role (event id, clock update).
 */
final class DecoderCompiler {
    static final String PACKET_HEADER = "trace.packet.header";
    static final String PACKET_CONTEXT = "stream.packet.context";
    static final String EVENT_HEADER = "stream.event.header";
    static final String STREAM_EVENT_CONTEXT = "stream.event.context";
    static final String EVENT_CONTEXT = "event.context";
    static final String EVENT_FIELDS = "event.fields";
    private static final String[] SCOPES = { PACKET_HEADER, PACKET_CONTEXT, EVENT_HEADER, STREAM_EVENT_CONTEXT,
            EVENT_CONTEXT, EVENT_FIELDS };

    /** Members compiled so far in one structure (or variant), for resolving references to them. */
    private static final class Frame {
        final Frame parent;
        final int depth;
        final List<String> names = new ArrayList<>();
        final List<FieldDecoder> decoders = new ArrayList<>();

        Frame(Frame parent, int depth) {
            this.parent = parent;
            this.depth = depth;
        }
    }

    private final Metadata metadata;
    private final Path file;
    private final Map<String, Frame> roots = new HashMap<>();
    private String scope;
    private int next;
    private int depth;
    /** The clock this stream class's integers map to (babeltrace2 allows one per stream class). */
    private Metadata.Clock clock;

    DecoderCompiler(Metadata metadata) {
        this.metadata = metadata;
        this.file = metadata.file;
    }

    Metadata.Clock clock() {
        return clock;
    }

    /** Compiles one scope root with its first slot at {@code firstSlot}; returns null for an absent scope. */
    FieldDecoder.Struct compileScope(String scopeName, TypeDecl.Struct decl, int firstSlot) throws TraceFormatException {
        if (decl == null) {
            roots.remove(scopeName);
            return null;
        }
        this.scope = scopeName;
        this.next = firstSlot;
        this.depth = 0;
        Frame root = new Frame(null, 0);
        roots.put(scopeName, root);
        return struct(decl, root, true);
    }

    private FieldDecoder.Struct struct(TypeDecl.Struct decl, Frame frame, boolean topLevel) throws TraceFormatException {
        int first = next;
        List<TypeDecl.Member> members = decl.members();
        String[] names = new String[members.size()];
        FieldDecoder[] decoders = new FieldDecoder[members.size()];
        for (int i = 0; i < members.size(); i++) {
            TypeDecl.Member m = members.get(i);
            names[i] = stripped(m.name());
            decoders[i] = field(m.type(), names[i], frame, topLevel);
            frame.names.add(m.name());
            frame.decoders.add(decoders[i]);
        }
        return new FieldDecoder.Struct(first, decl.align(), names, decoders, next - first);
    }

    static String stripped(String name) {
        return name.startsWith("_") ? name.substring(1) : name;
    }

    private FieldDecoder field(TypeDecl type, String name, Frame frame, boolean topLevel) throws TraceFormatException {
        if (type instanceof TypeDecl.Int i) {
            return integer(i, null, name, topLevel);
        }
        if (type instanceof TypeDecl.Enum e) {
            return integer(e.container(), e, name, topLevel);
        }
        if (type instanceof TypeDecl.Float f) {
            return new FieldDecoder.Float(next++, f.align(), f.size() == 32, bigEndian(f.order()));
        }
        if (type instanceof TypeDecl.Str) {
            FieldDecoder d = new FieldDecoder.Str(next);
            next += 2;
            return d;
        }
        if (type instanceof TypeDecl.Struct s) {
            return struct(s, new Frame(frame, depth), false);
        }
        if (type instanceof TypeDecl.Variant v) {
            return variant(v, name, frame);
        }
        if (type instanceof TypeDecl.Array a) {
            return array(a.element(), a.length(), null, frame);
        }
        if (type instanceof TypeDecl.Sequence s) {
            return array(s.element(), 0, resolve(s.lengthRef(), frame, "sequence length"), frame);
        }
        throw new IllegalStateException("unknown type " + type);
    }

    private FieldDecoder integer(TypeDecl.Int i, TypeDecl.Enum e, String name, boolean topLevel) throws TraceFormatException {
        int role = FieldDecoder.Int.ROLE_NONE;
        String clockName = i.clock();
        if (EVENT_HEADER.equals(scope)) {
            if (name.equals("id")) {
                role = FieldDecoder.Int.ROLE_EVENT_ID;
            }
            if (clockName == null && name.equals("timestamp")) {
                clockName = implicitClock();
            }
        }
        if (PACKET_CONTEXT.equals(scope) && clockName == null
                && (name.equals("timestamp_begin") || name.equals("timestamp_end"))) {
            clockName = implicitClock();
        }
        if (clockName != null) {
            Metadata.Clock c = metadata.clocks.get(clockName);
            if (c == null && clockName.equals("default") && metadata.clocks.isEmpty()) {
                c = new Metadata.Clock("default", 1_000_000_000L, 0, 0);
            }
            if (c == null) {
                throw new TraceFormatException(file, -1, "field " + name + " maps to clock " + clockName
                        + ", which the metadata does not declare");
            }
            if (clock != null && !clock.name().equals(c.name())) {
                throw new TraceFormatException(file, -1, "a stream class maps fields to two clocks, " + clock.name()
                        + " and " + c.name());
            }
            clock = c;
            // babeltrace2 reads timestamp_end without moving the clock: the packet's events come before it.
            boolean packetEnd = PACKET_CONTEXT.equals(scope) && topLevel && name.equals("timestamp_end");
            if (role == FieldDecoder.Int.ROLE_NONE && !packetEnd) {
                role = FieldDecoder.Int.ROLE_CLOCK;
            }
        }
        boolean big = bigEndian(i.order());
        if (e != null) {
            return new FieldDecoder.Enum(next++, i.align(), i.size(), i.signed(), big, role, e.mappings());
        }
        return new FieldDecoder.Int(next++, i.align(), i.size(), i.signed(), big, i.base(), role);
    }

    private String implicitClock() throws TraceFormatException {
        if (metadata.clocks.isEmpty()) {
            return "default";
        }
        if (metadata.clocks.size() > 1) {
            throw new TraceFormatException(file, -1, "a timestamp field maps to no clock and the metadata declares "
                    + metadata.clocks.size() + " clocks");
        }
        return metadata.clocks.keySet().iterator().next();
    }

    private boolean bigEndian(TypeDecl.Order order) {
        TypeDecl.Order o = order == TypeDecl.Order.NATIVE ? metadata.byteOrder : order;
        return o == TypeDecl.Order.BIG;
    }

    private FieldDecoder variant(TypeDecl.Variant v, String name, Frame frame) throws TraceFormatException {
        if (v.tag() == null) {
            throw new TraceFormatException(file, -1, "variant " + name + " has no tag");
        }
        FieldDecoder tagDecoder = lookup(v.tag(), frame);
        if (!(tagDecoder instanceof FieldDecoder.Enum tagEnum)) {
            throw new TraceFormatException(file, -1, "the tag " + v.tag() + " of variant " + name
                    + (tagDecoder == null ? " is not a field declared before it" : " is not an enumeration"));
        }
        FieldDecoder.SlotRef tag = ref(tagDecoder, v.tag(), frame);
        int first = next++;
        List<TypeDecl.Member> options = v.options();
        String[] names = new String[options.size()];
        String[] orig = new String[options.size()];
        FieldDecoder[] decoders = new FieldDecoder[options.size()];
        for (int i = 0; i < options.size(); i++) {
            orig[i] = options.get(i).name();
            names[i] = stripped(orig[i]);
            decoders[i] = field(options.get(i).type(), names[i], new Frame(frame, depth), false);
        }
        return new FieldDecoder.Variant(first, tag, tagEnum, names, orig, decoders, next - first);
    }

    private FieldDecoder array(TypeDecl element, long length, FieldDecoder.SlotRef lengthRef, Frame frame)
            throws TraceFormatException {
        if (isText(element)) {
            FieldDecoder d = new FieldDecoder.TextArray(next, element.align(), length, lengthRef);
            next += 2;
            return d;
        }
        int first = next;
        int savedNext = next;
        depth++;
        next = 0;
        FieldDecoder elementDecoder = field(element, "element", new Frame(frame, depth), false);
        int elementSlots = next;
        depth--;
        next = savedNext;
        if (element instanceof TypeDecl.Int || element instanceof TypeDecl.Enum || element instanceof TypeDecl.Float) {
            next = first + 3;
            return new FieldDecoder.ScalarArray(first, elementDecoder, length, lengthRef);
        }
        next = first + 2;
        return new FieldDecoder.CompoundArray(first, elementDecoder, elementSlots, length, lengthRef);
    }

    /** babeltrace2's rule: 8-bit, byte-aligned, UTF-8 encoded integer elements make a string. */
    private static boolean isText(TypeDecl element) {
        TypeDecl.Int i = element instanceof TypeDecl.Enum e ? e.container()
                : element instanceof TypeDecl.Int x ? x : null;
        return i != null && i.size() == 8 && i.align() == 8 && i.encoding() != TypeDecl.Encoding.NONE;
    }

    private FieldDecoder.SlotRef resolve(String path, Frame frame, String what) throws TraceFormatException {
        FieldDecoder d = lookup(path, frame);
        if (!(d instanceof FieldDecoder.Int)) {
            throw new TraceFormatException(file, -1, "the " + what + " " + path
                    + (d == null ? " is not a field declared before it" : " is not an integer"));
        }
        return ref(d, path, frame);
    }

    private FieldDecoder.SlotRef ref(FieldDecoder target, String path, Frame from) throws TraceFormatException {
        int targetDepth = depthOf(target, from);
        if (targetDepth == 0) {
            return new FieldDecoder.SlotRef(target.slot, false);
        }
        if (targetDepth == depth) {
            return new FieldDecoder.SlotRef(target.slot, true);
        }
        throw new TraceFormatException(file, -1, "the field " + path
                + " is referred to from inside an array of compound elements it is not part of: not supported");
    }

    private int depthOf(FieldDecoder target, Frame from) {
        for (Frame f = from; f != null; f = f.parent) {
            if (f.decoders.contains(target) || containsDeep(f.decoders, target)) {
                return f.depth;
            }
        }
        return 0;
    }

    private static boolean containsDeep(List<FieldDecoder> decoders, FieldDecoder target) {
        for (FieldDecoder d : decoders) {
            if (d instanceof FieldDecoder.Struct s && (List.of(s.members).contains(target)
                    || containsDeep(List.of(s.members), target))) {
                return true;
            }
        }
        return false;
    }

    /** A field by relative path (searched outwards from the current structure) or absolute path (a scope prefix). */
    private FieldDecoder lookup(String path, Frame frame) {
        for (String root : SCOPES) {
            if (path.startsWith(root + ".")) {
                Frame f = roots.get(root);
                return f == null ? null : descend(f, path.substring(root.length() + 1).split("\\."));
            }
        }
        String[] parts = path.split("\\.");
        for (Frame f = frame; f != null; f = f.parent) {
            FieldDecoder d = descend(f, parts);
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static FieldDecoder descend(Frame f, String[] parts) {
        int i = f.names.lastIndexOf(parts[0]);
        if (i < 0) {
            return null;
        }
        FieldDecoder d = f.decoders.get(i);
        for (int p = 1; p < parts.length; p++) {
            if (!(d instanceof FieldDecoder.Struct s)) {
                return null;
            }
            int m = s.indexOf(stripped(parts[p]));
            if (m < 0) {
                return null;
            }
            d = s.members[m];
        }
        return d;
    }
}
