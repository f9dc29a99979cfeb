package org.lttbench.core.ctf;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.TraceFormatException;

import com.google.gson.stream.JsonWriter;

/**
 * Writes the metadata of a CTF 1.8 trace (parsed from TSDL) as CTF 2 (CTF2-SPEC-2.0) describing the same data
 * streams: reserved names become roles, CTF 1.8 references (sequence lengths, variant tags) become field locations
 * and tag enumerations' labels become selector ranges, text arrays and sequences become strings, names lose their
 * leading underscore as readers strip it. What CTF 1.8 can say and CTF 2 cannot (a clock-mapped integer outside the
 * headers and packet context) loses its meaning; nothing LTTng writes does.
 */
final class Ctf2MetadataWriter {
    private final Metadata md;
    private final StringWriter out = new StringWriter();
    /** The clock of each stream class (by CTF 1.8 stream id), or none. */
    private final Map<Long, String> streamClocks = new HashMap<>();
    /** Scope roots declared so far for the stream class being written, by scope name, for absolute references. */
    private final Map<String, Frame> roots = new HashMap<>();
    private String scope;
    private boolean defaultClockNeeded;

    /** Members of one structure seen so far: names as written, their types, and the path to the structure. */
    private static final class Frame {
        final Frame parent;
        final List<String> path;
        final List<String> names = new ArrayList<>();
        final List<TypeDecl> types = new ArrayList<>();

        Frame(Frame parent, List<String> path) {
            this.parent = parent;
            this.path = path;
        }
    }

    private Ctf2MetadataWriter(Metadata md) {
        this.md = md;
    }

    static String write(Metadata md) throws TraceFormatException {
        if (md.ctf2) {
            throw new TraceFormatException(md.file, -1, "the metadata is CTF 2 already");
        }
        try {
            return new Ctf2MetadataWriter(md).write();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private String write() throws IOException {
        for (Metadata.StreamDecl s : md.streams.values()) {
            streamClocks.put(s.id, streamClock(s));
        }
        JsonWriter w = fragment("preamble");
        w.name("version").value(2);
        if (md.uuid != null) {
            uuid(w);
        }
        end(w);

        w = fragment("trace-class");
        if (!md.environment.isEmpty()) {
            w.name("environment").beginObject();
            for (Map.Entry<String, Object> e : md.environment.entrySet()) {
                w.name(e.getKey());
                if (e.getValue() instanceof Long l) {
                    w.value(l);
                } else {
                    w.value(String.valueOf(e.getValue()));
                }
            }
            w.endObject();
        }
        if (md.packetHeader != null) {
            scope = DecoderCompiler.PACKET_HEADER;
            w.name("packet-header-field-class");
            root(w, md.packetHeader);
        }
        end(w);

        Map<String, Metadata.Clock> clocks = new LinkedHashMap<>(md.clocks);
        if (defaultClockNeeded && !clocks.containsKey("default")) {
            clocks.put("default", new Metadata.Clock("default", 1_000_000_000L, 0, 0));
        }
        for (Metadata.Clock c : clocks.values()) {
            w = fragment("clock-class");
            w.name("id").value(c.name());
            w.name("name").value(c.name());
            w.name("frequency").value(c.frequency());
            w.name("origin").value("unix-epoch");
            w.name("offset-from-origin").beginObject().name("seconds").value(c.offsetSeconds()).name("cycles")
                    .value(c.offsetCycles()).endObject();
            if (c.uuid() != null) {
                w.name("uuid").beginArray();
                String hex = c.uuid().replace("-", "");
                for (int i = 0; i < hex.length(); i += 2) {
                    w.value(Integer.parseInt(hex.substring(i, i + 2), 16));
                }
                w.endArray();
            }
            end(w);
        }

        for (Metadata.StreamDecl s : md.streams.values()) {
            w = fragment("data-stream-class");
            w.name("id").value(Math.max(0, s.id));
            roots.keySet().removeIf(k -> !k.equals(DecoderCompiler.PACKET_HEADER));
            if (streamClocks.get(s.id) != null) {
                w.name("default-clock-class-id").value(streamClocks.get(s.id));
            }
            scope(w, "packet-context-field-class", DecoderCompiler.PACKET_CONTEXT, s.packetContext);
            scope(w, "event-record-header-field-class", DecoderCompiler.EVENT_HEADER, s.eventHeader);
            scope(w, "event-record-common-context-field-class", DecoderCompiler.STREAM_EVENT_CONTEXT, s.eventContext);
            end(w);
            for (Metadata.EventDecl e : md.events) {
                if (e.streamId != s.id) {
                    continue;
                }
                roots.remove(DecoderCompiler.EVENT_CONTEXT);
                roots.remove(DecoderCompiler.EVENT_FIELDS);
                w = fragment("event-record-class");
                w.name("id").value(Math.max(0, e.id));
                w.name("data-stream-class-id").value(Math.max(0, s.id));
                w.name("name").value(e.name);
                scope(w, "specific-context-field-class", DecoderCompiler.EVENT_CONTEXT, e.context);
                scope(w, "payload-field-class", DecoderCompiler.EVENT_FIELDS, e.fields);
                end(w);
            }
        }
        return out.toString();
    }

    private JsonWriter fragment(String type) throws IOException {
        out.write(MetadataFile.RS);
        JsonWriter w = new JsonWriter(out);
        w.beginObject();
        w.name("type").value(type);
        return w;
    }

    private void end(JsonWriter w) throws IOException {
        w.endObject();
        w.flush();
        out.write('\n');
    }

    private void uuid(JsonWriter w) throws IOException {
        w.name("uuid").beginArray();
        for (byte b : md.uuid) {
            w.value(b & 0xFF);
        }
        w.endArray();
    }

    /** The clock a stream class's timestamps map to, as the compiler finds it; null when it has no timestamp. */
    private String streamClock(Metadata.StreamDecl s) {
        for (TypeDecl.Struct root : new TypeDecl.Struct[] { s.packetContext, s.eventHeader }) {
            String c = mappedClock(root);
            if (c != null) {
                return c;
            }
        }
        boolean implicit = hasMember(s.eventHeader, "timestamp") || hasMember(s.packetContext, "timestamp_begin")
                || hasMember(s.packetContext, "timestamp_end");
        if (!implicit) {
            return null;
        }
        if (md.clocks.isEmpty()) {
            defaultClockNeeded = true;
            return "default";
        }
        return md.clocks.size() == 1 ? md.clocks.keySet().iterator().next() : null;
    }

    private static String mappedClock(TypeDecl t) {
        if (t instanceof TypeDecl.Int i) {
            return i.clock();
        }
        if (t instanceof TypeDecl.Enum e) {
            return e.container().clock();
        }
        List<TypeDecl> inner = new ArrayList<>();
        if (t instanceof TypeDecl.Struct s) {
            s.members().forEach(m -> inner.add(m.type()));
        } else if (t instanceof TypeDecl.Variant v) {
            v.options().forEach(m -> inner.add(m.type()));
        }
        for (TypeDecl x : inner) {
            String c = mappedClock(x);
            if (c != null) {
                return c;
            }
        }
        return null;
    }

    private static boolean hasMember(TypeDecl t, String name) {
        if (t instanceof TypeDecl.Struct s) {
            for (TypeDecl.Member m : s.members()) {
                if (DecoderCompiler.stripped(m.name()).equals(name) || hasMember(m.type(), name)) {
                    return true;
                }
            }
        } else if (t instanceof TypeDecl.Variant v) {
            for (TypeDecl.Member m : v.options()) {
                if (hasMember(m.type(), name)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void scope(JsonWriter w, String key, String scopeName, TypeDecl.Struct root) throws IOException {
        if (root == null) {
            return;
        }
        scope = scopeName;
        w.name(key);
        root(w, root);
    }

    private void root(JsonWriter w, TypeDecl.Struct root) throws IOException {
        Frame frame = new Frame(null, List.of());
        roots.put(scope, frame);
        struct(w, root, frame, true);
    }

    private void struct(JsonWriter w, TypeDecl.Struct s, Frame frame, boolean topLevel) throws IOException {
        w.beginObject();
        w.name("type").value("structure");
        w.name("member-classes").beginArray();
        for (TypeDecl.Member m : s.members()) {
            String name = DecoderCompiler.stripped(m.name());
            w.beginObject();
            w.name("name").value(name);
            w.name("field-class");
            List<String> path = new ArrayList<>(frame.path);
            path.add(name);
            if (topLevel && DecoderCompiler.PACKET_HEADER.equals(scope) && name.equals("uuid") && md.uuid != null
                    && m.type() instanceof TypeDecl.Array a && a.length() == 16 && a.element() instanceof TypeDecl.Int i
                    && i.size() == 8 && i.align() == 8) {
                // CTF 1.8's uuid[16] of bytes: CTF 2's metadata stream UUID BLOB.
                w.beginObject().name("type").value("static-length-blob").name("length").value(16).name("roles")
                        .beginArray().value(TypeDecl.Role.METADATA_STREAM_UUID.json).endArray().endObject();
            } else {
                field(w, m.type(), name, frame, path, topLevel && (!name.equals("magic") || frame.names.isEmpty()));
            }
            w.endObject();
            frame.names.add(m.name());
            frame.types.add(m.type());
        }
        w.endArray();
        if (s.align() > 1) {
            w.name("minimum-alignment").value(s.align());
        }
        w.endObject();
    }

    private void field(JsonWriter w, TypeDecl t, String name, Frame frame, List<String> path, boolean topLevel)
            throws IOException {
        if (t instanceof TypeDecl.Int i) {
            integer(w, i, null, name, topLevel);
        } else if (t instanceof TypeDecl.Enum e) {
            integer(w, e.container(), e, name, topLevel);
        } else if (t instanceof TypeDecl.Float f) {
            w.beginObject();
            w.name("type").value("fixed-length-floating-point-number");
            w.name("length").value(f.size());
            w.name("byte-order").value(order(f.order()));
            w.name("alignment").value(f.align());
            w.endObject();
        } else if (t instanceof TypeDecl.Str) {
            w.beginObject().name("type").value("null-terminated-string").endObject();
        } else if (t instanceof TypeDecl.Struct s) {
            struct(w, s, new Frame(frame, path), false);
        } else if (t instanceof TypeDecl.Variant v) {
            variant(w, v, frame, path);
        } else if (t instanceof TypeDecl.Array a) {
            w.beginObject();
            if (isText(a.element())) {
                w.name("type").value("static-length-string");
                w.name("length").value(a.length());
            } else {
                w.name("type").value("static-length-array");
                w.name("length").value(a.length());
                w.name("element-field-class");
                field(w, a.element(), name, frame, path, false);
            }
            w.endObject();
        } else if (t instanceof TypeDecl.Sequence s) {
            w.beginObject();
            w.name("type").value(isText(s.element()) ? "dynamic-length-string" : "dynamic-length-array");
            w.name("length-field-location");
            location(w, resolve(s.lengthRef(), frame));
            if (!isText(s.element())) {
                w.name("element-field-class");
                field(w, s.element(), name, frame, path, false);
            }
            w.endObject();
        } else {
            throw new IllegalStateException("not a CTF 1.8 type: " + t);
        }
    }

    /** babeltrace2's rule, as the compiler applies it: 8-bit, byte-aligned, encoded integers make a string. */
    private static boolean isText(TypeDecl element) {
        TypeDecl.Int i = element instanceof TypeDecl.Enum e ? e.container()
                : element instanceof TypeDecl.Int x ? x : null;
        return i != null && i.size() == 8 && i.align() == 8 && i.encoding() != TypeDecl.Encoding.NONE;
    }

    private String order(TypeDecl.Order o) {
        TypeDecl.Order resolved = o == TypeDecl.Order.NATIVE ? md.byteOrder : o;
        return resolved == TypeDecl.Order.BIG ? "big-endian" : "little-endian";
    }

    private void integer(JsonWriter w, TypeDecl.Int i, TypeDecl.Enum e, String name, boolean topLevel)
            throws IOException {
        w.beginObject();
        w.name("type").value(i.signed() ? "fixed-length-signed-integer" : "fixed-length-unsigned-integer");
        w.name("length").value(i.size());
        w.name("byte-order").value(order(i.order()));
        w.name("alignment").value(i.align());
        if (i.base() != 10) {
            w.name("preferred-display-base").value(i.base());
        }
        String role = i.signed() ? null : role(i, name, topLevel);
        if (role != null) {
            w.name("roles").beginArray().value(role).endArray();
        }
        if (e != null) {
            w.name("mappings").beginObject();
            for (TypeDecl.Mapping m : e.mappings()) {
                w.name(m.label()).beginArray();
                for (long[] r : m.ranges()) {
                    w.beginArray();
                    bound(w, r[0], i.signed());
                    bound(w, r[1], i.signed());
                    w.endArray();
                }
                w.endArray();
            }
            w.endObject();
        }
        w.endObject();
    }

    private static void bound(JsonWriter w, long v, boolean signed) throws IOException {
        if (signed || v >= 0) {
            w.value(v);
        } else {
            w.value(new BigInteger(Long.toUnsignedString(v)));
        }
    }

    private static String roleName(TypeDecl.Role r) {
        return r.json;
    }

    /** The CTF 2 role of an unsigned integer, from CTF 1.8's reserved names and clock mappings; or null. */
    private String role(TypeDecl.Int i, String name, boolean topLevel) {
        if (DecoderCompiler.PACKET_HEADER.equals(scope) && topLevel) {
            return switch (name) {
            case "magic" -> i.size() == 32 ? roleName(TypeDecl.Role.PACKET_MAGIC_NUMBER) : null;
            case "stream_id" -> roleName(TypeDecl.Role.DATA_STREAM_CLASS_ID);
            case "stream_instance_id" -> roleName(TypeDecl.Role.DATA_STREAM_ID);
            default -> null;
            };
        }
        if (DecoderCompiler.PACKET_CONTEXT.equals(scope)) {
            TypeDecl.Role reserved = topLevel ? DecoderCompiler.reservedRole(scope, name) : null;
            if (reserved != null) {
                return roleName(reserved);
            }
            return i.clock() != null ? roleName(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP) : null;
        }
        if (DecoderCompiler.EVENT_HEADER.equals(scope)) {
            if (name.equals("id")) {
                return roleName(TypeDecl.Role.EVENT_RECORD_CLASS_ID);
            }
            if (i.clock() != null || name.equals("timestamp")) {
                return roleName(TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP);
            }
        }
        return null;
    }

    /** A resolved CTF 1.8 reference: the scope and member path of its target, and the target's type. */
    private record Target(String scope, List<String> path, TypeDecl type, String written) {
    }

    private void variant(JsonWriter w, TypeDecl.Variant v, Frame frame, List<String> path) throws IOException {
        if (v.tag() == null) {
            throw new TraceFormatException(md.file, -1, "variant " + String.join(".", path) + " has no tag");
        }
        Target tag = resolve(v.tag(), frame);
        if (!(tag.type() instanceof TypeDecl.Enum e)) {
            throw new TraceFormatException(md.file, -1, "the tag " + v.tag() + " of variant " + String.join(".", path)
                    + " is not an enumeration");
        }
        w.beginObject();
        w.name("type").value("variant");
        w.name("selector-field-location");
        location(w, tag);
        w.name("options").beginArray();
        for (TypeDecl.Member option : v.options()) {
            List<long[]> ranges = new ArrayList<>();
            for (TypeDecl.Mapping m : e.mappings()) {
                if (m.label().equals(option.name())) {
                    ranges.addAll(m.ranges());
                }
            }
            if (ranges.isEmpty()) {
                continue; // no tag value selects it
            }
            w.beginObject();
            w.name("name").value(DecoderCompiler.stripped(option.name()));
            w.name("selector-field-ranges").beginArray();
            for (long[] r : ranges) {
                w.beginArray();
                bound(w, r[0], e.container().signed());
                bound(w, r[1], e.container().signed());
                w.endArray();
            }
            w.endArray();
            w.name("field-class");
            field(w, option.type(), DecoderCompiler.stripped(option.name()), frame, path, false);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }

    private void location(JsonWriter w, Target t) throws IOException {
        String origin = null;
        for (Map.Entry<String, String> e : DecoderCompiler.CTF2_ORIGINS.entrySet()) {
            if (e.getValue().equals(t.scope())) {
                origin = e.getKey();
            }
        }
        w.beginObject();
        w.name("origin").value(origin);
        w.name("path").beginArray();
        for (String p : t.path()) {
            w.value(p);
        }
        w.endArray();
        w.endObject();
    }

    /** A CTF 1.8 reference as the compiler resolves it: absolute (a scope prefix) or searched outwards. */
    private Target resolve(String ref, Frame frame) throws TraceFormatException {
        for (String root : new String[] { DecoderCompiler.PACKET_HEADER, DecoderCompiler.PACKET_CONTEXT,
                DecoderCompiler.EVENT_HEADER, DecoderCompiler.STREAM_EVENT_CONTEXT, DecoderCompiler.EVENT_CONTEXT,
                DecoderCompiler.EVENT_FIELDS }) {
            if (ref.startsWith(root + ".")) {
                Frame f = roots.get(root);
                Target t = f == null ? null : descend(root, f, ref.substring(root.length() + 1).split("\\."), ref);
                if (t == null) {
                    throw new TraceFormatException(md.file, -1, "the reference " + ref + " is not a field declared"
                            + " before it");
                }
                return t;
            }
        }
        String[] parts = ref.split("\\.");
        for (Frame f = frame; f != null; f = f.parent) {
            Target t = descend(scope, f, parts, ref);
            if (t != null) {
                return t;
            }
        }
        throw new TraceFormatException(md.file, -1, "the reference " + ref + " is not a field declared before it");
    }

    private static Target descend(String scope, Frame f, String[] parts, String ref) {
        int i = f.names.lastIndexOf(parts[0]);
        if (i < 0) {
            return null;
        }
        List<String> path = new ArrayList<>(f.path);
        path.add(DecoderCompiler.stripped(parts[0]));
        TypeDecl t = f.types.get(i);
        for (int p = 1; p < parts.length; p++) {
            if (!(t instanceof TypeDecl.Struct s)) {
                return null;
            }
            TypeDecl found = null;
            for (TypeDecl.Member m : s.members()) {
                if (DecoderCompiler.stripped(m.name()).equals(DecoderCompiler.stripped(parts[p]))) {
                    found = m.type();
                }
            }
            if (found == null) {
                return null;
            }
            path.add(DecoderCompiler.stripped(parts[p]));
            t = found;
        }
        return new Target(scope, List.copyOf(path), t, ref);
    }
}
