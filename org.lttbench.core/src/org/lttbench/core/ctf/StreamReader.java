package org.lttbench.core.ctf;

import java.io.IOException;
import java.util.List;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.FieldHandle;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Reads one stream, packet after packet and event after event, as a cursor over its records: the losses a packet
 * context reveals (babeltrace2's discarded-events and discarded-packets semantics), the packet, then its events.
 * The reader is the {@link Event} and (as a {@link PacketReader}) the packet it hands out, so reading allocates
 * nothing per event.
 */
final class StreamReader extends PacketReader implements Event {
    static final int LOSS_EVENTS = 0;
    static final int LOSS_PACKETS = 1;
    static final int PACKET = 2;
    static final int EVENT = 3;
    static final int DONE = 4;
    /** A fed stream's inactivity: no record before {@link #key} (a live session's beacon); nothing to hand out. */
    static final int QUIET = 5;

    private CtfEventType type;
    private long timestamp;
    private int sizeBytes;

    /** What the cursor holds now (one of the constants above) and its time for the merge. */
    int kind = DONE;
    long key = Long.MIN_VALUE;
    /** Where ties of {@link #key} between streams put this one ({@link RecordMerge}): lower first. */
    int tieRank;
    private long packetKey;
    /** The packet's first event is decoded (ahead of the packet record) and not yet handed out. */
    private boolean firstEventPending;
    /** Where the current event's payload starts when it was stepped over and not read yet, else -1. */
    private long payloadAt = -1;
    /** Where the current event starts in its packet (bits) and the clock before it: what {@link #restore} needs. */
    private long eventStart;
    private long eventClock;

    StreamReader(CtfStream stream, byte[] traceUuid, ReadProgress progress) {
        super(stream, traceUuid, progress);
    }

    /** Loads the first packet: the cursor then holds the first record, or {@link #DONE}. */
    void start() throws IOException {
        if (loadPacket()) {
            afterPacketLoad();
        } else {
            noPacket();
        }
    }

    /** Moves to the next record of the stream. */
    void advance() throws IOException {
        switch (kind) {
        case LOSS_EVENTS -> {
            if (packetsLoss != null) {
                kind = LOSS_PACKETS;
                key = lossKey(packetsLoss);
            } else {
                kind = PACKET;
                key = packetKey;
            }
        }
        case LOSS_PACKETS -> {
            kind = PACKET;
            key = packetKey;
        }
        case PACKET -> {
            if (firstEventPending) {
                firstEventPending = false;
                kind = EVENT;
                key = timestamp;
            } else {
                nextPacket();
            }
        }
        case EVENT -> {
            if (nextEvent()) {
                key = timestamp;
            } else {
                nextPacket();
            }
        }
        case QUIET -> nextPacket();
        default -> throw new IllegalStateException("the stream is read to its end");
        }
    }

    private void nextPacket() throws IOException {
        endPacket();
        if (loadPacket()) {
            afterPacketLoad();
        } else {
            noPacket();
        }
    }

    /** No packet came: the stream ended, or (a fed stream) it is quiet until a time. */
    private void noPacket() {
        if (quietUntil != UNKNOWN) {
            kind = QUIET;
            key = quietUntil;
            quietUntil = UNKNOWN;
        } else {
            kind = DONE;
            release();
        }
    }

    Loss loss() {
        return kind == LOSS_EVENTS ? eventsLoss : packetsLoss;
    }

    /**
     * Decodes the packet's first event ahead, so that the packet and the losses it reveals are merged no later than
     * that event: when each stream's events are in time order, so are all events, even where packets overlap.
     */
    private void afterPacketLoad() throws IOException {
        firstEventPending = nextEvent();
        long limit = firstEventPending ? timestamp : Long.MAX_VALUE;
        long begin = beginRaw != UNKNOWN ? sc.clock.toNs(beginRaw) : Long.MAX_VALUE;
        long k = Math.min(begin, limit);
        packetKey = k != Long.MAX_VALUE ? k : key;
        if (eventsLoss != null) {
            kind = LOSS_EVENTS;
            key = lossKey(eventsLoss);
        } else if (packetsLoss != null) {
            kind = LOSS_PACKETS;
            key = lossKey(packetsLoss);
        } else {
            kind = PACKET;
            key = packetKey;
        }
    }

    private long lossKey(Loss loss) {
        return loss.beginNs() != UNKNOWN ? Math.min(loss.beginNs(), packetKey) : packetKey;
    }

    /**
     * The stream's first and last record times in ns ({@code null} when it has neither event nor timed loss): its
     * events (the first event of its first packet that has events, the last event of its last such packet) and the
     * time ranges of its losses. Where every file has a usable LTTng index, the index says where the packets are,
     * which hold events and where the discarded-events counter moved; otherwise every packet header is read. Either
     * way only two packets' events are decoded. Leaves the reader released, at no record.
     */
    long[] recordSpan() throws IOException {
        long[] span = { Long.MAX_VALUE, Long.MIN_VALUE };
        List<long[]> packets = indexedPackets(span);
        long first = UNKNOWN;
        int lastFile = -1;
        long lastOffset = -1;
        try {
            if (packets == null) {
                while (loadPacket()) {
                    for (Loss loss : new Loss[] { eventsLoss, packetsLoss }) {
                        if (loss != null && loss.beginNs() != UNKNOWN && loss.endNs() >= loss.beginNs()) {
                            span[0] = Math.min(span[0], loss.beginNs());
                            span[1] = Math.max(span[1], loss.endNs());
                        }
                    }
                    if (contentBits > s.pos) {
                        if (first == UNKNOWN && nextEvent()) {
                            first = timestamp;
                        }
                        lastFile = fileIndex - 1;
                        lastOffset = packetOffset;
                    }
                }
            } else {
                for (long[] p : packets) { // {file index, offset}: the packets with more than a header
                    if (first == UNKNOWN && loadPacketAt((int) p[0], p[1]) && nextEvent()) {
                        first = timestamp;
                    }
                    lastFile = (int) p[0];
                    lastOffset = p[1];
                }
            }
            if (first != UNKNOWN) {
                span[0] = Math.min(span[0], first);
            }
            if (lastFile >= 0 && loadPacketAt(lastFile, lastOffset)) {
                while (nextEvent()) {
                    span[1] = Math.max(span[1], timestamp);
                }
            }
        } finally {
            release();
            file = null;
        }
        return span[0] > span[1] ? null : span;
    }

    /** Longs {@link #snapshot} writes per stream. */
    static final int SNAPSHOT_LONGS = 7;

    /**
     * Writes where the cursor is into {@code out} from {@code at}: its record's kind, file and packet, and for an
     * event its bits and the clock before it; for a record the packet opens with (a loss, the packet itself), the
     * previous packet's counters and end, which the packet's losses are computed from, and the clock before the
     * packet. {@link #restore} puts a reader of the same stream back there, to the record.
     */
    void snapshot(long[] out, int at) {
        out[at] = kind;
        if (kind == DONE) {
            return;
        }
        out[at + 1] = fileIndex - 1;
        out[at + 2] = packetOffset;
        if (kind == EVENT) {
            out[at + 3] = eventStart;
            out[at + 4] = eventClock;
        } else {
            out[at + 3] = prevEndRaw;
            out[at + 4] = prevDiscarded;
            out[at + 5] = prevSequence;
            out[at + 6] = packetClock;
        }
    }

    /** Puts the cursor back where {@link #snapshot} found a reader of this stream: the same record, decoded again. */
    void restore(long[] in, int at) throws IOException {
        release();
        int saved = (int) in[at];
        if (saved == DONE) {
            file = null;
            fileIndex = stream.files.size();
            kind = DONE;
            return;
        }
        int index = (int) in[at + 1];
        file = stream.files.get(index);
        fileIndex = index + 1;
        eventsLoss = null;
        packetsLoss = null;
        if (saved == EVENT) {
            readPacketHead(file, in[at + 2]);
            s.pos = in[at + 3];
            s.clock = in[at + 4];
            firstEventPending = false;
            if (!nextEvent()) {
                throw new TraceFormatException(file.path, in[at + 2], "no event where a saved position says one is");
            }
            kind = EVENT;
            key = timestamp;
            return;
        }
        prevEndRaw = in[at + 3];
        prevDiscarded = in[at + 4];
        prevSequence = in[at + 5];
        s.clock = in[at + 6];
        readPacketHead(file, in[at + 2]);
        afterPacketLoad();
        while (kind != saved && kind != PACKET) {
            advance(); // from the packet's losses to the saved one or to the packet
        }
    }

    // ---- events

    private boolean nextEvent() throws TraceFormatException {
        long start = s.pos;
        if (start >= s.endBits) {
            if (start > s.endBits) {
                throw new TraceFormatException(file.path, packetOffset + (start >>> 3),
                        "the last event of the packet runs past its content end");
            }
            return false;
        }
        eventStart = start;
        eventClock = s.clock;
        s.eventId = sc.defaultEventId;
        s.resetArena();
        CtfEventType t = null;
        long headerClock;
        try {
            if (sc.eventHeader != null) {
                sc.eventHeader.decode(s, 0);
            }
            // the event's time is the clock after its header (babeltrace2's): a clock-mapped field of its contexts
            // or payload moves the clock for the events after it
            headerClock = s.clock;
            t = sc.eventType(s.eventId);
            if (t == null) {
                throw new DecodeException("the event header gives event class id " + Long.toUnsignedString(s.eventId)
                        + ", which the metadata does not declare" + (sc.id >= 0 ? " in stream class " + sc.id : ""));
            }
            s.ensure(t.slots);
            if (sc.streamEventContext != null) {
                sc.streamEventContext.decode(s, 0);
            }
            if (t.context != null) {
                t.context.decode(s, 0);
            }
            payloadAt = -1;
            if (t.payload != null) {
                long fixed = t.payload.fixedBits;
                if (fixed >= 0) {
                    // most events' payloads are never read (a system call's arguments, to count the call): stepped
                    // over, and read when a field is asked for
                    if (t.payload.align > 1) {
                        s.align(t.payload.align);
                    }
                    payloadAt = s.pos;
                    s.pos += fixed;
                } else {
                    t.payload.decode(s, 0);
                }
            }
            s.spend(t.cost);
        } catch (DecodeException | IndexOutOfBoundsException e) {
            throw eventError(start, t, e);
        }
        if (s.pos > s.endBits) {
            throw eventError(start, t, null);
        }
        if (s.pos == start) {
            throw new TraceFormatException(file.path, packetOffset + (start >>> 3),
                    "an event of zero bits: the metadata cannot describe a real event stream");
        }
        type = t;
        if (t.cpuField != null) {
            cpu = (int) longValue(t.cpuField);
        }
        timestamp = sc.clock.toNs(headerClock);
        sizeBytes = (int) (((s.pos + 7) >>> 3) - ((start + 7) >>> 3));
        return true;
    }

    private TraceFormatException eventError(long start, CtfEventType t, Exception e) {
        String what = t == null ? "event" : "event " + t.name();
        String why = e instanceof DecodeException ? e.getMessage()
                : "it runs past the end of the packet content (" + (contentBits >>> 3) + " bytes)";
        return new TraceFormatException(file.path, packetOffset + ((start + 7) >>> 3), "cannot decode the " + what
                + " starting here: " + why);
    }

    // ---- Event

    @Override
    public EventType type() {
        return type;
    }

    CtfEventType ctfType() {
        return type;
    }

    @Override
    public long timestamp() {
        return timestamp;
    }

    @Override
    public int cpu() {
        return cpu;
    }

    @Override
    public Stream stream() {
        return stream;
    }

    @Override
    public int sizeBytes() {
        return sizeBytes;
    }

    @Override
    public long longValue(FieldHandle field) {
        return decoder(field).longValue(s, 0);
    }

    @Override
    public double doubleValue(FieldHandle field) {
        return decoder(field).doubleValue(s, 0);
    }

    @Override
    public String stringValue(FieldHandle field) {
        return decoder(field).stringValue(s, 0);
    }

    @Override
    public boolean stringEquals(FieldHandle field, String expected) {
        return decoder(field) instanceof TextDecoder text ? text.stringEquals(s, 0, expected)
                : expected.equals(stringValue(field));
    }

    private FieldDecoder decoder(FieldHandle field) {
        CtfFieldHandle h = (CtfFieldHandle) field;
        if (!h.appliesTo(type)) {
            throw new IllegalArgumentException("field " + h.name() + " does not belong to event class " + type.name());
        }
        if (h.inPayload()) {
            decodePayload();
        }
        return h.decoder();
    }

    /** Decodes the current event's payload if {@link #nextEvent()} stepped over it and it is not read yet. */
    void decodePayload() {
        if (payloadAt >= 0) {
            readPayload();
        }
    }

    /** Reads the payload stepped over by {@link #nextEvent()} (its bits are in the packet: checked then). */
    private void readPayload() {
        long at = s.pos;
        long from = payloadAt;
        s.pos = from;
        payloadAt = -1;
        try {
            type.payload.decode(s, 0);
        } catch (DecodeException | IndexOutOfBoundsException e) {
            throw new java.io.UncheckedIOException(eventError(from, type, e));
        } finally {
            s.pos = at;
        }
    }

    /** Writes the payload (an object), as the dump formats want it. */
    void writePayload(ValueWriter w) throws DecodeException {
        decodePayload();
        if (type.payload != null) {
            type.payload.write(w, s, 0);
        } else {
            w.beginStruct();
            w.endStruct();
        }
    }

    /**
     * The scopes babeltrace2 shows for the current event, in its order: packet context, stream event context, event
     * context, payload (those the metadata declares and that hold a shown field, or nothing at all).
     */
    void writeShownScopes(ValueWriter w, StringBuilder line, String separator) throws DecodeException {
        boolean after = writeShown(sc.packetContext, w, line, separator, false);
        after = writeShown(sc.streamEventContext, w, line, separator, after);
        after = writeShown(type.context, w, line, separator, after);
        decodePayload();
        writeShown(type.payload, w, line, separator, after);
    }

    /** Writes a scope if it is there and shown, after a separator when one was written before; whether any was. */
    private boolean writeShown(StructDecoder scope, ValueWriter w, StringBuilder line, String separator,
            boolean after) throws DecodeException {
        if (scope == null || !scope.shown()) {
            return after;
        }
        if (after) {
            line.append(separator);
        }
        scope.write(w, s, 0);
        return true;
    }

    /** Whether the stream's events have a time (a clock): babeltrace2 shows none otherwise. */
    boolean clocked() {
        return sc.clocked;
    }

    /** Stream event context then event context, or null when the event has neither. */
    StructDecoder[] contexts() {
        StructDecoder a = sc.streamEventContext;
        StructDecoder b = type.context;
        if (a == null && b == null) {
            return null;
        }
        return a == null ? new StructDecoder[] { b } : b == null ? new StructDecoder[] { a }
                : new StructDecoder[] { a, b };
    }
}
