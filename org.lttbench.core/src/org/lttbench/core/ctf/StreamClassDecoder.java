package org.lttbench.core.ctf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.trace.TraceFormatException;

/**
 * The compiled decoders of one stream class: packet header and context, event header, stream event context, and
 * each event class's context and payload, with the slots of the fields babeltrace2 gives a meaning to.
 */
final class StreamClassDecoder {
    static final long CTF_MAGIC = 0xC1FC1FC1L;
    /**
     * Most value slots of one event record (fixed scopes, context and payload; array elements use the arena): every
     * stream's reader holds that many, so hostile metadata must not make it large.
     */
    static final int MAX_EVENT_SLOTS = 1 << 16;

    final long id;
    final StructDecoder packetHeader;
    final StructDecoder packetContext;
    final StructDecoder eventHeader;
    final StructDecoder streamEventContext;
    final ClockConverter clock;
    /** Whether a field maps to a clock (CTF 2: the stream class has a default clock); if not, events have no time. */
    final boolean clocked;

    // Slots of meaningful top-level fields, -1 when absent.
    final int magicSlot;
    final int streamIdSlot;
    final int instanceIdSlot;
    /** The metadata stream UUID's field (CTF 1.8: a 16-byte array; CTF 2: a 16-byte BLOB), or null. */
    final FieldDecoder uuidField;
    final int beginSlot;
    final int endSlot;
    final int contentSizeSlot;
    final int packetSizeSlot;
    final int discardedSlot;
    final int sequenceSlot;
    final int cpuSlot;
    /** The event class id when the event header gives none. */
    final long defaultEventId;

    /** First slot of the event-class-specific scopes; the slot count every event class fits in. */
    final int eventBase;
    private int fixedSlots;

    private final DecoderCompiler compiler;
    private final List<CtfEventType> eventTypes = new ArrayList<>();
    private CtfEventType[] byDenseId = new CtfEventType[0];
    private final Map<Long, CtfEventType> bySparseId = new HashMap<>();

    StreamClassDecoder(Metadata metadata, Metadata.StreamDecl decl) throws TraceFormatException {
        this.id = decl.id;
        DecoderCompiler c = new DecoderCompiler(metadata, decl);
        int next = 0;
        packetHeader = c.compileScope(DecoderCompiler.PACKET_HEADER, metadata.packetHeader, next, metadata.traceOrigin);
        next += slots(packetHeader);
        packetContext = c.compileScope(DecoderCompiler.PACKET_CONTEXT, decl.packetContext, next, decl.origin);
        next += slots(packetContext);
        eventHeader = c.compileScope(DecoderCompiler.EVENT_HEADER, decl.eventHeader, next, decl.origin);
        next += slots(eventHeader);
        streamEventContext = c.compileScope(DecoderCompiler.STREAM_EVENT_CONTEXT, decl.eventContext, next, decl.origin);
        next += slots(streamEventContext);
        eventBase = next;
        fixedSlots = next;
        checkSlots(metadata, next, "the packet header and context, event header and common context");
        magicSlot = roleSlot(c, TypeDecl.Role.PACKET_MAGIC_NUMBER);
        streamIdSlot = roleSlot(c, TypeDecl.Role.DATA_STREAM_CLASS_ID);
        instanceIdSlot = roleSlot(c, TypeDecl.Role.DATA_STREAM_ID);
        uuidField = c.roleField(TypeDecl.Role.METADATA_STREAM_UUID);
        beginSlot = roleSlot(c, TypeDecl.Role.DEFAULT_CLOCK_TIMESTAMP);
        endSlot = roleSlot(c, TypeDecl.Role.PACKET_END_DEFAULT_CLOCK_TIMESTAMP);
        contentSizeSlot = roleSlot(c, TypeDecl.Role.PACKET_CONTENT_LENGTH);
        packetSizeSlot = roleSlot(c, TypeDecl.Role.PACKET_TOTAL_LENGTH);
        discardedSlot = roleSlot(c, TypeDecl.Role.DISCARDED_EVENT_RECORD_COUNTER_SNAPSHOT);
        sequenceSlot = roleSlot(c, TypeDecl.Role.PACKET_SEQUENCE_NUMBER);
        // Not a role in CTF 2 either: LTTng's name for the packet's CPU.
        cpuSlot = intSlot(packetContext, "cpu_id");
        // Without an event record class ID field, CTF 2 says the ID is 0; CTF 1.8 takes the only event class.
        defaultEventId = metadata.ctf2 ? 0 : -1;
        compiler = c;
        Metadata.Clock mapped = c.clock();
        clocked = mapped != null;
        clock = new ClockConverter(mapped == null ? new Metadata.Clock("default", 1_000_000_000L, 0, 0) : mapped);
    }

    /** Compiles an event class of this stream class (its context and payload slots follow the fixed ones). */
    void add(CtfEventType type, Metadata.EventDecl decl) throws TraceFormatException {
        type.context = compiler.compileScope(DecoderCompiler.EVENT_CONTEXT, decl.context, eventBase, decl.origin);
        int payloadBase = eventBase + slots(type.context);
        type.payload = compiler.compileScope(DecoderCompiler.EVENT_FIELDS, decl.fields, payloadBase, decl.origin);
        type.slots = payloadBase + slots(type.payload);
        checkSlots(null, type.slots, "its context and payload, with the stream class's scopes,");
        fixedSlots = Math.max(fixedSlots, payloadBase + slots(type.payload));
        type.streamClass = this;
        type.cpuField = cpuSlot >= 0 ? null : cpuField(type);
        type.cost = 0;
        for (FieldDecoder d : new FieldDecoder[] { eventHeader, streamEventContext, type.context, type.payload }) {
            type.cost = FieldDecoder.addCost(type.cost, d == null ? 0 : d.cost);
        }
        eventTypes.add(type);
        long eventId = type.id();
        if (eventId >= 0 && eventId < 1 << 16) {
            if (eventId >= byDenseId.length) {
                byDenseId = java.util.Arrays.copyOf(byDenseId, (int) Math.max(eventId + 1, byDenseId.length * 2L));
            }
            if (byDenseId[(int) eventId] != null) {
                throw new TraceFormatException(null, -1, "two event classes have id " + eventId);
            }
            byDenseId[(int) eventId] = type;
        } else if (bySparseId.put(eventId, type) != null) {
            throw new TraceFormatException(null, -1, "two event classes have id " + eventId);
        }
    }

    /** The event class with this id, or null. With no id in the header, the only event class. */
    CtfEventType eventType(long eventId) {
        if (eventId < 0) {
            return eventTypes.size() == 1 && eventId == -1 ? eventTypes.get(0) : bySparseId.get(eventId);
        }
        if (eventId < byDenseId.length) {
            return byDenseId[(int) eventId];
        }
        return bySparseId.get(eventId);
    }

    int fixedSlots() {
        return fixedSlots;
    }

    boolean hasDiscardedEvents() {
        return discardedSlot >= 0;
    }

    boolean hasPacketSequence() {
        return sequenceSlot >= 0;
    }

    private static void checkSlots(Metadata metadata, int slots, String what) throws TraceFormatException {
        if (slots > MAX_EVENT_SLOTS) {
            throw new TraceFormatException(metadata == null ? null : metadata.file, -1, what + " hold " + slots
                    + " values outside arrays, more than the " + MAX_EVENT_SLOTS + " this reader allows for one event");
        }
    }

    private static int slots(FieldDecoder d) {
        return d == null ? 0 : d.slots();
    }

    private static int roleSlot(DecoderCompiler c, TypeDecl.Role role) {
        return c.roleField(role) instanceof IntDecoder d ? d.slot : -1;
    }

    /** Byte index, in the packet, of the metadata stream UUID the packet header holds. */
    int uuidByteIndex(DecodeState s) {
        return uuidField instanceof BlobDecoder b ? b.byteIndex(s, 0) : (int) (s.values[uuidField.slot] >>> 3);
    }

    /**
     * The integer field of this event class that says its CPU, for stream classes whose packet context has no
     * {@code cpu_id}: {@code cpu_id} in a context or the payload (babeltrace 1's CTF writer, which tools' own test
     * traces use, puts it in each event's payload), else perf's {@code perf_cpu} ({@code perf data convert
     * --to-ctf} of a recording with the sample's CPU). Trace Compass's CPU aspect reads the same two places.
     */
    private static CtfFieldHandle cpuField(CtfEventType type) {
        for (String name : new String[] { "cpu_id", "perf_cpu" }) {
            if (type.contextField(name) instanceof CtfFieldHandle h && h.decoder() instanceof IntDecoder) {
                return h;
            }
            if (type.payloadField(name) instanceof CtfFieldHandle h && h.decoder() instanceof IntDecoder) {
                return h;
            }
        }
        return null;
    }

    private static int intSlot(StructDecoder scope, String name) {
        if (scope == null) {
            return -1;
        }
        int i = scope.indexOf(name);
        return i >= 0 && scope.members[i] instanceof IntDecoder d ? d.slot : -1;
    }

    /** Raw clock values to ns since the epoch, exactly as babeltrace2 computes them. */
    static final class ClockConverter {
        private final long frequency;
        private final long baseNs;

        ClockConverter(Metadata.Clock c) {
            this.frequency = c.frequency();
            this.baseNs = c.offsetSeconds() * 1_000_000_000L + cyclesToNs(c.offsetCycles());
        }

        long toNs(long raw) {
            return baseNs + cyclesToNs(raw);
        }

        private long cyclesToNs(long cycles) {
            if (frequency == 1_000_000_000L) {
                return cycles;
            }
            double unsigned = cycles >= 0 ? cycles : (double) (cycles >>> 1) * 2.0 + (cycles & 1);
            double ns = 1e9 * unsigned / frequency;
            return ns >= 0x1p63 ? (long) (ns - 0x1p63) + Long.MIN_VALUE : (long) ns;
        }
    }
}
