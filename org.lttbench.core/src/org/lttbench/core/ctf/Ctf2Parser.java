package org.lttbench.core.ctf;

import static org.lttbench.core.ctf.BoundedJsonReader.kind;
import static org.lttbench.core.ctf.Ctf2Fragment.obj;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.ctf.Ctf2FieldClasses.Scope;
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
    private static final Set<String> FRAGMENT_TYPES = Set.of("preamble", "field-class-alias", "trace-class",
            "clock-class", "data-stream-class", "event-record-class");

    private final Path file;
    private final MetadataFile.Content content;
    private final Metadata metadata;
    private final Ctf2Fragment fragment;
    private final Ctf2FieldClasses fieldClasses;
    private final Map<Long, Set<Long>> eventIds = new HashMap<>();
    private boolean preamble;
    private boolean traceClass;

    private Ctf2Parser(MetadataFile.Content content, Path file) {
        this.file = file;
        this.content = content;
        this.metadata = new Metadata(file);
        this.fragment = new Ctf2Fragment(file);
        this.fieldClasses = new Ctf2FieldClasses(fragment, metadata);
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

    private void fragments() throws TraceFormatException {
        byte[] bytes = content.bytes();
        int start = 0;
        while (start < bytes.length) {
            int end = start + 1;
            while (end < bytes.length && bytes[end] != MetadataFile.RS) {
                end++;
            }
            fragment.number++;
            fragment.offset = content.fileOffset(start);
            fragment.description = null;
            Object json = BoundedJsonReader.read(bytes, start + 1, end, fragment::error);
            if (!(json instanceof Map<?, ?> map)) {
                throw fragment.error("expected a JSON object, found " + kind(json));
            }
            fragment(obj(map));
            start = end;
        }
        if (fragment.number == 0) {
            throw fragment.error("the metadata has no fragment");
        }
        fragment.description = null;
        if (metadata.streams.isEmpty()) {
            throw new TraceFormatException(file, -1, "CTF 2 metadata: no data stream class fragment (expected at least"
                    + " one)");
        }
    }

    // ---- fragments

    private void fragment(Map<String, Object> f) throws TraceFormatException {
        Object type = f.get("type");
        if (!(type instanceof String t)) {
            throw fragment.error("a fragment needs a \"type\" string (one of " + String.join(", ", FRAGMENT_TYPES)
                    + "), found "
                    + (type == null && !f.containsKey("type") ? "none" : kind(type)));
        }
        fragment.description = t;
        if (!preamble && !t.equals("preamble")) {
            throw fragment.error("the metadata must start with a preamble fragment, not a " + t + " fragment");
        }
        fragment.noExtensions(f, "fragment");
        switch (t) {
        case "preamble" -> preamble(f);
        case "field-class-alias" -> alias(f);
        case "trace-class" -> traceClass(f);
        case "clock-class" -> clockClass(f);
        case "data-stream-class" -> dataStreamClass(f);
        case "event-record-class" -> eventRecordClass(f);
        default -> throw fragment.error("unknown fragment type \"" + t + "\" (expected one of " + String.join(", ",
                FRAGMENT_TYPES)
                + ")");
        }
    }

    private void preamble(Map<String, Object> f) throws TraceFormatException {
        if (preamble) {
            throw fragment.error("a second preamble fragment (the metadata has exactly one, first)");
        }
        preamble = true;
        Object version = f.get("version");
        if (!(version instanceof BigDecimal v) || v.compareTo(BigDecimal.valueOf(2)) != 0) {
            throw fragment.error("unsupported version " + (version == null ? "(none given)"
                    : version instanceof BigDecimal n ? n.toString() : kind(version)) + ": expected \"version\": 2");
        }
        if (f.containsKey("uuid")) {
            metadata.uuid = uuid(f.get("uuid"), "uuid");
        }
    }

    private byte[] uuid(Object json, String what) throws TraceFormatException {
        if (!(json instanceof List<?> list) || list.size() != 16) {
            throw fragment.error("\"" + what + "\" must be an array of 16 integers (0 to 255), not " + kind(json));
        }
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            long v = fragment.integer(list.get(i), what + "[" + i + "]");
            if (v < 0 || v > 255) {
                throw fragment.error("\"" + what + "\" byte " + i + " is " + v + " (expected 0 to 255)");
            }
            b[i] = (byte) v;
        }
        return b;
    }

    private void alias(Map<String, Object> f) throws TraceFormatException {
        String name = fragment.string(f, "name", true);
        fragment.description = "field-class-alias \"" + name + "\"";
        if (fieldClasses.isAlias(name)) {
            throw fragment.error("a second field class alias named \"" + name + "\"");
        }
        Object fc = f.get("field-class");
        if (fc == null) {
            throw fragment.error("a field class alias needs a \"field-class\"");
        }
        // Checked now (a string must name an earlier alias), compiled where it is used (roles depend on the scope).
        if (fc instanceof String other && !fieldClasses.isAlias(other)) {
            throw fragment.error("\"field-class\": no field class alias named \"" + other + "\" precedes this one");
        }
        if (!(fc instanceof String) && !(fc instanceof Map)) {
            throw fragment.error("\"field-class\" must be a field class object or an alias name, not " + kind(fc));
        }
        fieldClasses.fieldClass(fc, Scope.ALIAS, "field-class", 0);
        fieldClasses.alias(name, fc);
    }

    private void traceClass(Map<String, Object> f) throws TraceFormatException {
        if (traceClass) {
            throw fragment.error("a second trace class fragment (the metadata has at most one)");
        }
        if (!metadata.streams.isEmpty()) {
            throw fragment.error("the trace class fragment must come before every data stream class fragment");
        }
        traceClass = true;
        metadata.traceOrigin = fragment.origin();
        if (metadata.uuid == null && f.containsKey("uuid")) {
            // CTF 2 release candidates put the UUID here.
            metadata.uuid = uuid(f.get("uuid"), "uuid");
        }
        Object env = f.get("environment");
        if (env != null) {
            if (!(env instanceof Map<?, ?> m)) {
                throw fragment.error("\"environment\" must be an object, not " + kind(env));
            }
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object v = e.getValue();
                if (v instanceof String s) {
                    metadata.environment.put((String) e.getKey(), s);
                } else if (v instanceof BigDecimal) {
                    metadata.environment.put((String) e.getKey(), fragment.integer(v, "environment." + e.getKey()));
                } else {
                    throw fragment.error("environment entry \"" + e.getKey()
                            + "\" must be an integer or a string, not " + kind(v));
                }
            }
        }
        metadata.packetHeader = fieldClasses.scope(f, "packet-header-field-class", Scope.PACKET_HEADER);
    }

    private void clockClass(Map<String, Object> f) throws TraceFormatException {
        // CTF2-SPEC-2.0: "id" (the name is optional); release candidates: "name" only.
        String id = f.containsKey("id") ? fragment.string(f, "id", true) : fragment.string(f, "name", true);
        fragment.description = "clock-class \"" + id + "\"";
        if (metadata.clocks.containsKey(id)) {
            throw fragment.error("a second clock class with the ID \"" + id + "\"");
        }
        long frequency = fragment.integer(fragment.required(f, "frequency"), "frequency");
        if (frequency <= 0) {
            throw fragment.error("\"frequency\" must be positive, not " + frequency);
        }
        long seconds = 0;
        long cycles = 0;
        Object offset = f.get("offset-from-origin");
        if (offset == null) {
            offset = f.get("offset");
        }
        if (offset != null) {
            if (!(offset instanceof Map<?, ?> o)) {
                throw fragment.error("\"offset-from-origin\" must be an object, not " + kind(offset));
            }
            if (o.containsKey("seconds")) {
                seconds = fragment.integer(o.get("seconds"), "offset-from-origin.seconds");
            }
            if (o.containsKey("cycles")) {
                cycles = fragment.integer(o.get("cycles"), "offset-from-origin.cycles");
                if (cycles < 0) {
                    throw fragment.error("\"offset-from-origin.cycles\" must not be negative (" + cycles + ")");
                }
            }
        }
        Object origin = f.get("origin");
        if (origin != null && !(origin instanceof String) && !(origin instanceof Map)) {
            throw fragment.error("\"origin\" must be \"unix-epoch\" or a clock origin object, not " + kind(origin));
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
        s.id = f.containsKey("id") ? fragment.unsigned(f.get("id"), "id") : 0;
        fragment.description = "data-stream-class " + Long.toUnsignedString(s.id);
        if (metadata.streams.containsKey(s.id)) {
            throw fragment.error("a second data stream class with the ID " + Long.toUnsignedString(s.id));
        }
        s.origin = fragment.origin();
        String clockKey = f.containsKey("default-clock-class-id") ? "default-clock-class-id"
                : f.containsKey("default-clock-class-name") ? "default-clock-class-name" : null;
        if (clockKey != null) {
            s.defaultClock = fragment.string(f, clockKey, true);
            if (!metadata.clocks.containsKey(s.defaultClock)) {
                throw fragment.error("\"" + clockKey + "\": no clock class \"" + s.defaultClock
                        + "\" precedes this fragment");
            }
        }
        fieldClasses.hasDefaultClock = s.defaultClock != null;
        s.packetContext = fieldClasses.scope(f, "packet-context-field-class", Scope.PACKET_CONTEXT);
        s.eventHeader = fieldClasses.scope(f, "event-record-header-field-class", Scope.EVENT_HEADER);
        s.eventContext = fieldClasses.scope(f, "event-record-common-context-field-class", Scope.OTHER);
        metadata.streams.put(s.id, s);
    }

    private void eventRecordClass(Map<String, Object> f) throws TraceFormatException {
        Metadata.EventDecl e = new Metadata.EventDecl();
        e.id = f.containsKey("id") ? fragment.unsigned(f.get("id"), "id") : 0;
        e.streamId = f.containsKey("data-stream-class-id") ? fragment.unsigned(f.get("data-stream-class-id"),
                "data-stream-class-id") : 0;
        e.name = f.containsKey("name") ? fragment.string(f, "name", true) : "";
        fragment.description = "event-record-class " + (e.name.isEmpty() ? Long.toUnsignedString(e.id) : "\"" + e.name
                + "\"");
        Metadata.StreamDecl parent = metadata.streams.get(e.streamId);
        if (parent == null) {
            throw fragment.error("no data stream class with the ID " + Long.toUnsignedString(e.streamId)
                    + " precedes this event record class (\"data-stream-class-id\")");
        }
        if (!eventIds.computeIfAbsent(e.streamId, k -> new HashSet<>()).add(e.id)) {
            throw fragment.error("a second event record class with the ID " + Long.toUnsignedString(e.id)
                    + " in data stream class " + Long.toUnsignedString(e.streamId));
        }
        e.origin = fragment.origin();
        fieldClasses.hasDefaultClock = parent.defaultClock != null;
        e.context = fieldClasses.scope(f, "specific-context-field-class", Scope.OTHER);
        e.fields = fieldClasses.scope(f, "payload-field-class", Scope.OTHER);
        metadata.events.add(e);
    }
}
