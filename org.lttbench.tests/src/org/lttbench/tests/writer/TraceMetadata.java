package org.lttbench.tests.writer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a CTF 1.8 trace declares, rendered as LTTng-style TSDL: byte order, UUID, the {@code env} block (tracer name
 * and version, domain, kernel release...), one clock, stream classes (event header kind, packet context, stream
 * event context) and event classes with their payload fields. Field names are written with LTTng's leading
 * underscore, which readers strip.
 */
public final class TraceMetadata {

    /** LTTng's two event headers: 5-bit id + 27-bit timestamp, or 16-bit id + 32-bit timestamp. */
    public enum HeaderKind {
        COMPACT(31, 27), LARGE(65535, 32);

        final long extendedId;
        final int timestampBits;

        HeaderKind(long extendedId, int timestampBits) {
            this.extendedId = extendedId;
            this.timestampBits = timestampBits;
        }
    }

    /** The trace's one clock: name, frequency (Hz) and offset from the epoch in clock cycles. */
    public record ClockClass(String name, long frequency, long offsetCycles) {
        /** Nanoseconds since the epoch of a clock value (what a reader reports as the event's timestamp). */
        public long epochNs(long clockValue) {
            if (frequency == 1_000_000_000L) {
                return offsetCycles + clockValue;
            }
            return Math.round((offsetCycles + (double) clockValue) * 1e9 / frequency);
        }
    }

    public record Field(String name, CtfType type) {
        public String tsdlName() {
            return "_" + name;
        }
    }

    public static Field field(String name, CtfType type) {
        return new Field(name, type);
    }

    /** One stream class: LTTng makes one per channel. Its event classes are its metadata's. */
    public record StreamClass(TraceMetadata metadata, int id, HeaderKind header, List<Field> eventContext,
            boolean hasPacketSequenceNumber) {
        public StreamClass {
            eventContext = List.copyOf(eventContext);
        }

        public EventClass event(String name, Field... fields) {
            return event(name, List.of(fields));
        }

        public EventClass event(String name, List<Field> fields) {
            return metadata.declare(this, name, fields);
        }
    }

    public record EventClass(long id, String name, StreamClass stream, List<Field> fields) {
    }

    private final ByteOrder byteOrder;
    private final UUID uuid;
    private final Map<String, Object> env = new LinkedHashMap<>();
    private final List<StreamClass> streams = new ArrayList<>();
    /** Each stream class's event classes, by the stream class's id. */
    private final List<List<EventClass>> eventsOf = new ArrayList<>();
    private final Map<String, EventClass> eventsByName = new LinkedHashMap<>();
    private ClockClass clock = new ClockClass("monotonic", 1_000_000_000L, 1_700_000_000_000_000_000L);
    private int nativeIntAlign = 8;
    private List<Field> packetContextExtra = List.of();
    private boolean packetCpuId = true;

    public TraceMetadata(ByteOrder byteOrder, UUID uuid) {
        this.byteOrder = byteOrder;
        this.uuid = uuid;
    }

    public ByteOrder byteOrder() {
        return byteOrder;
    }

    /** The UUID's 16 bytes, as packet headers and metadata packets carry it (most significant first). */
    public byte[] uuidBytes() {
        return ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits())
                .array();
    }

    /** Adds an {@code env} entry: a {@link String} or an integer ({@link Long} or {@link Integer}). */
    public TraceMetadata env(String key, Object value) {
        if (!(value instanceof String || value instanceof Long || value instanceof Integer)) {
            throw new IllegalArgumentException("env " + key + ": " + value);
        }
        env.put(key, value);
        return this;
    }

    public Map<String, Object> env() {
        return Collections.unmodifiableMap(env);
    }

    /** The clock: name, frequency (Hz) and offset from the epoch in clock cycles. */
    public TraceMetadata clock(String name, long frequency, long offsetCycles) {
        this.clock = new ClockClass(name, frequency, offsetCycles);
        return this;
    }

    public ClockClass clock() {
        return clock;
    }

    /** Alignment of the fixed typealiases' integers in the header declarations (8 for packed, as LTTng does). */
    public TraceMetadata headerIntegerAlignment(int bits) {
        this.nativeIntAlign = bits;
        return this;
    }

    public int headerIntegerAlignment() {
        return nativeIntAlign;
    }

    /**
     * Fields every packet context holds after LTTng's ({@code cpu_id} last), as other tracers' packet contexts do;
     * each stream writes the values {@link CtfStreamWriter#packetContext} gives.
     */
    public TraceMetadata packetContextFields(List<Field> fields) {
        this.packetContextExtra = List.copyOf(fields);
        return this;
    }

    public List<Field> packetContextFields() {
        return packetContextExtra;
    }

    /** Packet contexts without LTTng's {@code cpu_id}: the trace says each event's CPU elsewhere, or not at all. */
    public TraceMetadata withoutPacketCpuId() {
        this.packetCpuId = false;
        return this;
    }

    public boolean packetCpuId() {
        return packetCpuId;
    }

    public StreamClass streamClass(HeaderKind header, List<Field> eventContext, boolean packetSequenceNumber) {
        StreamClass s = new StreamClass(this, streams.size(), header, eventContext, packetSequenceNumber);
        streams.add(s);
        eventsOf.add(new ArrayList<>());
        return s;
    }

    private EventClass declare(StreamClass stream, String name, List<Field> fields) {
        if (eventsByName.containsKey(name)) {
            throw new IllegalArgumentException("event class " + name + " declared twice");
        }
        List<EventClass> events = eventsOf.get(stream.id());
        EventClass e = new EventClass(events.size(), name, stream, List.copyOf(fields));
        events.add(e);
        eventsByName.put(name, e);
        return e;
    }

    public List<StreamClass> streamClasses() {
        return Collections.unmodifiableList(streams);
    }

    public EventClass eventClass(String name) {
        EventClass e = eventsByName.get(name);
        if (e == null) {
            throw new IllegalArgumentException("no event class " + name + " in this metadata");
        }
        return e;
    }

    public boolean hasEventClass(String name) {
        return eventsByName.containsKey(name);
    }

    /** The metadata as TSDL text, starting with the CTF 1.8 magic comment. */
    public String tsdl() {
        StringBuilder s = new StringBuilder("/* CTF 1.8 */\n\n");
        int a = nativeIntAlign;
        s.append("typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n");
        s.append("typealias integer { size = 16; align = ").append(Math.min(a, 16)).append("; signed = false; } := uint16_t;\n");
        s.append("typealias integer { size = 32; align = ").append(Math.min(a, 32)).append("; signed = false; } := uint32_t;\n");
        s.append("typealias integer { size = 64; align = ").append(Math.min(a, 64)).append("; signed = false; } := uint64_t;\n");
        s.append("typealias integer { size = 64; align = ").append(Math.min(a, 64)).append("; signed = false; } := unsigned long;\n");
        s.append("typealias integer { size = 5; align = 1; signed = false; } := uint5_t;\n");
        s.append("typealias integer { size = 27; align = 1; signed = false; } := uint27_t;\n\n");
        s.append("trace {\n\tmajor = 1;\n\tminor = 8;\n\tuuid = \"").append(uuid).append("\";\n\tbyte_order = ")
                .append(byteOrder == ByteOrder.BIG_ENDIAN ? "be" : "le").append(";\n");
        s.append("\tpacket.header := struct {\n\t\tuint32_t magic;\n\t\tuint8_t  uuid[16];\n\t\tuint32_t stream_id;\n"
                + "\t\tuint64_t stream_instance_id;\n\t};\n};\n\n");
        s.append("env {\n");
        for (var e : env.entrySet()) {
            s.append('\t').append(e.getKey()).append(" = ");
            if (e.getValue() instanceof String str) {
                s.append('"').append(str.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            } else {
                s.append(e.getValue());
            }
            s.append(";\n");
        }
        s.append("};\n\n");
        s.append("clock {\n\tname = \"").append(clock.name()).append("\";\n\tuuid = \"")
                .append(UUID.nameUUIDFromBytes((uuid + "clock").getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .append("\";\n\tdescription = \"Monotonic Clock\";\n\tfreq = ").append(clock.frequency())
                .append("; /* Frequency, in Hz */\n\t/* clock value offset from Epoch is: offset * (1/freq) */\n\toffset = ")
                .append(clock.offsetCycles()).append(";\n};\n\n");
        for (int[] t : new int[][] { { 27, 1 }, { 32, Math.min(a, 32) }, { 64, Math.min(a, 64) } }) {
            s.append("typealias integer {\n\tsize = ").append(t[0]).append("; align = ").append(t[1])
                    .append("; signed = false;\n\tmap = clock.").append(clock.name()).append(".value;\n} := uint")
                    .append(t[0]).append("_clock_monotonic_t;\n\n");
        }
        boolean seq = streams.stream().anyMatch(StreamClass::hasPacketSequenceNumber);
        boolean noSeq = streams.stream().anyMatch(st -> !st.hasPacketSequenceNumber());
        if (seq) {
            s.append(packetContext("packet_context", true));
        }
        if (noSeq) {
            s.append(packetContext("packet_context_noseq", false));
        }
        s.append("struct event_header_compact {\n\tenum : uint5_t { compact = 0 ... 30, extended = 31 } id;\n"
                + "\tvariant <id> {\n\t\tstruct {\n\t\t\tuint27_clock_monotonic_t timestamp;\n\t\t} compact;\n"
                + "\t\tstruct {\n\t\t\tuint32_t id;\n\t\t\tuint64_clock_monotonic_t timestamp;\n\t\t} extended;\n"
                + "\t} v;\n} align(").append(a).append(");\n\n");
        s.append("struct event_header_large {\n\tenum : uint16_t { compact = 0 ... 65534, extended = 65535 } id;\n"
                + "\tvariant <id> {\n\t\tstruct {\n\t\t\tuint32_clock_monotonic_t timestamp;\n\t\t} compact;\n"
                + "\t\tstruct {\n\t\t\tuint32_t id;\n\t\t\tuint64_clock_monotonic_t timestamp;\n\t\t} extended;\n"
                + "\t} v;\n} align(").append(a).append(");\n\n");
        for (StreamClass st : streams) {
            s.append("stream {\n\tid = ").append(st.id()).append(";\n\tevent.header := struct event_header_")
                    .append(st.header() == HeaderKind.COMPACT ? "compact" : "large").append(";\n\tpacket.context := struct ")
                    .append(st.hasPacketSequenceNumber() ? "packet_context" : "packet_context_noseq").append(";\n");
            if (!st.eventContext().isEmpty()) {
                s.append("\tevent.context := struct {\n");
                for (Field f : st.eventContext()) {
                    s.append("\t\t").append(f.type().declare(f.tsdlName())).append(";\n");
                }
                s.append("\t};\n");
            }
            s.append("};\n\n");
        }
        for (StreamClass st : streams) {
            for (EventClass e : eventsOf.get(st.id())) {
                s.append("event {\n\tname = \"").append(e.name()).append("\";\n\tid = ").append(e.id())
                        .append(";\n\tstream_id = ").append(st.id()).append(";\n\tfields := struct {\n");
                for (Field f : e.fields()) {
                    s.append("\t\t").append(f.type().declare(f.tsdlName())).append(";\n");
                }
                s.append("\t};\n};\n\n");
            }
        }
        return s.toString();
    }

    /**
     * The same metadata as CTF 2 (CTF2-SPEC-2.0) JSON text sequence, as LTTng 2.15 writes it: the same layout (the
     * data streams are the same bytes), roles instead of reserved names, field locations instead of TSDL
     * references, names without TSDL's leading underscore (what readers of the TSDL report).
     */
    public String ctf2() {
        int a = nativeIntAlign;
        String order = CtfType.byteOrder(byteOrder);
        StringBuilder s = new StringBuilder();
        s.append(RS).append("{\"type\": \"preamble\", \"version\": 2, \"uuid\": ").append(uuidJson()).append("}\n");
        s.append(RS).append("{\"type\": \"trace-class\", \"environment\": {");
        boolean first = true;
        for (var e : env.entrySet()) {
            s.append(first ? "" : ", ").append(jsonString(e.getKey())).append(": ")
                    .append(e.getValue() instanceof String str ? jsonString(str) : e.getValue().toString());
            first = false;
        }
        s.append("}, \"packet-header-field-class\": {\"type\": \"structure\", \"member-classes\": [")
                .append(member("magic", uint(32, Math.min(a, 32), order, "packet-magic-number"))).append(", ")
                .append(member("uuid", "{\"type\": \"static-length-blob\", \"length\": 16, \"roles\": [\"metadata-stream-uuid\"]}"))
                .append(", ").append(member("stream_id", uint(32, Math.min(a, 32), order, "data-stream-class-id")))
                .append(", ").append(member("stream_instance_id", uint(64, Math.min(a, 64), order, "data-stream-id")))
                .append("]}}\n");
        s.append(RS).append("{\"type\": \"clock-class\", \"id\": ").append(jsonString(clock.name())).append(", \"name\": ")
                .append(jsonString(clock.name())).append(", \"description\": \"Monotonic Clock\", \"frequency\": ")
                .append(clock.frequency()).append(", \"origin\": \"unix-epoch\", \"offset-from-origin\": {\"seconds\": ")
                .append(Long.divideUnsigned(clock.offsetCycles(), clock.frequency())).append(", \"cycles\": ")
                .append(Long.remainderUnsigned(clock.offsetCycles(), clock.frequency())).append("}}\n");
        for (StreamClass st : streams) {
            String ts = "default-clock-timestamp";
            s.append(RS).append("{\"type\": \"data-stream-class\", \"id\": ").append(st.id())
                    .append(", \"default-clock-class-id\": ").append(jsonString(clock.name()))
                    .append(", \"packet-context-field-class\": {\"type\": \"structure\", \"member-classes\": [")
                    .append(member("timestamp_begin", uint(64, Math.min(a, 64), order, ts))).append(", ")
                    .append(member("timestamp_end", uint(64, Math.min(a, 64), order, "packet-end-default-clock-timestamp")))
                    .append(", ").append(member("content_size", uint(64, Math.min(a, 64), order, "packet-content-length")))
                    .append(", ").append(member("packet_size", uint(64, Math.min(a, 64), order, "packet-total-length")));
            if (st.hasPacketSequenceNumber()) {
                s.append(", ").append(member("packet_seq_num", uint(64, Math.min(a, 64), order, "packet-sequence-number")));
            }
            s.append(", ").append(member("events_discarded", uint(64, Math.min(a, 64), order,
                    "discarded-event-record-counter-snapshot")));
            if (packetCpuId) {
                s.append(", ").append(member("cpu_id", uint(32, Math.min(a, 32), order, null)));
            }
            for (Field f : packetContextExtra) {
                s.append(", ").append(member(f.name(), f.type().json(byteOrder)));
            }
            s.append("]}");
            boolean compact = st.header() == HeaderKind.COMPACT;
            String idClass = compact ? uint(5, 1, order, "event-record-class-id") : uint(16, Math.min(a, 16), order,
                    "event-record-class-id");
            idClass = idClass.substring(0, idClass.length() - 1) + ", \"mappings\": {\"compact\": [[0, "
                    + (st.header().extendedId - 1) + "]], \"extended\": [[" + st.header().extendedId + ", "
                    + st.header().extendedId + "]]}}";
            String compactTs = compact ? uint(27, 1, order, ts) : uint(32, Math.min(a, 32), order, ts);
            s.append(", \"event-record-header-field-class\": {\"type\": \"structure\", \"minimum-alignment\": ").append(a)
                    .append(", \"member-classes\": [").append(member("id", idClass)).append(", ")
                    .append(member("v", "{\"type\": \"variant\", \"selector-field-location\": {\"origin\":"
                            + " \"event-record-header\", \"path\": [\"id\"]}, \"options\": [{\"name\": \"compact\","
                            + " \"selector-field-ranges\": [[0, " + (st.header().extendedId - 1) + "]], \"field-class\":"
                            + " {\"type\": \"structure\", \"member-classes\": [" + member("timestamp", compactTs)
                            + "]}}, {\"name\": \"extended\", \"selector-field-ranges\": [[" + st.header().extendedId + ", "
                            + st.header().extendedId + "]], \"field-class\": {\"type\": \"structure\", \"member-classes\": ["
                            + member("id", uint(32, Math.min(a, 32), order, "event-record-class-id")) + ", "
                            + member("timestamp", uint(64, Math.min(a, 64), order, ts)) + "]}}]}"))
                    .append("]}");
            if (!st.eventContext().isEmpty()) {
                s.append(", \"event-record-common-context-field-class\": ").append(structure(st.eventContext()));
            }
            s.append("}\n");
        }
        for (StreamClass st : streams) {
            for (EventClass e : eventsOf.get(st.id())) {
                s.append(RS).append("{\"type\": \"event-record-class\", \"id\": ").append(e.id())
                        .append(", \"data-stream-class-id\": ").append(st.id()).append(", \"name\": ").append(jsonString(e.name()))
                        .append(", \"payload-field-class\": ").append(structure(e.fields())).append("}\n");
            }
        }
        return s.toString();
    }

    private static final char RS = 0x1E;

    private String structure(List<Field> fields) {
        StringBuilder s = new StringBuilder("{\"type\": \"structure\", \"member-classes\": [");
        for (int i = 0; i < fields.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(member(fields.get(i).name(), fields.get(i).type().json(byteOrder)));
        }
        return s.append("]}").toString();
    }

    private static String member(String name, String fieldClass) {
        return "{\"name\": " + jsonString(name) + ", \"field-class\": " + fieldClass + "}";
    }

    private static String uint(int bits, int align, String order, String role) {
        return "{\"type\": \"fixed-length-unsigned-integer\", \"length\": " + bits + ", \"byte-order\": \"" + order
                + "\", \"alignment\": " + align + (role == null ? "" : ", \"roles\": [\"" + role + "\"]") + "}";
    }

    private String uuidJson() {
        byte[] b = uuidBytes();
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < 16; i++) {
            s.append(i == 0 ? "" : ", ").append(b[i] & 0xFF);
        }
        return s.append("]").toString();
    }

    /** A JSON string literal. */
    static String jsonString(String value) {
        StringBuilder s = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
            case '"' -> s.append("\\\"");
            case '\\' -> s.append("\\\\");
            default -> {
                if (c < 0x20) {
                    s.append(String.format("\\u%04x", (int) c));
                } else {
                    s.append(c);
                }
            }
            }
        }
        return s.append('"').toString();
    }

    private String packetContext(String name, boolean sequenceNumber) {
        StringBuilder extra = new StringBuilder();
        for (Field f : packetContextExtra) {
            extra.append('\t').append(f.type().declare(f.tsdlName())).append(";\n");
        }
        return "struct " + name + " {\n\tuint64_clock_monotonic_t timestamp_begin;\n\tuint64_clock_monotonic_t timestamp_end;\n"
                + "\tuint64_t content_size;\n\tuint64_t packet_size;\n" + (sequenceNumber ? "\tuint64_t packet_seq_num;\n" : "")
                + "\tunsigned long events_discarded;\n" + (packetCpuId ? "\tuint32_t cpu_id;\n" : "") + extra + "};\n\n";
    }
}
