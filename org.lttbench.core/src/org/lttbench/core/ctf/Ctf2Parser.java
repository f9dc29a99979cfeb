package org.lttbench.core.ctf;

import static org.lttbench.core.ctf.BoundedJsonReader.kind;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.trace.TraceFormatException;

/**
 * Parses CTF 2 metadata (CTF2-SPEC-2.0: a JSON text sequence of fragments, each after a record separator) into the
 * same {@link Metadata} model as TSDL, so that one compiler and one decoder serve both. Also reads what LTTng and
 * Trace Compass's test traces wrote from the specification's last release candidate (7.0): clock classes named by
 * {@code name} and data stream classes referring to them by {@code default-clock-class-name}, field locations as
 * arrays (an origin first, then the path), a trace class UUID. Attributes and unknown properties are ignored, as
 * the specification says; an extension is refused (a consumer must not read a trace whose extensions it does not
 * know). Every error names the fragment (its number, first is 1, and its byte offset in the metadata file) and
 * what was expected.
 */
final class Ctf2Parser {
    /** Field classes nested deeper than this (through aliases too) are refused. */
    static final int MAX_FIELD_CLASS_DEPTH = 64;
    /** Most integer ranges in one field class's mappings, or in one variant's options (as TSDL's enumerations). */
    static final int MAX_RANGES = 1 << 16;

    private static final Set<String> FRAGMENT_TYPES = Set.of("preamble", "field-class-alias", "trace-class",
            "clock-class", "data-stream-class", "event-record-class");
    private static final List<String> FIELD_CLASS_TYPES = List.of("fixed-length-bit-array", "fixed-length-bit-map",
            "fixed-length-boolean", "fixed-length-unsigned-integer", "fixed-length-signed-integer",
            "fixed-length-floating-point-number", "variable-length-unsigned-integer", "variable-length-signed-integer",
            "null-terminated-string", "static-length-string", "dynamic-length-string", "static-length-blob",
            "dynamic-length-blob", "structure", "static-length-array", "dynamic-length-array", "optional", "variant");
    private static final BigInteger MIN_LONG = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX_ULONG = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** The scope a field class is declared in: which roles its fields may have. */
    private enum Scope {
        PACKET_HEADER("packet header", EnumSet.of(TypeDecl.Role.PACKET_MAGIC_NUMBER, TypeDecl.Role.METADATA_STREAM_UUID,
                TypeDecl.Role.DATA_STREAM_CLASS_ID, TypeDecl.Role.DATA_STREAM_ID)),
        PACKET_CONTEXT("packet context", EnumSet.of(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP,
                TypeDecl.Role.PACKET_END_DEFAULT_CLOCK_TIMESTAMP, TypeDecl.Role.PACKET_CONTENT_LENGTH,
                TypeDecl.Role.PACKET_TOTAL_LENGTH, TypeDecl.Role.PACKET_SEQUENCE_NUMBER,
                TypeDecl.Role.DISCARDED_EVENT_RECORD_COUNTER_SNAPSHOT)),
        EVENT_HEADER("event record header", EnumSet.of(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP,
                TypeDecl.Role.EVENT_RECORD_CLASS_ID)),
        OTHER("", EnumSet.noneOf(TypeDecl.Role.class)),
        /** A field class alias: checked for roles where it is used. */
        ALIAS("", EnumSet.allOf(TypeDecl.Role.class));

        final String text;
        final Set<TypeDecl.Role> roles;

        Scope(String text, Set<TypeDecl.Role> roles) {
            this.text = text;
            this.roles = roles;
        }
    }

    private final Path file;
    private final MetadataFile.Content content;
    private final Metadata metadata;
    /** The fragment being read (numbered from 1), its file offset, and what it is. */
    private int fragment;
    private long fragmentOffset;
    private String fragmentWhat;
    private final Map<String, Object> aliases = new HashMap<>();
    private final Map<Long, Set<Long>> eventIds = new HashMap<>();
    private boolean preamble;
    private boolean traceClass;
    private int fieldClassDepth;
    /** Whether the data stream class being read has a default clock class. */
    private boolean hasDefaultClock;

    private Ctf2Parser(MetadataFile.Content content, Path file) {
        this.file = file;
        this.content = content;
        this.metadata = new Metadata(file);
        metadata.ctf2 = true;
        metadata.major = 2;
        metadata.minor = 0;
        // Every CTF 2 fixed-length field says its byte order: "native" never needs resolving.
        metadata.byteOrder = TypeDecl.Order.LITTLE;
    }

    static Metadata parse(MetadataFile.Content content, Path file) throws TraceFormatException {
        Ctf2Parser p = new Ctf2Parser(content, file);
        p.fragments();
        return p.metadata;
    }

    /** A metadata error at the current fragment. */
    private TraceFormatException error(String what) {
        String where = "fragment " + fragment + (fragmentWhat == null ? "" : " (" + fragmentWhat + ")");
        return new TraceFormatException(file, fragmentOffset, "CTF 2 metadata " + where + ": " + what);
    }

    private void fragments() throws TraceFormatException {
        byte[] bytes = content.bytes();
        int start = 0;
        while (start < bytes.length) {
            int end = start + 1;
            while (end < bytes.length && bytes[end] != MetadataFile.RS) {
                end++;
            }
            fragment++;
            fragmentOffset = content.fileOffset(start);
            fragmentWhat = null;
            Object json = BoundedJsonReader.read(bytes, start + 1, end, this::error);
            if (!(json instanceof Map<?, ?> map)) {
                throw error("expected a JSON object, found " + kind(json));
            }
            fragment(obj(map));
            start = end;
        }
        if (fragment == 0) {
            throw error("the metadata has no fragment");
        }
        fragmentWhat = null;
        if (metadata.streams.isEmpty()) {
            throw new TraceFormatException(file, -1, "CTF 2 metadata: no data stream class fragment (expected at least"
                    + " one)");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> obj(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    // ---- fragments

    private void fragment(Map<String, Object> f) throws TraceFormatException {
        Object type = f.get("type");
        if (!(type instanceof String t)) {
            throw error("a fragment needs a \"type\" string (one of " + String.join(", ", FRAGMENT_TYPES) + "), found "
                    + (type == null && !f.containsKey("type") ? "none" : kind(type)));
        }
        fragmentWhat = t;
        if (!preamble && !t.equals("preamble")) {
            throw error("the metadata must start with a preamble fragment, not a " + t + " fragment");
        }
        noExtensions(f, "fragment");
        switch (t) {
        case "preamble" -> preamble(f);
        case "field-class-alias" -> alias(f);
        case "trace-class" -> traceClass(f);
        case "clock-class" -> clockClass(f);
        case "data-stream-class" -> dataStreamClass(f);
        case "event-record-class" -> eventRecordClass(f);
        default -> throw error("unknown fragment type \"" + t + "\" (expected one of " + String.join(", ", FRAGMENT_TYPES)
                + ")");
        }
    }

    /** Extensions may change the format: a consumer must refuse the trace when it does not know them. */
    private void noExtensions(Map<String, Object> object, String what) throws TraceFormatException {
        Object ext = object.get("extensions");
        if (ext instanceof Map<?, ?> m && !m.isEmpty()) {
            Object ns = m.keySet().iterator().next();
            Object names = m.get(ns);
            String name = names instanceof Map<?, ?> n && !n.isEmpty() ? "/" + n.keySet().iterator().next() : "";
            throw error("the " + what + " uses the extension " + ns + name
                    + ", which this reader does not support (CTF 2 readers must refuse unknown extensions)");
        }
        if (ext != null && !(ext instanceof Map)) {
            throw error("\"extensions\" must be an object, not " + kind(ext));
        }
    }

    private void preamble(Map<String, Object> f) throws TraceFormatException {
        if (preamble) {
            throw error("a second preamble fragment (the metadata has exactly one, first)");
        }
        preamble = true;
        Object version = f.get("version");
        if (!(version instanceof BigDecimal v) || v.compareTo(BigDecimal.valueOf(2)) != 0) {
            throw error("unsupported version " + (version == null ? "(none given)"
                    : version instanceof BigDecimal n ? n.toString() : kind(version)) + ": expected \"version\": 2");
        }
        if (f.containsKey("uuid")) {
            metadata.uuid = uuid(f.get("uuid"), "uuid");
        }
    }

    private byte[] uuid(Object json, String what) throws TraceFormatException {
        if (!(json instanceof List<?> list) || list.size() != 16) {
            throw error("\"" + what + "\" must be an array of 16 integers (0 to 255), not " + kind(json));
        }
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            long v = integer(list.get(i), what + "[" + i + "]");
            if (v < 0 || v > 255) {
                throw error("\"" + what + "\" byte " + i + " is " + v + " (expected 0 to 255)");
            }
            b[i] = (byte) v;
        }
        return b;
    }

    private void alias(Map<String, Object> f) throws TraceFormatException {
        String name = string(f, "name", true);
        fragmentWhat = "field-class-alias \"" + name + "\"";
        if (aliases.containsKey(name)) {
            throw error("a second field class alias named \"" + name + "\"");
        }
        Object fc = f.get("field-class");
        if (fc == null) {
            throw error("a field class alias needs a \"field-class\"");
        }
        // Checked now (a string must name an earlier alias), compiled where it is used (roles depend on the scope).
        if (fc instanceof String other && !aliases.containsKey(other)) {
            throw error("\"field-class\": no field class alias named \"" + other + "\" precedes this one");
        }
        if (!(fc instanceof String) && !(fc instanceof Map)) {
            throw error("\"field-class\" must be a field class object or an alias name, not " + kind(fc));
        }
        fieldClass(fc, Scope.ALIAS, "field-class", 0);
        aliases.put(name, fc);
    }

    private void traceClass(Map<String, Object> f) throws TraceFormatException {
        if (traceClass) {
            throw error("a second trace class fragment (the metadata has at most one)");
        }
        if (!metadata.streams.isEmpty()) {
            throw error("the trace class fragment must come before every data stream class fragment");
        }
        traceClass = true;
        metadata.traceOrigin = origin();
        if (metadata.uuid == null && f.containsKey("uuid")) {
            // CTF 2 release candidates put the UUID here.
            metadata.uuid = uuid(f.get("uuid"), "uuid");
        }
        Object env = f.get("environment");
        if (env != null) {
            if (!(env instanceof Map<?, ?> m)) {
                throw error("\"environment\" must be an object, not " + kind(env));
            }
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object v = e.getValue();
                if (v instanceof String s) {
                    metadata.environment.put((String) e.getKey(), s);
                } else if (v instanceof BigDecimal) {
                    metadata.environment.put((String) e.getKey(), integer(v, "environment." + e.getKey()));
                } else {
                    throw error("environment entry \"" + e.getKey() + "\" must be an integer or a string, not " + kind(v));
                }
            }
        }
        metadata.packetHeader = scope(f, "packet-header-field-class", Scope.PACKET_HEADER);
    }

    private Metadata.Origin origin() {
        return new Metadata.Origin(fragment, fragmentOffset, fragmentWhat);
    }

    private void clockClass(Map<String, Object> f) throws TraceFormatException {
        // CTF2-SPEC-2.0: "id" (the name is optional); release candidates: "name" only.
        String id = f.containsKey("id") ? string(f, "id", true) : string(f, "name", true);
        fragmentWhat = "clock-class \"" + id + "\"";
        if (metadata.clocks.containsKey(id)) {
            throw error("a second clock class with the ID \"" + id + "\"");
        }
        long frequency = integer(required(f, "frequency"), "frequency");
        if (frequency <= 0) {
            throw error("\"frequency\" must be positive, not " + frequency);
        }
        long seconds = 0;
        long cycles = 0;
        Object offset = f.get("offset-from-origin");
        if (offset == null) {
            offset = f.get("offset");
        }
        if (offset != null) {
            if (!(offset instanceof Map<?, ?> o)) {
                throw error("\"offset-from-origin\" must be an object, not " + kind(offset));
            }
            if (o.containsKey("seconds")) {
                seconds = integer(o.get("seconds"), "offset-from-origin.seconds");
            }
            if (o.containsKey("cycles")) {
                cycles = integer(o.get("cycles"), "offset-from-origin.cycles");
                if (cycles < 0) {
                    throw error("\"offset-from-origin.cycles\" must not be negative (" + cycles + ")");
                }
            }
        }
        Object origin = f.get("origin");
        if (origin != null && !(origin instanceof String) && !(origin instanceof Map)) {
            throw error("\"origin\" must be \"unix-epoch\" or a clock origin object, not " + kind(origin));
        }
        metadata.clocks.put(id, new Metadata.Clock(id, frequency, seconds, cycles, clockUuid(f.get("uuid"))).calibrated());
    }

    /** A clock class's UUID in canonical form; null when absent or not 16 bytes (it only names the clock's source). */
    private static String clockUuid(Object json) {
        if (!(json instanceof List<?> list) || list.size() != 16) {
            return null;
        }
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            if (!(list.get(i) instanceof BigDecimal v) || v.signum() < 0 || v.compareTo(BigDecimal.valueOf(255)) > 0
                    || v.stripTrailingZeros().scale() > 0) {
                return null;
            }
            b[i] = (byte) v.intValue();
        }
        return Metadata.uuidString(b);
    }

    private void dataStreamClass(Map<String, Object> f) throws TraceFormatException {
        Metadata.StreamDecl s = new Metadata.StreamDecl();
        s.id = f.containsKey("id") ? unsigned(f.get("id"), "id") : 0;
        fragmentWhat = "data-stream-class " + Long.toUnsignedString(s.id);
        if (metadata.streams.containsKey(s.id)) {
            throw error("a second data stream class with the ID " + Long.toUnsignedString(s.id));
        }
        s.origin = origin();
        String clockKey = f.containsKey("default-clock-class-id") ? "default-clock-class-id"
                : f.containsKey("default-clock-class-name") ? "default-clock-class-name" : null;
        if (clockKey != null) {
            s.defaultClock = string(f, clockKey, true);
            if (!metadata.clocks.containsKey(s.defaultClock)) {
                throw error("\"" + clockKey + "\": no clock class \"" + s.defaultClock + "\" precedes this fragment");
            }
        }
        hasDefaultClock = s.defaultClock != null;
        s.packetContext = scope(f, "packet-context-field-class", Scope.PACKET_CONTEXT);
        s.eventHeader = scope(f, "event-record-header-field-class", Scope.EVENT_HEADER);
        s.eventContext = scope(f, "event-record-common-context-field-class", Scope.OTHER);
        metadata.streams.put(s.id, s);
    }

    private void eventRecordClass(Map<String, Object> f) throws TraceFormatException {
        Metadata.EventDecl e = new Metadata.EventDecl();
        e.id = f.containsKey("id") ? unsigned(f.get("id"), "id") : 0;
        e.streamId = f.containsKey("data-stream-class-id") ? unsigned(f.get("data-stream-class-id"),
                "data-stream-class-id") : 0;
        e.name = f.containsKey("name") ? string(f, "name", true) : "";
        fragmentWhat = "event-record-class " + (e.name.isEmpty() ? Long.toUnsignedString(e.id) : "\"" + e.name + "\"");
        Metadata.StreamDecl parent = metadata.streams.get(e.streamId);
        if (parent == null) {
            throw error("no data stream class with the ID " + Long.toUnsignedString(e.streamId)
                    + " precedes this event record class (\"data-stream-class-id\")");
        }
        if (!eventIds.computeIfAbsent(e.streamId, k -> new HashSet<>()).add(e.id)) {
            throw error("a second event record class with the ID " + Long.toUnsignedString(e.id)
                    + " in data stream class " + Long.toUnsignedString(e.streamId));
        }
        e.origin = origin();
        hasDefaultClock = parent.defaultClock != null;
        e.context = scope(f, "specific-context-field-class", Scope.OTHER);
        e.fields = scope(f, "payload-field-class", Scope.OTHER);
        metadata.events.add(e);
    }

    /** A scope's root field class: a structure (or the name of a structure alias), or null when absent. */
    private TypeDecl.Struct scope(Map<String, Object> f, String key, Scope scope) throws TraceFormatException {
        Object fc = f.get(key);
        if (fc == null) {
            return null;
        }
        TypeDecl t = fieldClass(fc, scope, key, 0);
        if (!(t instanceof TypeDecl.Struct s)) {
            throw error("\"" + key + "\" must be a structure field class");
        }
        return s;
    }

    // ---- field classes

    /**
     * A field class (or an alias name) as the model's type. {@code at} says where, for errors; {@code level}: 0 for
     * a scope's root structure, 1 for its members, more below.
     */
    private TypeDecl fieldClass(Object json, Scope scope, String at, int level) throws TraceFormatException {
        if (json instanceof String alias) {
            Object target = aliases.get(alias);
            if (target == null) {
                throw error(at + ": no field class alias named \"" + alias + "\" precedes this fragment");
            }
            return fieldClass(target, scope, at + " (alias \"" + alias + "\")", level);
        }
        if (!(json instanceof Map<?, ?> m)) {
            throw error(at + ": expected a field class object or an alias name, found " + kind(json));
        }
        if (++fieldClassDepth > MAX_FIELD_CLASS_DEPTH) {
            throw error(at + ": field classes nested more than " + MAX_FIELD_CLASS_DEPTH + " deep (this reader's limit)");
        }
        try {
            return fieldClassObject(obj(m), scope, at, level);
        } finally {
            fieldClassDepth--;
        }
    }

    private TypeDecl fieldClassObject(Map<String, Object> fc, Scope scope, String at, int level)
            throws TraceFormatException {
        Object typeValue = fc.get("type");
        String type;
        if (typeValue instanceof String t) {
            type = t;
        } else {
            throw error(at + ": a field class needs a \"type\" string, found "
                    + (typeValue == null && !fc.containsKey("type") ? "none" : kind(typeValue)));
        }
        noExtensions(fc, "field class at " + at);
        // The release candidates' enumeration types: integers with mappings.
        type = switch (type) {
        case "fixed-length-unsigned-enumeration" -> "fixed-length-unsigned-integer";
        case "fixed-length-signed-enumeration" -> "fixed-length-signed-integer";
        case "variable-length-unsigned-enumeration" -> "variable-length-unsigned-integer";
        case "variable-length-signed-enumeration" -> "variable-length-signed-integer";
        default -> type;
        };
        Set<TypeDecl.Role> roles = roles(fc, type, scope, at);
        switch (type) {
        case "fixed-length-unsigned-integer", "fixed-length-signed-integer" -> {
            int length = length(fc, at, 64, "fixed-length integers");
            TypeDecl.Int i = new TypeDecl.Int(length, alignment(fc, at), type.equals("fixed-length-signed-integer"),
                    byteOrder(fc, at), base(fc, at), TypeDecl.Encoding.NONE, null, roles, false, reversed(fc, at));
            checkRoles(roles, i, null, scope, at, level);
            return withMappings(i, fc, at);
        }
        case "variable-length-unsigned-integer", "variable-length-signed-integer" -> {
            TypeDecl.Int i = new TypeDecl.Int(64, 8, type.startsWith("variable-length-signed"), TypeDecl.Order.LITTLE,
                    base(fc, at), TypeDecl.Encoding.NONE, null, roles, true, false);
            checkRoles(roles, i, null, scope, at, level);
            return withMappings(i, fc, at);
        }
        case "fixed-length-boolean", "fixed-length-bit-array", "fixed-length-bit-map" -> {
            int length = length(fc, at, 64, "fixed-length bit arrays");
            List<TypeDecl.Mapping> flags = null;
            if (type.equals("fixed-length-bit-map")) {
                flags = mappings(required(fc, "flags", at), at + ".flags");
                if (flags.isEmpty()) {
                    throw error(at + ": a bit map needs at least one flag");
                }
            }
            return new TypeDecl.Bits(length, alignment(fc, at), byteOrder(fc, at), reversed(fc, at),
                    type.equals("fixed-length-boolean"), flags);
        }
        case "fixed-length-floating-point-number" -> {
            long length = integer(required(fc, "length", at), at + ".length");
            if (length != 16 && length != 32 && length != 64) {
                throw error(at + ": floating point numbers of " + length + " bits are not supported (16, 32 or 64)");
            }
            if (reversed(fc, at)) {
                throw error(at + ": a floating point number in the other bit order is not supported");
            }
            int exp = length == 16 ? 5 : length == 32 ? 8 : 11;
            return new TypeDecl.Float(exp, (int) length - exp, alignment(fc, at), byteOrder(fc, at));
        }
        case "null-terminated-string" -> {
            return new TypeDecl.Str(encoding(fc, at));
        }
        case "static-length-string" -> {
            return new TypeDecl.LengthStr(encoding(fc, at), staticLength(fc, at), null);
        }
        case "dynamic-length-string" -> {
            return new TypeDecl.LengthStr(encoding(fc, at), 0, location(fc, "length-field-location", at));
        }
        case "static-length-blob" -> {
            TypeDecl.Blob b = new TypeDecl.Blob(staticLength(fc, at), null, roles);
            checkRoles(roles, null, b, scope, at, level);
            return b;
        }
        case "dynamic-length-blob" -> {
            return new TypeDecl.Blob(0, location(fc, "length-field-location", at), Set.of());
        }
        case "structure" -> {
            return structure(fc, scope, at, level);
        }
        case "static-length-array", "dynamic-length-array" -> {
            TypeDecl element = fieldClass(required(fc, "element-field-class", at), scope, at + ".element-field-class",
                    level + 2);
            int minAlign = minimumAlignment(fc, at);
            if (type.startsWith("static")) {
                return new TypeDecl.Array(element, staticLength(fc, at), minAlign);
            }
            return new TypeDecl.Sequence(element, null, location(fc, "length-field-location", at), minAlign);
        }
        case "optional" -> {
            TypeDecl.Location location = location(fc, "selector-field-location", at);
            List<long[]> ranges = fc.containsKey("selector-field-ranges")
                    ? ranges(fc.get("selector-field-ranges"), at + ".selector-field-ranges")
                    : null;
            return new TypeDecl.Optional(fieldClass(required(fc, "field-class", at), scope, at + ".field-class", level + 2),
                    location, ranges);
        }
        case "variant" -> {
            return variant(fc, scope, at, level);
        }
        default -> throw error(at + ": unknown field class type \"" + type + "\" (expected one of "
                + String.join(", ", FIELD_CLASS_TYPES) + ")");
        }
    }

    private TypeDecl.Struct structure(Map<String, Object> fc, Scope scope, String at, int level)
            throws TraceFormatException {
        Object members = fc.get("member-classes");
        List<TypeDecl.Member> list = new ArrayList<>();
        int align = minimumAlignment(fc, at);
        if (members != null) {
            if (!(members instanceof List<?> ms)) {
                throw error(at + ".member-classes must be an array, not " + kind(members));
            }
            Set<String> names = new HashSet<>();
            for (int i = 0; i < ms.size(); i++) {
                String where = at + ".member-classes[" + i + "]";
                if (!(ms.get(i) instanceof Map<?, ?> m)) {
                    throw error(where + ": expected a member class object, found " + kind(ms.get(i)));
                }
                Map<String, Object> member = obj(m);
                noExtensions(member, "member class at " + where);
                Object name = member.get("name");
                if (!(name instanceof String n)) {
                    throw error(where + ": a member class needs a \"name\" string");
                }
                if (!names.add(n)) {
                    throw error(where + ": a second member named \"" + n + "\"");
                }
                where = at + ".member-classes[" + i + "] (\"" + n + "\")";
                Object type = member.get("field-class");
                if (type == null) {
                    throw error(where + ": a member class needs a \"field-class\"");
                }
                if (level == 0) {
                    rootMember = i;
                }
                TypeDecl t = fieldClass(type, scope, where + ".field-class", level + 1);
                list.add(new TypeDecl.Member(n, t));
                align = Math.max(align, t.align());
            }
        }
        return new TypeDecl.Struct(List.copyOf(list), align);
    }

    /** Index of the root structure member being read, or -1 (the packet magic number must be member 0). */
    private int rootMember = -1;

    private TypeDecl variant(Map<String, Object> fc, Scope scope, String at, int level) throws TraceFormatException {
        TypeDecl.Location location = location(fc, "selector-field-location", at);
        Object options = required(fc, "options", at);
        if (!(options instanceof List<?> os) || os.isEmpty()) {
            throw error(at + ".options must be a non-empty array of variant options, not " + kind(options));
        }
        List<TypeDecl.Member> members = new ArrayList<>();
        List<List<long[]>> ranges = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int total = 0;
        for (int i = 0; i < os.size(); i++) {
            String where = at + ".options[" + i + "]";
            if (!(os.get(i) instanceof Map<?, ?> m)) {
                throw error(where + ": expected a variant option object, found " + kind(os.get(i)));
            }
            Map<String, Object> option = obj(m);
            noExtensions(option, "variant option at " + where);
            String name = null;
            if (option.get("name") instanceof String n) {
                name = n;
                if (!names.add(n)) {
                    throw error(where + ": a second option named \"" + n + "\"");
                }
                where += " (\"" + n + "\")";
            }
            List<long[]> r = ranges(required(option, "selector-field-ranges", where), where + ".selector-field-ranges");
            if (total + r.size() > MAX_RANGES) {
                throw error(where + ": the variant's options have more than " + MAX_RANGES
                        + " selector ranges (this reader's limit)");
            }
            total += r.size();
            ranges.add(r);
            members.add(new TypeDecl.Member(name,
                    fieldClass(required(option, "field-class", where), scope, where + ".field-class", level + 2)));
        }
        int[] clash = intersecting(ranges);
        if (clash != null) {
            throw error(at + ".options[" + clash[1] + "]: its selector ranges intersect those of option " + clash[0]);
        }
        return new TypeDecl.Variant(null, List.copyOf(members), location, List.copyOf(ranges));
    }

    /**
     * Two options (earlier, later) whose selector ranges share a value, or null: in one sweep over the ranges sorted
     * by their lower bound (a check of every pair is quadratic in the ranges). A range that crosses the signed
     * boundary is empty for one signedness of the selector, so it intersects nothing (a share must hold for both); every
     * other range holds the same 64-bit patterns for both, ordered alike.
     */
    private static int[] intersecting(List<List<long[]>> ranges) {
        List<long[]> all = new ArrayList<>(); // {low, high, option}
        for (int o = 0; o < ranges.size(); o++) {
            for (long[] r : ranges.get(o)) {
                if (r[0] <= r[1] && Long.compareUnsigned(r[0], r[1]) <= 0) {
                    all.add(new long[] { r[0], r[1], o });
                }
            }
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        // The highest upper bound so far and its option, and the highest among the other options.
        long bestHigh = Long.MIN_VALUE;
        long bestOption = -1;
        long otherHigh = Long.MIN_VALUE;
        long otherOption = -1;
        for (long[] r : all) {
            long option = r[2];
            if (bestOption >= 0 && bestOption != option && bestHigh >= r[0]) {
                return new int[] { (int) Math.min(bestOption, option), (int) Math.max(bestOption, option) };
            }
            if (otherOption >= 0 && otherOption != option && otherHigh >= r[0]) {
                return new int[] { (int) Math.min(otherOption, option), (int) Math.max(otherOption, option) };
            }
            if (option == bestOption) {
                bestHigh = Math.max(bestHigh, r[1]);
            } else if (bestOption < 0 || r[1] > bestHigh) {
                otherHigh = bestHigh;
                otherOption = bestOption;
                bestHigh = r[1];
                bestOption = option;
            } else if (r[1] > otherHigh) {
                otherHigh = r[1];
                otherOption = option;
            }
        }
        return null;
    }

    private TypeDecl withMappings(TypeDecl.Int i, Map<String, Object> fc, String at) throws TraceFormatException {
        Object m = fc.get("mappings");
        if (m == null) {
            return i;
        }
        List<TypeDecl.Mapping> mappings = mappings(m, at + ".mappings");
        return mappings.isEmpty() ? i : new TypeDecl.Enum(i, mappings);
    }

    private List<TypeDecl.Mapping> mappings(Object json, String at) throws TraceFormatException {
        if (!(json instanceof Map<?, ?> m)) {
            throw error(at + " must be an object (name: integer range set), not " + kind(json));
        }
        List<TypeDecl.Mapping> mappings = new ArrayList<>();
        int total = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            List<long[]> r = ranges(e.getValue(), at + "." + e.getKey());
            if ((total += r.size()) > MAX_RANGES) {
                throw error(at + ": more than " + MAX_RANGES + " integer ranges (this reader's limit)");
            }
            mappings.add(new TypeDecl.Mapping((String) e.getKey(), r));
        }
        return mappings;
    }

    /** An integer range set: bounds as 64-bit patterns (values above the signed range wrap, compared unsigned). */
    private List<long[]> ranges(Object json, String at) throws TraceFormatException {
        if (!(json instanceof List<?> list) || list.isEmpty()) {
            throw error(at + " must be a non-empty array of integer ranges, not " + kind(json));
        }
        List<long[]> ranges = new ArrayList<>();
        for (Object r : list) {
            if (!(r instanceof List<?> pair) || pair.size() != 2) {
                throw error(at + ": an integer range is an array of two integers, not " + kind(r));
            }
            BigInteger lo = bigInteger(pair.get(0), at);
            BigInteger hi = bigInteger(pair.get(1), at);
            if (lo.compareTo(hi) > 0) {
                throw error(at + ": the range [" + lo + ", " + hi + "] has its lower bound above its upper bound");
            }
            ranges.add(new long[] { lo.longValue(), hi.longValue() });
        }
        return ranges;
    }

    /** The roles of a field class, checked against its scope. */
    private Set<TypeDecl.Role> roles(Map<String, Object> fc, String type, Scope scope, String at)
            throws TraceFormatException {
        Object json = fc.get("roles");
        if (json == null) {
            return Set.of();
        }
        if (!(json instanceof List<?> list)) {
            throw error(at + ".roles must be an array of role names, not " + kind(json));
        }
        if (list.isEmpty()) {
            return Set.of();
        }
        if (!type.equals("fixed-length-unsigned-integer") && !type.equals("variable-length-unsigned-integer")
                && !type.equals("static-length-blob")) {
            throw error(at + ": a " + type + " field class cannot have roles (only unsigned integers and static-length"
                    + " BLOBs can)");
        }
        Set<TypeDecl.Role> roles = EnumSet.noneOf(TypeDecl.Role.class);
        for (Object r : list) {
            TypeDecl.Role role = r instanceof String s ? TypeDecl.Role.of(s) : null;
            if (role == null) {
                throw error(at + ": unknown role " + (r instanceof String name ? "\"" + name + "\"" : kind(r))
                        + " (expected one of " + roleNames(EnumSet.allOf(TypeDecl.Role.class)) + ")");
            }
            if (!scope.roles.contains(role)) {
                throw error(at + ": the role " + role.json + " is not allowed "
                        + (scope == Scope.OTHER ? "here (only in packet headers, packet contexts and event record headers)"
                                : "in the " + scope.text + " (allowed there: " + roleNames(scope.roles) + ")"));
            }
            roles.add(role);
        }
        return roles;
    }

    private static String roleNames(Set<TypeDecl.Role> roles) {
        List<String> names = new ArrayList<>();
        for (TypeDecl.Role r : roles) {
            names.add(r.json);
        }
        return String.join(", ", names);
    }

    /** Each role's constraints on the field class that has it. */
    private void checkRoles(Set<TypeDecl.Role> roles, TypeDecl.Int i, TypeDecl.Blob blob, Scope scope, String at,
            int level) throws TraceFormatException {
        for (TypeDecl.Role role : roles) {
            switch (role) {
            case METADATA_STREAM_UUID -> {
                if (blob == null || blob.length() != 16) {
                    throw error(at + ": the role metadata-stream-uuid needs a static-length BLOB of 16 bytes");
                }
                if (metadata.uuid == null && scope != Scope.ALIAS) {
                    throw error(at + ": the role metadata-stream-uuid needs the preamble's \"uuid\"");
                }
            }
            case PACKET_MAGIC_NUMBER -> {
                if (i == null || i.varLength() || i.size() != 32) {
                    throw error(at + ": the role packet-magic-number needs a 32-bit fixed-length unsigned integer");
                }
                if (scope != Scope.ALIAS && (level != 1 || rootMember != 0)) {
                    throw error(at + ": the field with the role packet-magic-number must be the packet header's first"
                            + " member");
                }
            }
            case DEFAULT_CLOCK_TIMESTAMP, PACKET_END_DEFAULT_CLOCK_TIMESTAMP -> {
                if (blob != null) {
                    throw error(at + ": the role " + role.json + " needs an unsigned integer");
                }
                if (!hasDefaultClock && scope != Scope.ALIAS) {
                    throw error(at + ": the role " + role.json + " needs the data stream class to have a default"
                            + " clock class (\"default-clock-class-id\")");
                }
            }
            default -> {
                if (blob != null) {
                    throw error(at + ": the role " + role.json + " needs an unsigned integer, not a BLOB");
                }
            }
            }
        }
    }

    /**
     * A field location: {@code {"origin": ..., "path": [...]}} (CTF2-SPEC-2.0), or an array whose first element is
     * an origin (the release candidates' form).
     */
    private TypeDecl.Location location(Map<String, Object> fc, String key, String at) throws TraceFormatException {
        Object json = required(fc, key, at);
        String where = at + "." + key;
        String originName = null;
        List<?> path;
        if (json instanceof Map<?, ?> m) {
            Object o = m.get("origin");
            if (o != null && !(o instanceof String)) {
                throw error(where + ".origin must be a string, not " + kind(o));
            }
            originName = (String) o;
            Object p = m.get("path");
            if (!(p instanceof List<?> list)) {
                throw error(where + ".path must be an array of member names, not "
                        + (p == null ? "missing" : kind(p)));
            }
            path = list;
        } else if (json instanceof List<?> list) {
            path = list;
            if (!list.isEmpty() && list.get(0) instanceof String first && DecoderCompiler.CTF2_ORIGINS.containsKey(first)) {
                originName = first;
                path = list.subList(1, list.size());
            }
        } else {
            throw error(where + " must be a field location object, not " + kind(json));
        }
        String origin = null;
        if (originName != null) {
            origin = DecoderCompiler.CTF2_ORIGINS.get(originName);
            if (origin == null) {
                throw error(where + ": unknown origin \"" + originName + "\" (expected one of "
                        + String.join(", ", new java.util.TreeSet<>(DecoderCompiler.CTF2_ORIGINS.keySet())) + ")");
            }
        }
        List<String> steps = new ArrayList<>();
        for (Object step : path) {
            if (step != null && !(step instanceof String)) {
                throw error(where + ": a path element is a member name or null, not " + kind(step));
            }
            steps.add((String) step);
        }
        if (steps.isEmpty() || steps.get(steps.size() - 1) == null) {
            throw error(where + ": the path must end with a member name");
        }
        StringBuilder text = new StringBuilder("[");
        if (originName != null) {
            text.append(originName).append(": ");
        }
        for (int i = 0; i < steps.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(steps.get(i) == null ? "null" : "\"" + steps.get(i) + "\"");
        }
        return new TypeDecl.Location(origin, java.util.Collections.unmodifiableList(steps), text.append("]").toString());
    }

    // ---- properties

    private Object required(Map<String, Object> object, String key, String at) throws TraceFormatException {
        Object v = object.get(key);
        if (v == null) {
            throw error(at + ": \"" + key + "\" is required");
        }
        return v;
    }

    private Object required(Map<String, Object> object, String key) throws TraceFormatException {
        Object v = object.get(key);
        if (v == null) {
            throw error("\"" + key + "\" is required");
        }
        return v;
    }

    private String string(Map<String, Object> object, String key, boolean required) throws TraceFormatException {
        Object v = object.get(key);
        if (v instanceof String s) {
            return s;
        }
        if (v == null && !required) {
            return null;
        }
        throw error("\"" + key + "\" must be a string, not " + (v == null ? "missing" : kind(v)));
    }

    private BigInteger bigInteger(Object json, String what) throws TraceFormatException {
        if (json instanceof BigDecimal d) {
            if (d.signum() != 0 && d.precision() - d.scale() > 21) {
                // more than 21 digits before the point (1e999999999): too large, said without computing it
                throw error(what + ": " + d + " does not fit in 64 bits");
            }
            try {
                BigInteger v = d.toBigIntegerExact();
                if (v.compareTo(MIN_LONG) < 0 || v.compareTo(MAX_ULONG) > 0) {
                    throw error(what + ": " + v + " does not fit in 64 bits");
                }
                return v;
            } catch (ArithmeticException e) {
                // not an integer
            }
        }
        throw error(what + " must be an integer, not " + kind(json));
    }

    /** A JSON integer as a 64-bit pattern (above the signed range: unsigned). */
    private long integer(Object json, String what) throws TraceFormatException {
        return bigInteger(json, what).longValue();
    }

    private long unsigned(Object json, String what) throws TraceFormatException {
        BigInteger v = bigInteger(json, what);
        if (v.signum() < 0) {
            throw error("\"" + what + "\" must not be negative (" + v + ")");
        }
        return v.longValue();
    }

    private int length(Map<String, Object> fc, String at, int max, String what) throws TraceFormatException {
        BigInteger length = bigInteger(required(fc, "length", at), at + ".length");
        if (length.signum() <= 0) {
            throw error(at + ".length must be positive, not " + length);
        }
        if (length.compareTo(BigInteger.valueOf(max)) > 0) {
            throw error(at + ": " + what + " of " + length + " bits are not supported (at most " + max + ")");
        }
        return length.intValue();
    }

    private long staticLength(Map<String, Object> fc, String at) throws TraceFormatException {
        BigInteger length = bigInteger(required(fc, "length", at), at + ".length");
        if (length.signum() < 0 || length.bitLength() > 62) {
            throw error(at + ".length must be 0 or more (and below 2^62), not " + length);
        }
        return length.longValue();
    }

    private int alignment(Map<String, Object> fc, String at) throws TraceFormatException {
        return powerOfTwo(fc, "alignment", at);
    }

    private int minimumAlignment(Map<String, Object> fc, String at) throws TraceFormatException {
        return powerOfTwo(fc, "minimum-alignment", at);
    }

    private int powerOfTwo(Map<String, Object> fc, String key, String at) throws TraceFormatException {
        Object v = fc.get(key);
        if (v == null) {
            return 1;
        }
        long a = integer(v, at + "." + key);
        if (a == 0) {
            return 1; // LTTng writes the alignment of every fixed-length field; read 0 as none
        }
        if (a < 0 || a > (1 << 20) || Long.bitCount(a) != 1) {
            throw error(at + "." + key + " must be a positive power of two, not " + a);
        }
        return (int) a;
    }

    private TypeDecl.Order byteOrder(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = required(fc, "byte-order", at);
        if ("little-endian".equals(v)) {
            return TypeDecl.Order.LITTLE;
        }
        if ("big-endian".equals(v)) {
            return TypeDecl.Order.BIG;
        }
        throw error(at + ".byte-order must be \"big-endian\" or \"little-endian\", not " + kind(v));
    }

    /** Whether the bit order is not the byte order's usual one. */
    private boolean reversed(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fc.get("bit-order");
        if (v == null) {
            return false;
        }
        boolean little = byteOrder(fc, at) == TypeDecl.Order.LITTLE;
        if ("first-to-last".equals(v)) {
            return !little;
        }
        if ("last-to-first".equals(v)) {
            return little;
        }
        throw error(at + ".bit-order must be \"first-to-last\" or \"last-to-first\", not " + kind(v));
    }

    private int base(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fc.get("preferred-display-base");
        if (v == null) {
            return 10;
        }
        long b = integer(v, at + ".preferred-display-base");
        if (b != 2 && b != 8 && b != 10 && b != 16) {
            throw error(at + ".preferred-display-base must be 2, 8, 10 or 16, not " + b);
        }
        return (int) b;
    }

    private TypeDecl.Encoding encoding(Map<String, Object> fc, String at) throws TraceFormatException {
        Object v = fc.get("encoding");
        if (v == null) {
            return TypeDecl.Encoding.UTF8;
        }
        if (v instanceof String s) {
            switch (s) {
            case "utf-8":
                return TypeDecl.Encoding.UTF8;
            case "utf-16be":
                return TypeDecl.Encoding.UTF16BE;
            case "utf-16le":
                return TypeDecl.Encoding.UTF16LE;
            case "utf-32be":
                return TypeDecl.Encoding.UTF32BE;
            case "utf-32le":
                return TypeDecl.Encoding.UTF32LE;
            default:
                break;
            }
        }
        throw error(at + ".encoding must be one of utf-8, utf-16be, utf-16le, utf-32be, utf-32le, not " + kind(v));
    }
}
