package org.lttbench.core.ctf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Compiles the field types of one stream class's dynamic scopes into {@link FieldDecoder}s: assigns each value its
 * slot, resolves sequence lengths and variant tags (CTF 1.8 references, CTF 2 field locations) to slots, applies the
 * trace's byte order, and gives the fields that mean something to the reader their role (CTF 2's roles; CTF 1.8's
 * reserved names and clock mappings: event id, clock update, packet sizes...).
 */
final class DecoderCompiler {
    static final String PACKET_HEADER = "trace.packet.header";
    static final String PACKET_CONTEXT = "stream.packet.context";
    static final String EVENT_HEADER = "stream.event.header";
    static final String STREAM_EVENT_CONTEXT = "stream.event.context";
    static final String EVENT_CONTEXT = "event.context";
    static final String EVENT_FIELDS = "event.fields";
    private static final List<String> SCOPES = List.of(PACKET_HEADER, PACKET_CONTEXT, EVENT_HEADER, STREAM_EVENT_CONTEXT,
            EVENT_CONTEXT, EVENT_FIELDS);

    /** CTF 2 field location origins, by their scope name here. */
    static final Map<String, String> CTF2_ORIGINS = Map.of("packet-header", PACKET_HEADER, "packet-context",
            PACKET_CONTEXT, "event-record-header", EVENT_HEADER, "event-record-common-context", STREAM_EVENT_CONTEXT,
            "event-record-specific-context", EVENT_CONTEXT, "event-record-payload", EVENT_FIELDS);

    /** CTF 1.8's reserved names of top-level members, and the roles CTF 2 gives such fields instead. */
    private static final Map<String, Map<String, TypeDecl.Role>> RESERVED = Map.of(PACKET_HEADER,
            Map.of("magic", TypeDecl.Role.PACKET_MAGIC_NUMBER, "uuid", TypeDecl.Role.METADATA_STREAM_UUID, "stream_id",
                    TypeDecl.Role.DATA_STREAM_CLASS_ID, "stream_instance_id", TypeDecl.Role.DATA_STREAM_ID),
            PACKET_CONTEXT,
            Map.of("timestamp_begin", TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP, "timestamp_end",
                    TypeDecl.Role.PACKET_END_DEFAULT_CLOCK_TIMESTAMP, "content_size", TypeDecl.Role.PACKET_CONTENT_LENGTH,
                    "packet_size", TypeDecl.Role.PACKET_TOTAL_LENGTH, "events_discarded",
                    TypeDecl.Role.DISCARDED_EVENT_RECORD_COUNTER_SNAPSHOT, "packet_seq_num",
                    TypeDecl.Role.PACKET_SEQUENCE_NUMBER));

    /** The role CTF 2 gives a top-level member of that CTF 1.8 scope, by its reserved name; or null. */
    static TypeDecl.Role reservedRole(String scope, String name) {
        Map<String, TypeDecl.Role> reserved = RESERVED.get(scope);
        return reserved == null ? null : reserved.get(name);
    }

    /**
     * Most field decoders compiled from one metadata: real traces need tens of thousands (a kernel trace's two
     * thousand event classes), while type aliases can make a small hostile metadata expand exponentially (a
     * structure of two members of the previous alias, sixty times over).
     */
    static final int MAX_FIELDS = 1 << 20;
    /** Deepest compiled nesting: more than the parsers allow (they refuse types nested beyond 64 levels). */
    static final int MAX_DEPTH = 2 * Ctf2FieldClasses.MAX_FIELD_CLASS_DEPTH;

    private enum FrameKind {
        STRUCT, ARRAY_ELEMENT, OPTION, OPTIONAL
    }

    /** Members compiled so far in one structure (or variant option, array element, optional), to resolve references. */
    private static final class Frame {
        final Frame parent;
        final int depth;
        final FrameKind kind;
        final List<String> names = new ArrayList<>();
        final List<FieldDecoder> decoders = new ArrayList<>();
        /** The last member of each name: lookups stay constant-time in structures of many members. */
        final Map<String, Integer> lastIndex = new HashMap<>();
        /** CTF 2: the member of this structure being compiled (it holds the frames below), or null. */
        String current;

        Frame(Frame parent, int depth, FrameKind kind) {
            this.parent = parent;
            this.depth = depth;
            this.kind = kind;
        }

        void add(String name, FieldDecoder d) {
            lastIndex.put(name, names.size());
            names.add(name);
            decoders.add(d);
        }

        /** The index of the last member of that name, or -1. */
        int lastIndexOf(String name) {
            Integer i = lastIndex.get(name);
            return i == null ? -1 : i;
        }
    }

    private final Metadata metadata;
    private final Path file;
    private final boolean ctf2;
    private final Map<String, Frame> roots = new HashMap<>();
    private String scope;
    private int next;
    private int depth;
    /** The clock this stream class's integers map to (babeltrace2 allows one per stream class). */
    private Metadata.Clock clock;
    /** CTF 2: the stream class's default clock, or null. */
    private final Metadata.Clock defaultClock;
    /** Fields with a role in the fixed scopes (packet header and context), the first of each role. */
    private final Map<TypeDecl.Role, FieldDecoder> roleFields = new EnumMap<>(TypeDecl.Role.class);
    /** Where the metadata declares what is being compiled, for errors (CTF 2), or null. */
    private Metadata.Origin origin;
    /** Member names from the scope root to the field being compiled, for errors. */
    private final List<String> path = new ArrayList<>();
    /** How many variant options and optional fields hold the field being compiled. */
    private int choiceDepth;
    /** How many types hold the field being compiled. */
    private int nesting;
    /** The array depth each decoder was compiled at ({@link Frame#depth}): where a reference to it can be read. */
    private final Map<FieldDecoder, Integer> decoderDepth = new IdentityHashMap<>();

    DecoderCompiler(Metadata metadata, Metadata.StreamDecl stream) throws TraceFormatException {
        this.metadata = metadata;
        this.file = metadata.file;
        this.ctf2 = metadata.ctf2;
        if (ctf2 && stream.defaultClock != null) {
            defaultClock = metadata.clocks.get(stream.defaultClock);
            if (defaultClock == null) {
                origin = stream.origin;
                throw error("the data stream class's default clock class \"" + stream.defaultClock
                        + "\" is not declared before it");
            }
            clock = defaultClock;
        } else {
            defaultClock = null;
        }
    }

    Metadata.Clock clock() {
        return clock;
    }

    /** The field of a fixed scope (packet header or context) with this role, or null. */
    FieldDecoder roleField(TypeDecl.Role role) {
        return roleFields.get(role);
    }

    /**
     * Compiles one scope root with its first slot at {@code firstSlot}; returns null for an absent scope.
     *
     * @param where the CTF 2 fragment that declares it, for errors (null for CTF 1.8)
     */
    StructDecoder compileScope(String scopeName, TypeDecl.Struct decl, int firstSlot, Metadata.Origin where)
            throws TraceFormatException {
        // A scope compiled later (another event class's) is not there for this one.
        for (int i = SCOPES.indexOf(scopeName); i < SCOPES.size(); i++) {
            roots.remove(SCOPES.get(i));
        }
        if (decl == null) {
            return null;
        }
        this.scope = scopeName;
        this.origin = where;
        this.next = firstSlot;
        this.depth = 0;
        this.path.clear();
        Frame root = new Frame(null, 0, FrameKind.STRUCT);
        roots.put(scopeName, root);
        return struct(decl, root, true);
    }

    private TraceFormatException error(String what) {
        if (origin == null) {
            return new TraceFormatException(file, -1, what);
        }
        String where = path.isEmpty() ? "" : " " + scopeText(scope) + " member " + String.join(".", path) + ":";
        return new TraceFormatException(file, origin.offset(), "CTF 2 metadata " + origin + ":" + where + " " + what);
    }

    private static String scopeText(String scope) {
        for (Map.Entry<String, String> e : CTF2_ORIGINS.entrySet()) {
            if (e.getValue().equals(scope)) {
                return e.getKey();
            }
        }
        return scope;
    }

    private StructDecoder struct(TypeDecl.Struct decl, Frame frame, boolean topLevel) throws TraceFormatException {
        int first = next;
        List<TypeDecl.Member> members = decl.members();
        String[] names = new String[members.size()];
        FieldDecoder[] decoders = new FieldDecoder[members.size()];
        for (int i = 0; i < members.size(); i++) {
            TypeDecl.Member m = members.get(i);
            names[i] = name(m.name());
            frame.current = m.name();
            path.add(names[i]);
            decoders[i] = field(m.type(), names[i], frame, topLevel);
            path.remove(path.size() - 1);
            frame.current = null;
            frame.add(m.name(), decoders[i]);
            TypeDecl.Role role = topLevel && !ctf2 ? reservedRole(scope, names[i]) : null;
            boolean uuid = role == TypeDecl.Role.METADATA_STREAM_UUID;
            if (role != null && !roleFields.containsKey(role) && (!uuid && decoders[i] instanceof IntDecoder
                    || uuid && decoders[i] instanceof ScalarArrayDecoder a && a.fixedLength == 16)) {
                roleFields.put(role, decoders[i]);
            }
        }
        return new StructDecoder(first, decl.align(), names, decoders, next - first);
    }

    /** The name a member is known by: CTF 1.8 strips one leading underscore (as babeltrace2 does); CTF 2 keeps it. */
    private String name(String written) {
        return ctf2 ? written : stripped(written);
    }

    static String stripped(String name) {
        return name.startsWith("_") ? name.substring(1) : name;
    }

    private FieldDecoder field(TypeDecl type, String name, Frame frame, boolean topLevel) throws TraceFormatException {
        if (++metadata.compiledFields > MAX_FIELDS) {
            throw error("the metadata's types expand to more than " + MAX_FIELDS + " fields (this reader's limit;"
                    + " type aliases repeated inside one another?)");
        }
        if (nesting >= MAX_DEPTH) {
            throw error("types nested more than " + MAX_DEPTH + " levels deep (this reader's limit)");
        }
        nesting++;
        try {
            FieldDecoder d = compile(type, name, frame, topLevel);
            decoderDepth.put(d, depth);
            return d;
        } finally {
            nesting--;
        }
    }

    private FieldDecoder compile(TypeDecl type, String name, Frame frame, boolean topLevel) throws TraceFormatException {
        if (type instanceof TypeDecl.Int i) {
            return integer(i, null, name, topLevel);
        }
        if (type instanceof TypeDecl.Enum e) {
            return integer(e.container(), e, name, topLevel);
        }
        if (type instanceof TypeDecl.Bits b) {
            int form = b.reversedBits() ? IntDecoder.REVERSED : IntDecoder.FIXED;
            boolean big = bigEndian(b.order());
            if (b.bool()) {
                return new BoolDecoder(next++, b.align(), b.size(), big, form);
            }
            if (b.flags() != null) {
                return new BitMapDecoder(next++, b.align(), b.size(), big, form, b.flags());
            }
            return new IntDecoder(next++, b.align(), b.size(), false, big, 16, IntDecoder.ROLE_NONE, form);
        }
        if (type instanceof TypeDecl.Float f) {
            return new FloatDecoder(next++, f.align(), f.size(), bigEndian(f.order()));
        }
        if (type instanceof TypeDecl.Str str) {
            FieldDecoder d = new StrDecoder(next, str.encoding() == TypeDecl.Encoding.NONE
                    || str.encoding() == TypeDecl.Encoding.ASCII ? TypeDecl.Encoding.UTF8 : str.encoding());
            next += 2;
            return d;
        }
        if (type instanceof TypeDecl.LengthStr ls) {
            FieldDecoder.ValueRef length = ls.location() == null ? null : length(ls.location(), frame);
            FieldDecoder d = new TextArrayDecoder(next, 8, ls.length(), length, ls.encoding());
            next += 2;
            return d;
        }
        if (type instanceof TypeDecl.Blob b) {
            FieldDecoder.ValueRef length = b.location() == null ? null : length(b.location(), frame);
            FieldDecoder d = new BlobDecoder(next, b.length(), length);
            next += 2;
            if (b.roles().contains(TypeDecl.Role.METADATA_STREAM_UUID)) {
                fixedRole(TypeDecl.Role.METADATA_STREAM_UUID, d);
            }
            return d;
        }
        if (type instanceof TypeDecl.Struct s) {
            return struct(s, new Frame(frame, depth, FrameKind.STRUCT), false);
        }
        if (type instanceof TypeDecl.Variant v) {
            return v.location() != null ? ctf2Variant(v, name, frame) : variant(v, name, frame);
        }
        if (type instanceof TypeDecl.Optional o) {
            return optional(o, frame);
        }
        if (type instanceof TypeDecl.Array a) {
            return array(a.element(), a.length(), null, a.minAlign(), frame);
        }
        if (type instanceof TypeDecl.Sequence s) {
            FieldDecoder.ValueRef length = s.location() != null ? length(s.location(), frame)
                    : resolve(s.lengthRef(), frame, "sequence length");
            return array(s.element(), 0, length, s.minAlign(), frame);
        }
        throw new IllegalStateException("unknown type " + type);
    }

    private FieldDecoder integer(TypeDecl.Int i, TypeDecl.Enum e, String name, boolean topLevel) throws TraceFormatException {
        int role = IntDecoder.ROLE_NONE;
        boolean packetEnd;
        String clockName;
        if (ctf2) {
            Set<TypeDecl.Role> roles = i.roles();
            clockName = null;
            packetEnd = roles.contains(TypeDecl.Role.PACKET_END_DEFAULT_CLOCK_TIMESTAMP);
            if (roles.contains(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP) || packetEnd) {
                if (defaultClock == null) {
                    throw error("a field with the role " + (packetEnd ? "packet-end-" : "")
                            + "default-clock-timestamp needs a default clock class, and the data stream class has none");
                }
                clockName = defaultClock.name();
            }
            if (roles.contains(TypeDecl.Role.EVENT_RECORD_CLASS_ID)) {
                if (roles.contains(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP)) {
                    throw error("one field cannot be both an event record class ID and a timestamp");
                }
                role = IntDecoder.ROLE_EVENT_ID;
            }
        } else {
            clockName = i.clock();
            if (EVENT_HEADER.equals(scope)) {
                if (name.equals("id")) {
                    role = IntDecoder.ROLE_EVENT_ID;
                }
                if (clockName == null && name.equals("timestamp")) {
                    clockName = implicitClock();
                }
            }
            if (PACKET_CONTEXT.equals(scope) && clockName == null
                    && (name.equals("timestamp_begin") || name.equals("timestamp_end"))) {
                clockName = implicitClock();
            }
            // babeltrace2 reads timestamp_end without moving the clock: the packet's events come before it.
            packetEnd = PACKET_CONTEXT.equals(scope) && topLevel && name.equals("timestamp_end");
        }
        if (clockName != null) {
            Metadata.Clock c = ctf2 ? defaultClock : metadata.clocks.get(clockName);
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
            if (role == IntDecoder.ROLE_NONE && !packetEnd) {
                role = IntDecoder.ROLE_CLOCK;
            }
        }
        boolean big = bigEndian(i.order());
        int form = i.varLength() ? IntDecoder.VARIABLE
                : i.reversedBits() ? IntDecoder.REVERSED : IntDecoder.FIXED;
        IntDecoder d = e != null
                ? new EnumDecoder(next++, i.align(), i.size(), i.signed(), big, i.base(), role, e.mappings(), form)
                : new IntDecoder(next++, i.align(), i.size(), i.signed(), big, i.base(), role, form);
        // babeltrace2's "meanings": what it consumes it does not show (CTF 2: the roles; CTF 1.8: clock-mapped
        // integers and the packet context's reserved names)
        d.consumed = ctf2 ? !i.roles().isEmpty() : i.clock() != null
                || PACKET_CONTEXT.equals(scope) && topLevel && reservedRole(scope, name) != null;
        if (ctf2) {
            for (TypeDecl.Role r : i.roles()) {
                if (r != TypeDecl.Role.EVENT_RECORD_CLASS_ID && !EVENT_HEADER.equals(scope)) {
                    fixedRole(r, d);
                }
            }
        }
        return d;
    }

    /**
     * A CTF 2 role of the packet header or context: the reader finds that field's value in its slot after the
     * scope is decoded, so it must be decoded with the scope every time (not in an array, variant or optional).
     */
    private void fixedRole(TypeDecl.Role role, FieldDecoder d) throws TraceFormatException {
        if (!PACKET_HEADER.equals(scope) && !PACKET_CONTEXT.equals(scope)) {
            return;
        }
        if (depth > 0 || choiceDepth > 0) {
            throw error("a field with the role " + role.json + " inside an array, variant or optional field is not"
                    + " supported");
        }
        roleFields.putIfAbsent(role, d);
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

    // ---- CTF 1.8 variants and references

    private FieldDecoder variant(TypeDecl.Variant v, String name, Frame frame) throws TraceFormatException {
        if (v.tag() == null) {
            throw new TraceFormatException(file, -1, "variant " + name + " has no tag");
        }
        FieldDecoder tagDecoder = lookup(v.tag(), frame);
        if (!(tagDecoder instanceof EnumDecoder tagEnum)) {
            throw new TraceFormatException(file, -1, "the tag " + v.tag() + " of variant " + name
                    + (tagDecoder == null ? " is not a field declared before it" : " is not an enumeration"));
        }
        FieldDecoder.SlotRef tag = ref(tagDecoder, v.tag(), frame);
        tagDecoder.read = true;
        int first = next++;
        List<TypeDecl.Member> options = v.options();
        String[] names = new String[options.size()];
        String[] orig = new String[options.size()];
        FieldDecoder[] decoders = new FieldDecoder[options.size()];
        choiceDepth++;
        for (int i = 0; i < options.size(); i++) {
            orig[i] = options.get(i).name();
            names[i] = stripped(orig[i]);
            decoders[i] = field(options.get(i).type(), names[i], new Frame(frame, depth, FrameKind.OPTION), false);
        }
        choiceDepth--;
        return VariantDecoder.tagged(first, tag, tagEnum, names, orig, decoders, next - first);
    }

    private FieldDecoder array(TypeDecl element, long length, FieldDecoder.ValueRef lengthRef, int minAlign, Frame frame)
            throws TraceFormatException {
        if (isText(element)) {
            FieldDecoder d = new TextArrayDecoder(next, Math.max(minAlign, element.align()), length, lengthRef);
            next += 2;
            return d;
        }
        int first = next;
        int savedNext = next;
        depth++;
        next = 0;
        FieldDecoder elementDecoder = field(element, "element", new Frame(frame, depth, FrameKind.ARRAY_ELEMENT), false);
        int elementSlots = next;
        depth--;
        next = savedNext;
        if (element instanceof TypeDecl.Int || element instanceof TypeDecl.Enum || element instanceof TypeDecl.Float
                || element instanceof TypeDecl.Bits) {
            next = first + 3;
            return new ScalarArrayDecoder(first, elementDecoder, length, lengthRef, minAlign);
        }
        next = first + 2;
        return new CompoundArrayDecoder(first, elementDecoder, elementSlots, length, lengthRef, minAlign);
    }

    /** babeltrace2's rule: 8-bit, byte-aligned, UTF-8 encoded integer elements make a string. */
    private static boolean isText(TypeDecl element) {
        TypeDecl.Int i = element instanceof TypeDecl.Enum e ? e.container()
                : element instanceof TypeDecl.Int x ? x : null;
        return i != null && i.size() == 8 && i.align() == 8 && i.encoding() != TypeDecl.Encoding.NONE && !i.varLength();
    }

    private FieldDecoder.SlotRef resolve(String path, Frame frame, String what) throws TraceFormatException {
        FieldDecoder d = lookup(path, frame);
        if (!(d instanceof IntDecoder)) {
            throw new TraceFormatException(file, -1, "the " + what + " " + path
                    + (d == null ? " is not a field declared before it" : " is not an integer"));
        }
        d.read = true;
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

    /**
     * The array depth of the frame that holds {@code target}: the depth it was compiled at (a reference finds its
     * target through structures only, never through an array element, so both are the same). Constant-time: a
     * search of the frames would make many references to a large structure quadratic.
     */
    private int depthOf(FieldDecoder target, Frame from) {
        Integer d = decoderDepth.get(target);
        return d == null ? 0 : d;
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
        int i = f.lastIndexOf(parts[0]);
        if (i < 0) {
            return null;
        }
        FieldDecoder d = f.decoders.get(i);
        for (int p = 1; p < parts.length; p++) {
            if (!(d instanceof StructDecoder s)) {
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

    // ---- CTF 2 variants, optionals and field locations

    private FieldDecoder ctf2Variant(TypeDecl.Variant v, String name, Frame frame) throws TraceFormatException {
        Located selector = locate(v.location(), frame, "selector");
        boolean signed = integerLeaves(selector, v.location(), "selector", false);
        List<long[]> ranges = new ArrayList<>();
        List<Integer> option = new ArrayList<>();
        for (int o = 0; o < v.options().size(); o++) {
            for (long[] r : v.ranges().get(o)) {
                ranges.add(r);
                option.add(o);
            }
        }
        int first = next++;
        List<TypeDecl.Member> options = v.options();
        String[] names = new String[options.size()];
        FieldDecoder[] decoders = new FieldDecoder[options.size()];
        choiceDepth++;
        for (int i = 0; i < options.size(); i++) {
            names[i] = options.get(i).name() == null ? "" : options.get(i).name();
            decoders[i] = field(options.get(i).type(), names[i], new Frame(frame, depth, FrameKind.OPTION), false);
        }
        choiceDepth--;
        return VariantDecoder.of(first, selector.ref, signed, ranges, option, names, decoders, next - first);
    }

    private FieldDecoder optional(TypeDecl.Optional o, Frame frame) throws TraceFormatException {
        Located selector = locate(o.location(), frame, "selector");
        boolean bool = o.ranges() == null;
        boolean signed = false;
        if (bool) {
            for (FieldDecoder leaf : selector.leaves) {
                if (!(leaf instanceof BoolDecoder)) {
                    throw error("the selector " + o.location().text() + " of an optional field without selector ranges"
                            + " must be a boolean");
                }
            }
        } else {
            signed = integerLeaves(selector, o.location(), "selector", false);
        }
        int first = next++;
        choiceDepth++;
        FieldDecoder inner = field(o.type(), "", new Frame(frame, depth, FrameKind.OPTIONAL), false);
        choiceDepth--;
        long[] lo = null;
        long[] hi = null;
        if (!bool) {
            lo = new long[o.ranges().size()];
            hi = new long[o.ranges().size()];
            for (int r = 0; r < lo.length; r++) {
                lo[r] = o.ranges().get(r)[0];
                hi[r] = o.ranges().get(r)[1];
            }
        }
        return new OptionalDecoder(first, selector.ref, signed, lo, hi, inner, next - first);
    }

    private FieldDecoder.ValueRef length(TypeDecl.Location location, Frame frame) throws TraceFormatException {
        Located length = locate(location, frame, "length");
        integerLeaves(length, location, "length", true);
        return length.ref;
    }

    /**
     * Checks that a located field is an integer (booleans are not) in every case it can be; returns whether it is
     * signed.
     */
    private boolean integerLeaves(Located located, TypeDecl.Location location, String what, boolean unsigned)
            throws TraceFormatException {
        Boolean signed = null;
        for (FieldDecoder leaf : located.leaves) {
            if (!(leaf instanceof IntDecoder i) || leaf instanceof BoolDecoder
                    || leaf instanceof BitMapDecoder) {
                throw error("the " + what + " field location " + location.text() + " points to a field that is not an"
                        + " integer");
            }
            if (unsigned && i.signed) {
                throw error("the " + what + " field location " + location.text() + " points to a signed integer (a"
                        + " length must be unsigned)");
            }
            if (signed != null && signed != i.signed) {
                throw error("the " + what + " field location " + location.text() + " points to signed and unsigned"
                        + " integers, depending on the variant options selected");
            }
            signed = i.signed;
        }
        return signed != null && signed;
    }

    /** A located field: how to read its value, and the decoders it can be (several through completed variants). */
    private record Located(FieldDecoder.ValueRef ref, List<FieldDecoder> leaves) {
    }

    /**
     * Resolves a CTF 2 field location to a field decoded before the one being compiled: from its origin scope (or
     * the structure holding the dependent field), member after member; through a structure, array or variant being
     * decoded (the current element or option), or into an already decoded variant (each option, at run time) or
     * optional field.
     */
    private Located locate(TypeDecl.Location location, Frame frame, String what) throws TraceFormatException {
        List<String> steps = location.path();
        String text = location.text();
        if (steps.isEmpty() || steps.get(steps.size() - 1) == null) {
            throw error("the " + what + " field location " + text + " must end with a member name");
        }
        Frame at;
        List<Frame> chain = new ArrayList<>();
        for (Frame f = frame; f != null; f = f.parent) {
            chain.add(f);
        }
        Collections.reverse(chain);
        if (location.origin() != null) {
            if (location.origin().equals(scope)) {
                at = chain.get(0);
            } else {
                int there = SCOPES.indexOf(location.origin());
                at = roots.get(location.origin());
                if (at == null || there > SCOPES.indexOf(scope)) {
                    throw error("the " + what + " field location " + text + " points to the " + scopeText(location.origin())
                            + ", which is " + (there > SCOPES.indexOf(scope) ? "decoded after this field"
                                    : "not declared for this event record"));
                }
                chain = List.of(at);
            }
        } else {
            at = frame;
            while (at.kind != FrameKind.STRUCT) {
                at = at.parent;
            }
        }
        for (int s = 0; s < steps.size(); s++) {
            String step = steps.get(s);
            if (step == null) {
                Frame up = at.parent;
                while (up != null && up.kind != FrameKind.STRUCT) {
                    up = up.parent;
                }
                if (up == null || location.origin() != null) {
                    throw error("the " + what + " field location " + text + " goes above the root of the "
                            + scopeText(scope));
                }
                at = up;
                continue;
            }
            int i = at.lastIndexOf(step);
            if (i >= 0) {
                // A member decoded already: what follows descends into it.
                FieldDecoder d = at.decoders.get(i);
                List<FieldDecoder> leaves = new ArrayList<>();
                FieldDecoder.ValueRef ref = completed(d, steps.subList(s + 1, steps.size()), at.depth, leaves, text);
                if (ref == null) {
                    throw error("the " + what + " field location " + text + " points to a field that is not an integer"
                            + " or a boolean");
                }
                if (at.depth != 0 && at.depth != depth) {
                    throw error("the " + what + " field location " + text + " points into an array element other than"
                            + " the one being decoded: not supported");
                }
                for (FieldDecoder leaf : leaves) {
                    leaf.read = true;
                }
                return new Located(ref, leaves);
            }
            if (step.equals(at.current)) {
                // The member being decoded, which holds this field: go down to the structure inside it that does.
                int k = chain.indexOf(at);
                Frame below = null;
                for (int j = k + 1; j < chain.size(); j++) {
                    if (chain.get(j).kind == FrameKind.STRUCT) {
                        below = chain.get(j);
                        break;
                    }
                }
                if (below == null || s == steps.size() - 1) {
                    throw error("the " + what + " field location " + text + " points to a field that is not decoded"
                            + " before this one");
                }
                at = below;
                continue;
            }
            String in = at.parent != null ? "its structure"
                    : "the " + scopeText(location.origin() != null ? location.origin() : scope);
            throw error("the " + what + " field location " + text + " points nowhere: no member \"" + step
                    + "\" is decoded before this field in " + in);
        }
        throw error("the " + what + " field location " + text + " points to a structure, not to an integer");
    }

    /** A value inside an already decoded field, following {@code rest}; null when there is none. */
    private FieldDecoder.ValueRef completed(FieldDecoder d, List<String> rest, int atDepth, List<FieldDecoder> leaves,
            String text) {
        boolean relative = atDepth != 0;
        if (d instanceof StructDecoder s) {
            if (rest.isEmpty() || rest.get(0) == null) {
                return null;
            }
            int m = s.indexOf(rest.get(0));
            return m < 0 ? null : completed(s.members[m], rest.subList(1, rest.size()), atDepth, leaves, text);
        }
        if (d instanceof VariantDecoder v) {
            FieldDecoder.ValueRef[] per = new FieldDecoder.ValueRef[v.options.length];
            boolean any = false;
            for (int o = 0; o < per.length; o++) {
                per[o] = completed(v.options[o], rest, atDepth, leaves, text);
                any |= per[o] != null;
            }
            return any ? new FieldDecoder.OptionRef(v.slot, relative, per, text) : null;
        }
        if (d instanceof OptionalDecoder o) {
            FieldDecoder.ValueRef inner = completed(o.field, rest, atDepth, leaves, text);
            return inner == null ? null : new FieldDecoder.PresentRef(o.slot, relative, inner, text);
        }
        if (d instanceof IntDecoder && rest.isEmpty()) {
            leaves.add(d);
            return new FieldDecoder.SlotRef(d.slot, relative);
        }
        return null;
    }
}
